/**
 * Migrations on start with many processes (docs/operations.md): two server processes started at
 * the same moment on an empty PostgreSQL database. One applies the migrations (they run in one transaction under an
 * advisory lock: src/server/db/migrate.ts); the other waits on the lock, then finds them applied. Both serve, and
 * every migration is recorded exactly once. Real processes (`npm run serve`), as production has them, each with a
 * production configuration (so neither seeds demo data). Runs on the PostgreSQL pass (TEST_DATABASE_URL), on a
 * database of its own that it creates and drops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readMigrations } from '@/server/db/migrate';
import { openDatabase } from '@/server/db/connection';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';

const onPostgres = testDatabaseKind() === 'postgres';

/** Starts `npm run serve` on `databaseUrl`; resolves with its port once it says it answers, rejects if it ends first. */
function startServer(databaseUrl: string, output: string[]): { child: ChildProcess; ready: Promise<number> } {
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SERVE_CLIENT: 'false',
      JOBS_IN_PROCESS: 'false',
      JWT_SECRET: 'a-production-secret-of-more-than-32-characters',
      SMTP_URL: 'smtp://127.0.0.1:1',
      BRAINTREE_MERCHANT_ID: 'merchant',
      BRAINTREE_PUBLIC_KEY: 'public',
      BRAINTREE_PRIVATE_KEY: 'private',
      SMS_ENABLED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output.push(String(chunk));
      const port = /running at http:\/\/localhost:(\d+)/.exec(output.join(''))?.[1];
      if (port) resolve(Number(port));
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`the server ended (${code}) before it answered:\n${output.join('')}`)));
  });
  return { child, ready };
}

(onPostgres ? describe : describe.skip)('two processes starting at once on an empty PostgreSQL database', () => {
  let db: TestDatabase;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    // A fresh, empty database of its own on the test server (dropped in afterAll).
    db = await openTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await db?.close();
  });

  it('has one apply the migrations while the other waits; both then serve', async () => {
    expect(await db.database.query("SELECT 1 FROM pg_tables WHERE tablename = 'schema_migrations'")).toEqual([]);
    const outputs: string[][] = [[], []];
    const servers = outputs.map((output) => startServer(db.url!, output));
    children.push(...servers.map((s) => s.child));
    const ports = await Promise.all(servers.map((s) => s.ready));

    for (const port of ports) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
    }
    const check = await openDatabase({ databaseUrl: db.url!, dataDir: '' });
    try {
      const applied = await check.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id');
      expect(applied.map((m) => m.id)).toEqual(readMigrations().map((m) => m.id));
      // Production seeds nothing: no demo accounts from either process.
      expect(await check.query('SELECT 1 FROM users')).toEqual([]);
    } finally {
      await check.close();
    }
  }, 240_000);
});
