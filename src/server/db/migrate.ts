/**
 * Numbered SQL migrations (db/migrations/NNNN_name.sql), applied in order, each once. All
 * pending files run in one transaction under an advisory lock, so several processes starting
 * together against one PostgreSQL apply them exactly once. Running again changes nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Database } from './connection';
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
 * The runner's statements stay SQL text (not typed queries): the migration files are raw SQL by nature,
 * and schema_migrations is the runner's own bookkeeping, created here before any migration (so before
 * the generated table types describe anything) and left out of them.
 */
async function applyMigrations(database: Database, dir: string): Promise<string[]> {
  const migrations = readMigrations(dir);
  return database.transaction(async (tx) => {
    if (database.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Set((await tx.query<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => r.id));
    const done: string[] = [];
    for (const m of migrations) {
      if (applied.has(m.id)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [m.id, m.name]);
      done.push(m.name);
    }
    return done;
  });
}
