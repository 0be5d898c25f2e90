/**
 * The shape of the house: each resource lives in one folder, src/server/<feature>/, with its routes
 * (`routes.ts`, or `<resource>-routes.ts` when a feature serves several), service modules, repository and
 * tests; src/server/routes/ keeps only the registry. Route files hold no SQL: each table is read and
 * written through the repository module of its feature, so a route file only checks who may call, calls the
 * feature and answers. Any string or template in a route file that reads as a statement fails here.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');
const SERVER = join(ROOT, 'src', 'server');
const REGISTRY = join(SERVER, 'routes');

/** Words a statement starts with, in the shape SQL writes them (upper case, followed by what follows them in a statement). */
const STATEMENT = /\b(SELECT\s+[\w*(']|INSERT\s+INTO\b|UPDATE\s+\w+(\s+\w+)?\s+SET\b|DELETE\s+FROM\b|WITH\s+\w+\s+AS\s*\()/;

/** Every file of the server (tests aside) under dir. */
function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The route files: each feature's routes.ts and <resource>-routes.ts, and the registry's folder. */
function routeFiles(): string[] {
  return serverFiles(SERVER).filter((path) => path.startsWith(REGISTRY) || /(^|[/\\-])routes\.ts$/.test(path));
}

/** The text of every string and template literal of a file (a template's parts joined), that reads as SQL. */
export function sqlIn(source: string, fileName = 'file.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ? ');
    if (text !== undefined && STATEMENT.test(text)) found.push(text.replace(/\s+/g, ' ').trim().slice(0, 80));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

test('the SQL detector finds statements in strings and templates, and not words in prose or HTTP methods', () => {
  expect(sqlIn("const a = db.query('SELECT id FROM users WHERE id = $1');")).toHaveLength(1);
  expect(sqlIn("await db.query('SELECT 1');")).toHaveLength(1);
  expect(sqlIn('const a = `UPDATE patients p SET x = ${y} WHERE id = $1`;')).toHaveLength(1);
  expect(sqlIn('const a = `INSERT INTO t (a) VALUES ($1)`; const b = "DELETE FROM t";')).toHaveLength(2);
  expect(sqlIn("const method = 'DELETE'; // Select a patient from the list\nconst label = 'Select from the list';")).toEqual([]);
});

test('src/server/routes holds only the registry: handlers live in the folder of their feature', () => {
  expect(readdirSync(REGISTRY).sort()).toEqual(['index.ts', 'registry.ts']);
});

test('route files hold no SQL', () => {
  const files = routeFiles();
  // The detector must see the features' route files, not an empty list.
  expect(files.filter((path) => /[/\\]booking[/\\]routes\.ts$/.test(path))).toHaveLength(1);
  const holding = files
    .map((path) => ({ file: relative(ROOT, path).split('\\').join('/'), sql: sqlIn(readFileSync(path, 'utf8'), path) }))
    .filter((f) => f.sql.length > 0);
  expect(holding).toEqual([]);
});

/**
 * Typed queries (src/server/db/typed.ts): rows and parameters typed from the generated tables. Calls of
 * `query<Row>` whose Row is written by hand may only go down: the ceiling is lowered as features move over,
 * and a feature that moved has none left (nor untyped `.query(` calls).
 */
// 264: the recurring series, record-access reports and the publication landed beside the first conversions, hand-typed.
// 246: support, open times and ops moved over (notifications held none).
// 244: the money ledger's append and balance, and the reconciliation.
// 193: patients, insurance and records moved over.
// 170: the rest of money (charges, refunds, repricing, paying what is due, the discrepancies) moved over.
// 153: billing (payments history, receipts, statements, Good Faith Estimates) moved over.
// 102: care (the clinician's screens, clients, availability, clinical admin, referrals, provider requests, measures, intake) moved over.
// 70: booking (the key's claim with its context, holds, the commit, series, mails) moved over.
// 143: the audit row, idempotency keys (but the claim that reads along), the account's language, the sitemaps, video visits and the plugins' reads moved over. (measured on its own branch)
// 138: reminders (the sweep, the send, their links and preferences) moved over. (measured on its own branch)
// 128: secure messages moved over (but the contacts, which read care's client links). (measured on its own branch)
// 106: the marketplace (open slots and the search summary, search, cards, filters, practices, partners) moved over. (measured on its own branch)
// 104: the seed's first steps (demo accounts, the seed's key and lock, the CLI's counts) moved over. (measured on its own branch)
// 101: the demo marketplace's reference reads (filters, carriers, plans) moved over. (measured on its own branch)
// 96: the demo patients' insurance seed (carriers, plans, copays, insurances, the card, the note) moved over. (measured on its own branch)
// 15: the above merged: care, booking, and the rest of the server but sessions, the contacts of messages, the portal sessions' seed.
// 13: the contacts of messages (care's clientLinks) and booking's reach of an appointment moved over.
// 12: the claim of a key with what the booking reads along (one prepared statement, typed).
// 11: the resume of a session (with the uses it counts and the account it reads along), one typed prepared statement.
// 2: the portal sessions' seed moved over; what stays SQL text says why (the migration runner, the slots' constraint catalogue).
// 0: the migration runner's bookkeeping (schema_migrations, now in the generated types) and the seed's constraint catalogue (a declared pg_catalog table) through Kysely.
const HAND_TYPED_QUERY_CEILING = 0;
/** Features whose statements all go through the typed queries. */
const TYPED_FEATURES = [
  'tasks',
  'limits',
  'payments',
  'front-desk',
  'sync',
  'waitlist',
  'consent',
  'support',
  'open-times',
  'ops',
  'notifications',
  'patients',
  'insurance',
  'records',
  'money',
  'billing',
  'care',
  'booking',
  'pages',
  'video',
  'plugins',
  'reminders',
  'marketplace',
  'messages',
];
/** The typed door itself and the database interface it opens. */
const QUERY_DOORS = new Set(['src/server/db/typed.ts', 'src/server/db/connection.ts']);

/** The `x.query<…>(…)` calls of a file (typed: true) and the `x.query(…)` calls without a row type. */
export function queryCalls(source: string, fileName = 'file.ts'): { typed: number; untyped: number } {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const calls = { typed: 0, untyped: 0 };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'query') {
      if (node.typeArguments?.length) calls.typed++;
      else calls.untyped++;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return calls;
}

const serverQueryCalls = () =>
  serverFiles(SERVER)
    .map((path) => ({ file: relative(ROOT, path).split('\\').join('/'), ...queryCalls(readFileSync(path, 'utf8'), path) }))
    .filter((f) => !QUERY_DOORS.has(f.file));

test('the query counter tells typed calls from untyped ones, across lines', () => {
  expect(queryCalls('await db.query<{ id: string }>(\n  "SELECT id FROM t",\n  [],\n);')).toEqual({ typed: 1, untyped: 0 });
  expect(queryCalls("await tx.query('DELETE FROM t'); await all(db, qb.selectFrom('t'));")).toEqual({ typed: 0, untyped: 1 });
});

test(`hand-typed query<Row> calls under src/server do not exceed ${HAND_TYPED_QUERY_CEILING}`, () => {
  const counted = serverQueryCalls();
  // The counter must see the server's files (the counter's own test above shows it finds typed calls).
  expect(counted.length).toBeGreaterThan(100);
  const total = counted.reduce((n, f) => n + f.typed, 0);
  expect(total).toBeLessThanOrEqual(HAND_TYPED_QUERY_CEILING);
});

test('features moved to typed queries write no statement by hand', () => {
  const inMoved = serverQueryCalls().filter((f) => TYPED_FEATURES.some((feature) => f.file.startsWith(`src/server/${feature}/`)) && f.typed + f.untyped > 0);
  expect(inMoved).toEqual([]);
});
