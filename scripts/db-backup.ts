/**
 * `npm run db:backup -- backup.tar.gz`: a consistent copy of the embedded database while the server runs. The server
 * (same configuration: PORT, DATA_DIR, JWT_SECRET) makes it and this command saves it (src/server/ops/backup.ts).
 * On PostgreSQL (DATABASE_URL) use pg_dump instead (docs/operations.md).
 */
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../src/server/config';
import { BACKUP_PATH, backupKey } from '../src/server/ops/backup';

const file = process.argv[2];
const config = loadConfig();
if (!file) {
  console.error('Usage: npm run db:backup -- <file.tar.gz>');
  process.exit(2);
}
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md); this command copies the embedded database.');
  process.exit(2);
}
const url = `http://127.0.0.1:${config.port}${BACKUP_PATH}`;
try {
  const res = await fetch(url, { headers: { authorization: `Bearer ${backupKey(config)}` }, signal: AbortSignal.timeout(600_000) });
  if (!res.ok) throw new Error(`the server answered ${res.status}: is it started with the same DATA_DIR and JWT_SECRET?`);
  const body = Buffer.from(await res.arrayBuffer());
  writeFileSync(file, body);
  console.log(`Backed up the database in ${config.dataDir} to ${file} (${(body.length / 1_048_576).toFixed(1)} MB).`);
} catch (err) {
  console.error(`No backup: ${url}: ${err instanceof Error ? err.message : String(err)} (the server must be running on this machine).`);
  process.exit(1);
}
