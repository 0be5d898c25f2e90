import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { openTestDatabase } from '../../../tests/support/database';
import { openDatabase } from './connection';
import { migrate, readMigrations } from './migrate';
import * as schema from './schema';
import { seedIfEmpty, seedSteps } from './seed';
import { demoAccounts } from './seed/demo-accounts';

describe('migrations and seed', () => {
  it('applies every migration once; running again changes nothing', async () => {
    const t = await openTestDatabase({ migrate: false });
    try {
      expect(await migrate(t.database)).toEqual(readMigrations().map((m) => m.name));
      expect(await migrate(t.database)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('declares in drizzle only columns that the migrations create', async () => {
    const t = await openTestDatabase();
    try {
      const rows = await t.database.query<{ table_name: string; column_name: string }>(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'",
      );
      const actual = new Set(rows.map((r) => `${r.table_name}.${r.column_name}`));
      const tables = Object.values(schema as Record<string, unknown>).filter((v): v is PgTable => typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v);
      for (const table of tables) {
        const config = getTableConfig(table);
        for (const column of config.columns) expect(actual).toContain(`${config.name}.${column.name}`);
      }
    } finally {
      await t.close();
    }
  });

  it('seeds demo accounts once, and never again', async () => {
    const t = await openTestDatabase();
    try {
      // A small marketplace keeps this quick; the size does not change what is checked.
      expect(await seedIfEmpty(t.database, seedSteps, 5)).toBe(true);
      expect(await seedIfEmpty(t.database, seedSteps, 5)).toBe(false);
      const rows = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(rows[0]?.n).toBe(demoAccounts.length);
    } finally {
      await t.close();
    }
  });
});

// Always PGlite, whichever database the rest of this pass uses: this is about the embedded files.
describe('the embedded database on disk', () => {
  it('keeps its data when reopened', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await migrate(first);
      await seedIfEmpty(first, seedSteps, 5);
      await first.query("UPDATE users SET first_name = 'Remembered' WHERE email = $1", [demoAccounts[0]!.email]);
      await first.close();

      const second = await openDatabase({ dataDir: dir });
      expect(await migrate(second)).toEqual([]);
      expect(await seedIfEmpty(second, seedSteps, 5)).toBe(false);
      const rows = await second.query<{ first_name: string }>('SELECT first_name FROM users WHERE email = $1', [demoAccounts[0]!.email]);
      expect(rows[0]?.first_name).toBe('Remembered');
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
