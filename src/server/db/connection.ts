/**
 * One database interface over two drivers: embedded PGlite (a folder on disk, or memory in
 * tests) and PostgreSQL. Both speak the same SQL and share one drizzle schema, so every query
 * and migration runs unchanged on either.
 */
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** Plain SQL with $1.. parameters, for migrations and the few queries drizzle cannot express. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to start other databases from (tests). */
  dumpDataDir?(): Promise<Blob>;
  /** Runs fn on one connection inside BEGIN/COMMIT; a throw rolls back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** What the job engine (src/server/jobs) needs to reach the same database: the one PGlite instance, or the server's address. */
  native: { kind: 'pglite'; client: import('@electric-sql/pglite').PGlite } | { kind: 'postgres'; connectionString: string };
  /** Connections of the pool: total, idle, and callers waiting for one (PGlite: one connection, never pooled). */
  poolStats(): { total: number; idle: number; waiting: number; max: number };
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  exec(sql: string): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** folder for PGlite; 'memory://' keeps it in memory */
  dataDir: string;
  /** PGlite only: start from a dump made by dumpDataDir (fast test setup) */
  loadDataDir?: Blob | File;
  poolSize?: number;
}

async function openPglite(options: OpenOptions): Promise<Database> {
  const [{ PGlite }, { drizzle }, ext] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    loadPgliteExtensions(),
  ]);
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : options.dataDir, {
    extensions: ext,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async query<Row>(sql: string, params: unknown[] = []) {
      const res = await client.query<Row>(sql, params);
      return res.rows;
    },
    async exec(sql: string) {
      await client.exec(sql);
    },
    async dumpDataDir() {
      return client.dumpDataDir('none');
    },
    async transaction(fn) {
      return client.transaction(async (tx) =>
        fn({
          async query<Row>(sql: string, params: unknown[] = []) {
            return (await tx.query<Row>(sql, params)).rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async close() {
      if (!client.closed) await client.close();
    },
    native: { kind: 'pglite', client },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
  };
}

async function loadPgliteExtensions() {
  const [btree, cube, earth, trgm, citext, pgcrypto] = await Promise.all([
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/citext'),
    import('@electric-sql/pglite/contrib/pgcrypto'),
  ]);
  return {
    btree_gist: btree.btree_gist,
    cube: cube.cube,
    earthdistance: earth.earthdistance,
    pg_trgm: trgm.pg_trgm,
    citext: citext.citext,
    pgcrypto: pgcrypto.pgcrypto,
  };
}

async function openPostgres(options: OpenOptions): Promise<Database> {
  const [{ default: pg }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const max = options.poolSize ?? 10;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    async query<Row>(sql: string, params: unknown[] = []) {
      const res = await pool.query(sql, params);
      return res.rows as Row[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const conn = await pool.connect();
      // A connection that dies mid-transaction (server restart, pg_terminate_backend) reports it
      // here and through the failing query; without a listener it would crash the process.
      const onError = () => undefined;
      conn.on('error', onError);
      try {
        await conn.query('BEGIN');
        const result = await fn({
          async query<Row>(sql: string, params: unknown[] = []) {
            return (await conn.query(sql, params)).rows as Row[];
          },
          async exec(sql: string) {
            await conn.query(sql);
          },
        });
        await conn.query('COMMIT');
        return result;
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        conn.off('error', onError);
        conn.release();
      }
    },
    async close() {
      await pool.end();
    },
    native: { kind: 'postgres', connectionString: options.databaseUrl! },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options) : openPglite(options);
}
