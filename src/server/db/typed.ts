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
 *
 * A query whose shape is fixed and that runs on every request is built and compiled once with `preparedQuery`
 * and only given its values per call (building and compiling the tree was a third of a booking's server CPU):
 *
 *   const taskById = preparedQuery((p: Param<{ id: string }>) => qb.selectFrom('tasks').selectAll().where('id', '=', p('id')));
 *   const task = await first(db, taskById({ id }), { prepared: true });
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
  type OperationNode,
  ValueNode,
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

/** When the appointment named `alias` in the statement starts: the lower bound of its `during`, an instant. */
export const appointmentStart = (alias = 'a') => sql<Date>`lower(${sql.ref(`${alias}.during`)})`;

/** When the appointment named `alias` in the statement ends: the upper bound of its `during`, an instant. */
export const appointmentEnd = (alias = 'a') => sql<Date>`upper(${sql.ref(`${alias}.during`)})`;

/** An appointment's times in a select list, as every reader of appointments names them: `start_at`, `end_at`. */
export const appointmentTimes = (alias = 'a') => [appointmentStart(alias).as('start_at'), appointmentEnd(alias).as('end_at')] as const;

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

/** A named parameter of a prepared query: in the builder, an expression of the parameter's type. */
export type Param<P> = <K extends keyof P & string>(name: K) => Expression<P[K]>;

/**
 * Stands for a parameter in the query tree: a value node whose value is a token, found again by identity in
 * the compiled parameters (Kysely compiles each value node to one `$n`, whatever its value).
 */
class ParamExpression<T> implements Expression<T> {
  readonly #node: ValueNode;
  constructor(token: object) {
    this.#node = ValueNode.create(token);
  }
  // Only carries the type for the builder; there is no value until a call binds one.
  get expressionType(): T | undefined {
    return undefined;
  }
  toOperationNode(): OperationNode {
    return this.#node;
  }
}

/**
 * A query of fixed shape, built and compiled once (on its first call), bound to its parameters' values on each
 * call: `build` receives `p`, and `p('name')` stands wherever the query takes that value (in `where`, `values`,
 * `set`, the `sql` template...). The answer is what `all`/`first`/`run` take, with the text, parameters and row
 * type a per-call build with the same values would give. The parameters are opaque to `build`: it cannot branch
 * on them (a query whose shape depends on a value is built per call, or is one prepared query per shape). An
 * array parameter is one value (`= any(${p('ids')})`, `unnest(${p('ids')}::text[])`), not a list (`in`).
 */
export function preparedQuery<P, Q extends Compilable<unknown>>(build: (p: Param<P>) => Q): (params: P) => Compilable<RowOf<Q>> {
  let template: { compiled: CompiledQuery; holes: [number, keyof P][] } | undefined;
  const compileOnce = () => {
    const tokens = new Map<object, keyof P>();
    const compiled = build(<K extends keyof P & string>(name: K) => {
      const token = {};
      tokens.set(token, name);
      return new ParamExpression<P[K]>(token);
    }).compile();
    const holes: [number, keyof P][] = [];
    const placed = new Set<object>();
    compiled.parameters.forEach((value, index) => {
      if (typeof value !== 'object' || value === null) return;
      const name = tokens.get(value);
      if (name === undefined) return;
      holes.push([index, name]);
      placed.add(value);
    });
    // A parameter that compiled to no $n (a part Kysely does not compile as a value) would silently be left out.
    const lost = [...tokens].filter(([token]) => !placed.has(token)).map(([, name]) => String(name));
    if (lost.length) throw new Error(`preparedQuery: parameter(s) ${lost.join(', ')} did not compile to a $n`);
    return { compiled, holes };
  };
  return (params: P) => ({
    compile(): CompiledQuery<RowOf<Q>> {
      template ??= compileOnce();
      const { compiled, holes } = template;
      const parameters = [...compiled.parameters];
      for (const [index, name] of holes) parameters[index] = params[name];
      return { query: compiled.query, queryId: compiled.queryId, sql: compiled.sql, parameters };
    },
  });
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
