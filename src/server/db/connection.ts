/**
 * One database interface over two drivers: embedded PGlite (a folder on disk, or memory in
 * tests) and PostgreSQL. Both speak the same SQL, so every query and migration runs unchanged on
 * either. Queries are plain SQL with $1.. parameters and a row type (`query<Row>`), written in the
 * repository of their area (src/server/<area>/repository.ts); the migrations are the schema.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * A statement of a hot path, prepared once per connection: on PostgreSQL a named prepared statement,
 * parsed and planned once on each pooled connection and then only executed (parsing and planning
 * were half of the database's work for the short statements of a booking); on PGlite plain text.
 * Only for static text (its name is its text's hash): a statement built from varying parts stays a
 * plain string.
 */
export interface Prepared {
  readonly name: string;
  readonly text: string;
}

const preparedByText = new Map<string, Prepared>();

/** The prepared statement of this text (one per text in the process). */
export function prepared(text: string): Prepared {
  let statement = preparedByText.get(text);
  if (!statement) {
    statement = { name: `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text };
    preparedByText.set(text, statement);
  }
  return statement;
}

/** Plain SQL text, or a hot path's prepared statement. */
export type Statement = string | Prepared;

const textOf = (sql: Statement) => (typeof sql === 'string' ? sql : sql.text);

export interface Database {
  kind: DatabaseKind;
  /** Plain SQL with $1.. parameters (or a prepared statement); Row names the columns the statement answers. */
  query<Row = Record<string, unknown>>(sql: Statement, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (gzipped if asked), to start other databases from (tests, backups). */
  dumpDataDir?(compression?: 'none' | 'gzip'): Promise<Blob>;
  /** Runs fn on one connection inside BEGIN/COMMIT; a throw rolls back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** LISTENs on a channel (NOTIFY reaches listeners when the notifying transaction commits); resolves to the way to stop. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** What the job engine (src/server/jobs) needs to reach the same database: the one PGlite instance, or the server's address. */
  native: { kind: 'pglite'; client: import('@electric-sql/pglite').PGlite } | { kind: 'postgres'; connectionString: string };
  /** Connections of the pool: total, idle, and callers waiting for one (PGlite: one connection, never pooled). */
  poolStats(): { total: number; idle: number; waiting: number; max: number };
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: Statement, params?: unknown[]): Promise<Row[]>;
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

/** PGlite's shared buffers (PostgreSQL's default is 128 MB). */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(options: OpenOptions): Promise<Database> {
  const [{ PGlite }, ext] = await Promise.all([import('@electric-sql/pglite'), loadPgliteExtensions()]);
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : options.dataDir, {
    extensions: ext,
    // PGlite's memory is one WebAssembly memory that grows and never shrinks: PostgreSQL's default
    // 128 MB of shared buffers, once touched (the search index and the seed read every provider and
    // slot), stayed for the life of the process. The data files are read through the operating
    // system's page cache anyway; small buffers keep the process small.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return {
    kind: 'pglite',
    async query<Row>(sql: Statement, params: unknown[] = []) {
      const res = await client.query<Row>(textOf(sql), params);
      return res.rows;
    },
    async exec(sql: string) {
      await client.exec(sql);
    },
    async dumpDataDir(compression = 'none') {
      return client.dumpDataDir(compression);
    },
    async transaction(fn) {
      return client.transaction(async (tx) =>
        fn({
          async query<Row>(sql: Statement, params: unknown[] = []) {
            return (await tx.query<Row>(textOf(sql), params)).rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async listen(channel, onNotify) {
      const stop = await client.listen(channel, () => onNotify());
      return async () => {
        if (!client.closed) await stop();
      };
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
  const { default: pg } = await import('pg');
  const max = options.poolSize ?? 10;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    async query<Row>(sql: Statement, params: unknown[] = []) {
      // Not pool.query: it closes the connection whenever a statement fails, and a refusal the
      // database answers (a taken time's 23P01, a unique key) is part of normal work here - a contested
      // hold would cost a new connection and its prepared statements. A connection the database
      // answered on is still good; one that broke is dropped by the pool all the same.
      const conn = await pool.connect();
      try {
        const res = await conn.query(typeof sql === 'string' ? sql : { name: sql.name, text: sql.text }, params);
        conn.release();
        return res.rows as Row[];
      } catch (err) {
        conn.release(err instanceof pg.DatabaseError ? undefined : (err as Error));
        throw err;
      }
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
          async query<Row>(sql: Statement, params: unknown[] = []) {
            return (await conn.query(typeof sql === 'string' ? sql : { name: sql.name, text: sql.text }, params)).rows as Row[];
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
    async listen(channel, onNotify) {
      // A connection of its own, outside the pool: LISTEN holds it for as long as it listens.
      const conn = new pg.Client({ connectionString: options.databaseUrl });
      conn.on('error', () => undefined);
      conn.on('notification', (n) => {
        if (n.channel === channel) onNotify();
      });
      await conn.connect();
      await conn.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await conn.end().catch(() => undefined);
      };
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
