/**
 * A fresh database for one test file: embedded PGlite in memory by default, or a throw-away
 * PostgreSQL database when TEST_DB=postgres (npm test sets it for the second pass, with
 * TEST_DATABASE_URL). Both run the same migrations and the same queries.
 *
 * Migrating (and seeding the demo marketplace) takes seconds; doing it once per test file would
 * dominate the run. So the first file to need a migrated (or seeded) database builds a template
 * once: a PGlite data-directory dump in .tmp/, or a PostgreSQL template database. Every other
 * file clones it. Templates are named by a hash of the migrations, the seed code and the
 * generated data the seed reads, so a change to any of them builds a new one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SelectQueryBuilder } from 'kysely';
import { openDatabase, type Database, type Queryable } from '@/server/db/connection';
import { first, sql, type DB } from '@/server/db/typed';
import { migrate, migrationsDir } from '@/server/db/migrate';
import { seedIfEmpty, seedSteps } from '@/server/db/seed';
import { seedPortalSessions } from '@/server/db/seed/portal-sessions';

export interface TestDatabase {
  database: Database;
  /** connection string when on PostgreSQL (for a second process, or pg_terminate_backend tests) */
  url?: string;
  close(): Promise<void>;
}

/** empty: nothing at all; migrated: every migration applied; seeded: migrated plus the demo data of first start */
export type DatabaseState = 'empty' | 'migrated' | 'seeded';

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

const root = process.cwd();
const cacheDir = resolve(root, '.tmp', 'db-templates');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

/** Changes whenever what a template holds could change. */
export function templateHash(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder(migrationsDir),
    ...filesUnder(resolve(root, 'src/server/db/seed')),
    // which seed steps a template runs is decided here
    resolve(root, 'tests/support/database.ts'),
    resolve(root, 'src/generated/constants.ts'),
    resolve(root, 'src/generated/enums.ts'),
    // the job engine's tables are pg-boss's own migrations (src/server/jobs/engine.ts)
    resolve(root, 'node_modules/pg-boss/package.json'),
  ];
  for (const file of inputs) hash.update(file).update(readFileSync(file));
  // A seeded template holds slots and a search summary as of when it was seeded: one from an hour
  // before would have every app refresh its summary in the background (an hour old is stale), and
  // one from days before would hold slots in the past. The hour is the run's (jest.config.cjs), so
  // every worker of a run agrees on it.
  hash.update((process.env.TEST_RUN_STARTED ?? new Date().toISOString()).slice(0, 13));
  return hash.digest('hex').slice(0, 12);
}

async function prepare(database: Database, state: DatabaseState): Promise<void> {
  if (state === 'empty') return;
  await migrate(database);
  // The portal's demo sessions depend on the day they are seeded and would change what the demo accounts have
  // booked and paid: integration tests book their own; the app and the browser tests get them.
  if (state === 'seeded')
    await seedIfEmpty(
      database,
      seedSteps.filter((step) => step !== seedPortalSessions),
    );
}

/** One builder at a time across jest workers: a directory is created atomically or not at all. */
async function withFileLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  mkdirSync(cacheDir, { recursive: true });
  const lock = join(cacheDir, `${name}.lock`);
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than five minutes belongs to a run that was killed.
      if (Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > 300_000) throw new Error(`Timed out waiting for ${lock}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The PGlite data directory of a migrated (or seeded) database, built once per run: for `loadDataDir`. */
export async function pgliteTemplate(state: Exclude<DatabaseState, 'empty'>): Promise<Blob> {
  const file = join(cacheDir, `pglite-${state}-${templateHash()}.tar`);
  if (!existsSync(file)) {
    await withFileLock(`pglite-${state}`, async () => {
      if (existsSync(file)) return;
      const database = await openDatabase({ dataDir: 'memory://' });
      try {
        await prepare(database, state);
        const dump = await database.dumpDataDir!();
        const partial = `${file}.${process.pid}`;
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file);
        // Templates of earlier runs (another hour, another schema) are of no further use.
        for (const old of readdirSync(cacheDir)) {
          if (old.startsWith(`pglite-${state}-`) && old.endsWith('.tar') && join(cacheDir, old) !== file) rmSync(join(cacheDir, old), { force: true });
        }
      } finally {
        await database.close();
      }
    });
  }
  return new Blob([readFileSync(file)]);
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test');
  return url;
}

function urlFor(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function postgresTemplate(state: Exclude<DatabaseState, 'empty'>): Promise<string> {
  const name = `tmpl_${state}_${templateHash()}`;
  const exists = async () => (await adminQuery('SELECT 1 FROM pg_database WHERE datname = $1', [name])).length > 0;
  if (await exists()) return name;
  await withFileLock(`postgres-${state}`, async () => {
    if (await exists()) return;
    const building = `${name}_building`;
    await adminQuery(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${building}`);
    const database = await openDatabase({ databaseUrl: urlFor(building), dataDir: '' });
    try {
      await prepare(database, state);
    } finally {
      await database.close();
    }
    await adminQuery(`ALTER DATABASE ${building} RENAME TO ${name}`);
    // Templates of earlier versions of the schema are of no further use, but another run on this
    // server (another checkout, or a run started in another hour) may be cloning one right now: only
    // templates made more than six hours ago are dropped.
    const stale = await adminQuery<{ datname: string }>(
      `SELECT datname FROM pg_database
        WHERE datname LIKE $1 AND datname <> $2
          AND (pg_stat_file('base/' || oid || '/PG_VERSION')).modification < now() - interval '6 hours'`,
      [`tmpl_${state}_%`, name],
    ).catch(() => []);
    for (const s of stale) await adminQuery(`DROP DATABASE IF EXISTS ${s.datname} WITH (FORCE)`).catch(() => undefined);
  });
  return name;
}

async function createPostgresDatabase(state: DatabaseState): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = state === 'empty' ? undefined : await postgresTemplate(state);
  await adminQuery(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return {
    url: urlFor(name),
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function openTestDatabase(options: { state?: DatabaseState; migrate?: boolean } = {}): Promise<TestDatabase> {
  const state: DatabaseState = options.state ?? (options.migrate === false ? 'empty' : 'migrated');
  if (testDatabaseKind() === 'postgres') {
    const { url, drop } = await createPostgresDatabase(state);
    const database = await openDatabase({ databaseUrl: url, dataDir: '' });
    return {
      database,
      url,
      async close() {
        await database.close();
        await drop();
      },
    };
  }
  const database =
    state === 'empty' ? await openDatabase({ dataDir: 'memory://' }) : await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteTemplate(state) });
  return { database, close: () => database.close() };
}

/** How many rows a typed select (its tables and conditions, nothing selected yet) finds. */
export async function countRows<TB extends keyof DB>(db: Queryable, rows: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const counted = await first(db, rows.select(sql<number>`count(*)::int`.as('n')));
  return counted!.n;
}
