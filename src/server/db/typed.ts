/**
 * Typed queries: Kysely builds the statement from the generated table types (src/generated/database.ts,
 * written by `npm run generate` from the migrations), and our own Database/Queryable runs it. Kysely never
 * opens a connection: `qb` compiles a query to text and parameters, and `all`/`first`/`run` send that through
 * the caller's database or transaction, so a typed query costs the same single round trip as hand-written
 * SQL, on both drivers, inside the same transactions. A renamed column fails tsc where it is used.
 *
 *   const tasks = await all(db, qb.selectFrom('tasks').select(['id', 'status']).where('user_id', '=', userId));
 *
 * PostgreSQL that the builder does not express (ranges, `FOR UPDATE SKIP LOCKED`, casts) goes in with
 * Kysely's `sql` template (re-exported here; ``sql<number>`count(*)::int` ``), still one statement; a hot path passes `{ prepared: true }` to
 * run as a named prepared statement (its text is the same on every call of the same query shape).
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type Compilable,
  type DatabaseConnection,
  type Expression,
  type Driver,
  type QueryResult,
  type Selectable,
} from 'kysely';
import type { DB } from '@/generated/database';
import { prepared, type Queryable } from './connection';

export { sql };
export type { DB };
/** A table's row as a select answers it. */
export type TableRow<T extends keyof DB> = Selectable<DB[T]>;

/** The query builder: compiles only (its driver never connects). */
export const qb = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** A date (or the date of a time) as YYYY-MM-DD, read in SQL: what the API answers for dates of birth. */
export const isoDay = (date: Expression<Date | null>) => sql<string | null>`to_char(${date}, 'YYYY-MM-DD')`;

/** The database's `now()` (a column stamped by the database's clock, where the code did so before). */
export const dbNow = sql<Date>`now()`;

/** The row a query answers. */
export type RowOf<Q> = Q extends Compilable<infer R> ? R : never;

interface RunOptions {
  /** Run as a named prepared statement (hot paths; the query's shape must not vary between calls). */
  prepared?: boolean;
}

/** Every row the query answers, typed from the generated tables. */
export async function all<Q extends Compilable<unknown>>(db: Queryable, query: Q, options: RunOptions = {}): Promise<RowOf<Q>[]> {
  const compiled = query.compile();
  return db.query<RowOf<Q>>(options.prepared ? prepared(compiled.sql) : compiled.sql, [...compiled.parameters]);
}

/** The first row the query answers (or undefined). */
export async function first<Q extends Compilable<unknown>>(db: Queryable, query: Q, options: RunOptions = {}): Promise<RowOf<Q> | undefined> {
  return (await all(db, query, options))[0];
}

/** Runs a statement whose rows nobody reads (an update, a delete). */
export async function run(db: Queryable, query: Compilable<unknown>, options: RunOptions = {}): Promise<void> {
  await all(db, query, options);
}

/**
 * A Kysely driver over one of our Queryables: for tools that need a connected Kysely (the type generator's
 * introspection). The app itself runs queries through `all`/`first`/`run`, never through this.
 */
export function queryableDriver(db: Queryable): Driver {
  const connection: DatabaseConnection = {
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      return { rows: await db.query<R>(compiled.sql, [...compiled.parameters]) };
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('streaming is not supported over a Queryable');
    },
  };
  return {
    async init() {},
    async acquireConnection() {
      return connection;
    },
    async beginTransaction() {
      throw new Error('transactions go through Database.transaction');
    },
    async commitTransaction() {},
    async rollbackTransaction() {},
    async releaseConnection() {},
    async destroy() {},
  };
}

/** A connected Kysely over a Queryable (tools only, see queryableDriver). */
export function connectedKysely(db: Queryable): Kysely<DB> {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => queryableDriver(db),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}
