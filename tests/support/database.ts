/**
 * A fresh, migrated database for one test file: embedded PGlite in memory by default, or a
 * throw-away PostgreSQL database when TEST_DB=postgres (npm test sets it for the second pass,
 * with TEST_DATABASE_URL). Both run the same migrations and the same queries.
 */
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../../src/server/db/connection';
import { migrate } from '../../src/server/db/migrate';

export interface TestDatabase {
  database: Database;
  /** connection string when on PostgreSQL (for a second process, or pg_terminate_backend tests) */
  url?: string;
  close(): Promise<void>;
}

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test');
  return url;
}

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl() });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  if (testDatabaseKind() === 'postgres') {
    const { url, drop } = await createPostgresDatabase();
    const database = await openDatabase({ databaseUrl: url, dataDir: '' });
    if (options.migrate ?? true) await migrate(database);
    return {
      database,
      url,
      async close() {
        await database.close();
        await drop();
      },
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  if (options.migrate ?? true) await migrate(database);
  return { database, close: () => database.close() };
}
