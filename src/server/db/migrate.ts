/**
 * Numbered SQL migrations (db/migrations/NNNN_name.sql), applied in order, each once. All
 * pending files run in one transaction under an advisory lock, so several processes starting
 * together against one PostgreSQL apply them exactly once. Running again changes nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Database } from './connection';
import { all, qb, run, sql } from './typed';
import { installJobSchema } from '../jobs/engine';

export const migrationsDir = resolve(process.env.PROJECT_ROOT ?? process.cwd(), 'src/server/db/migrations');

const MIGRATION_LOCK = 7_272_601;

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  const files = readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  const migrations = files.map((file) => ({ id: Number(file.slice(0, 4)), name: file.replace(/\.sql$/, ''), sql: readFileSync(join(dir, file), 'utf8') }));
  // Engineers working in parallel are each given their own numbers, so a branch may have gaps; a
  // number used twice would make one of the two look applied when it is not.
  migrations.forEach((m, i) => {
    const before = migrations[i - 1];
    if (m.id < 1 || (before && m.id <= before.id))
      throw new Error(`Migrations must have distinct numbers from 0001 upwards; ${m.name} repeats or goes below ${before?.name ?? '0001'}.`);
  });
  return migrations;
}

/** Applies pending migrations, then installs or upgrades the job engine's tables (pg-boss's own migrations); returns the names applied. */
export async function migrate(database: Database, dir = migrationsDir): Promise<string[]> {
  const done = await applyMigrations(database, dir);
  await installJobSchema(database);
  return done;
}

/**
 * The runner's bookkeeping, created before any migration. The generated table types are made by this
 * runner (generators/codegen/emit/database.ts), so they describe schema_migrations too and its reads are
 * typed queries; the migration files themselves are SQL text by nature.
 */
export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  id integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/** Applies the pending migrations of `dir` (without the job engine's), in one transaction; returns the names applied. */
export async function applyMigrations(database: Database, dir: string): Promise<string[]> {
  const migrations = readMigrations(dir);
  return database.transaction(async (tx) => {
    if (database.kind === 'postgres') await run(tx, qb.selectNoFrom(sql`pg_advisory_xact_lock(${MIGRATION_LOCK})`.as('locked')));
    await tx.exec(MIGRATIONS_TABLE);
    const applied = new Set((await all(tx, qb.selectFrom('schema_migrations').select('id'))).map((r) => r.id));
    const done: string[] = [];
    for (const m of migrations) {
      if (applied.has(m.id)) continue;
      await tx.exec(m.sql);
      await run(tx, qb.insertInto('schema_migrations').values({ id: m.id, name: m.name }));
      done.push(m.name);
    }
    return done;
  });
}
