/**
 * Backup and restore of the embedded database (docs/operations.md): the running server hands a
 * consistent copy to a caller on its own machine holding the backup key (`npm run db:backup`), refuses everyone else
 * with 404, and `npm run db:restore` puts the copy into an empty data directory (or moves the old one aside).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { openDatabase } from '@/server/db/connection';
import { BACKUP_PATH, backupKey, restoreBackup } from '@/server/ops/backup';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { testConfig } from '../support/app';

const onPglite = testDatabaseKind() === 'pglite';

(onPglite ? describe : describe.skip)('backing up the embedded database while the server runs', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let folder: string;
  const config = testConfig();
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'backup-'));
    db = await openTestDatabase({ state: 'migrated' });
    app = await buildApp({ config, database: db.database, serveClient: false, seed: false, logger: false, jobWorkers: false });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const backup = (remoteAddress: string, key?: string) =>
    app.inject({ method: 'GET', url: BACKUP_PATH, remoteAddress, headers: key ? { authorization: `Bearer ${key}` } : {} });

  it('answers 404 without the key, with a wrong key, or from another machine', async () => {
    expect((await backup('127.0.0.1')).statusCode).toBe(404);
    expect((await backup('127.0.0.1', 'not-the-key')).statusCode).toBe(404);
    expect((await backup('203.0.113.9', backupKey(config))).statusCode).toBe(404);
  });

  it('copies what was committed, and the copy restores into an empty folder and then beside an existing one', async () => {
    await db.database.query("INSERT INTO users (email, first_name, last_name, user_type) VALUES ('kept@example.com', 'Kept', 'Row', 'patient')");
    const res = await backup('127.0.0.1', backupKey(config));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    const file = join(folder, 'backup.tar.gz');
    writeFileSync(file, res.rawPayload);

    const dataDir = join(folder, 'data');
    expect(await restoreBackup(file, dataDir)).toEqual({});
    const readBack = async () => {
      const restored = await openDatabase({ dataDir });
      try {
        return await restored.query<{ email: string }>("SELECT email FROM users WHERE email = 'kept@example.com'");
      } finally {
        await restored.close();
      }
    };
    expect(await readBack()).toEqual([{ email: 'kept@example.com' }]);

    // A folder that holds a database is left alone, unless told to replace it: then it is moved aside, not deleted.
    await expect(restoreBackup(file, dataDir)).rejects.toThrow(/already holds a database: stop the server and add --replace/);
    const { movedAside } = await restoreBackup(file, dataDir, { replace: true, now: new Date('2026-11-29T03:00:00Z') });
    expect(movedAside).toBe(`${dataDir}.before-restore-2026-11-29T03-00-00-000Z`);
    expect(existsSync(movedAside!) && readdirSync(movedAside!).length).toBeGreaterThan(0);
    expect(await readBack()).toEqual([{ email: 'kept@example.com' }]);
  }, 120_000);
});
