/**
 * `npm run db:restore -- backup.tar.gz [--replace]`: puts a copy made by `npm run db:backup` into DATA_DIR, with the
 * server stopped. A DATA_DIR that already holds a database is moved aside (--replace) or left alone (src/server/ops/backup.ts).
 */
import { loadConfig } from '../src/server/config';
import { restoreBackup } from '../src/server/ops/backup';

const [file, ...flags] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npm run db:restore -- <file.tar.gz> [--replace]   (with the server stopped)');
  process.exit(2);
}
const config = loadConfig();
try {
  const { movedAside } = await restoreBackup(file, config.dataDir, { replace: flags.includes('--replace') });
  console.log(`Restored ${file} into ${config.dataDir}${movedAside ? `; the database that was there is in ${movedAside}` : ''}. Start the server.`);
} catch (err) {
  console.error(`Not restored: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
