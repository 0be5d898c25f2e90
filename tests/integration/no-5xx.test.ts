/**
 * No 5xx from input, as a property: for every endpoint of the generated API table
 * (the schemas the OpenAPI document shows), requests derived from its schemas, sent by every role
 * (signed out and each demo account), never get a 5xx; a refused request (4xx) answers with a
 * catalogue error and changes no data. Audit rows, sign-in attempt counts, the wrong-guess counters
 * of codes and links and the session's last request are the only writes a refusal may make: they
 * record the refusal.
 */
import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { endpoints, type EndpointId } from '@/generated/api';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { startTestApp, type TestApp } from '../support/app';
import { callerFor } from '../support/sessions';
import { requestFor, type KnownIds } from '../support/request-arbitraries';
import { countSetting } from '../support/settings';

/**
 * 200 random requests an endpoint. `npm test` runs this file on PGlite and again on PostgreSQL when
 * TEST_DATABASE_URL is set; then the PGlite pass takes half (NO_5XX_CASES=100, scripts/test.ts): the
 * property is the same on both, the 200 run on PostgreSQL, and the whole file took 3.7 minutes on PGlite.
 */
const CASES_PER_ENDPOINT = countSetting('NO_5XX_CASES', 200);

/**
 * A GET or DELETE with no path parameter and no query has nothing to generate but the caller and an
 * unknown query (requestFor): a few cases per role cover that, where 200 would only repeat them (and a
 * published file of every open time, answered 200 times, took a minute on PGlite).
 */
function casesFor(endpoint: (typeof endpoints)[EndpointId]): number {
  const takesInput =
    (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') ||
    /\{[^}]+\}/.test(endpoint.path) ||
    Object.keys(((endpoint as { query?: { properties?: object } }).query?.properties ?? {}) as object).length > 0;
  return takesInput ? CASES_PER_ENDPOINT : Math.min(CASES_PER_ENDPOINT, 4 * roles.length);
}
/** A request that hangs is as bad as a 500 (and would stall the run). */
const ANSWER_WITHIN_MS = 15_000;
const RECORDS_REFUSALS = ['audit_log', 'rate_counters', 'insurance_inquiry_audits', 'sign_in_codes', 'login_tokens', 'auth_sessions'];

let t: TestApp;
let ids: KnownIds;
let roles: { name: string; headers: Record<string, string> }[];

/** A generated sign-out ends that role's session: sign the role in again for the next cases. */
async function renewAfterSignOut(role: number): Promise<void> {
  const name = roles[role]!.name;
  if (name.includes('@')) roles[role]!.headers = (await callerFor(t.app, name)).headers;
}
const timings: Record<string, number> = {};
let started = 0;

async function writes(): Promise<number> {
  const [row] = await t.app.database.query<{ n: number }>('SELECT n::int AS n FROM test_write_counter');
  return row!.n;
}

beforeAll(async () => {
  started = Date.now();
  t = await startTestApp({ seed: true });
  const db = t.app.database;
  // Every row written, changed or deleted outside the refusal records bumps one counter, in the
  // same transaction (so a write that is rolled back does not count).
  const tables = (await db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'"))
    .map((r) => r.name)
    .filter((n) => !RECORDS_REFUSALS.includes(n));
  await db.query('CREATE TABLE test_write_counter (n bigint NOT NULL)');
  await db.query('INSERT INTO test_write_counter VALUES (0)');
  await db.query(
    'CREATE FUNCTION test_count_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE test_write_counter SET n = n + 1; RETURN NULL; END $$',
  );
  for (const table of tables)
    await db.query(`CREATE TRIGGER test_count_write AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION test_count_write()`);
  // The counter sees a write (so "no change" below can fail).
  const counted = await writes();
  await db.query('UPDATE practices SET name = name WHERE id = (SELECT id FROM practices ORDER BY id LIMIT 1)');
  if ((await writes()) !== counted + 1) throw new Error('the write counter did not count a write');

  const some = async (sql: string) => (await db.query<{ v: string }>(sql)).map((r) => r.v);
  ids = {
    uuids: [
      ...(await some('SELECT id::text AS v FROM users ORDER BY created_at LIMIT 6')),
      ...(await some('SELECT id::text AS v FROM patients LIMIT 6')),
      ...(await some('SELECT id::text AS v FROM providers LIMIT 3')),
      ...(await some('SELECT id::text AS v FROM practices LIMIT 2')),
      ...(await some('SELECT id::text AS v FROM business_partners LIMIT 2')),
      ...(await some('SELECT id::text AS v FROM slots WHERE lower(during) > now() LIMIT 3')),
      ...(await some('SELECT id::text AS v FROM appointments LIMIT 3')),
      ...(await some('SELECT id::text AS v FROM patient_insurances LIMIT 2')),
    ],
    codes: [
      ...(await some('SELECT partnership_code::text AS v FROM business_partners LIMIT 2')),
      ...(await some('SELECT slug AS v FROM providers LIMIT 2')),
      ...(await some('SELECT code AS v FROM insurance_carriers LIMIT 2')),
      'CA',
      'NY',
      '10001',
    ],
  };
  roles = [
    { name: 'signed out', headers: {} },
    { name: 'forged token', headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x' } },
  ];
  for (const account of demoAccounts) roles.push({ name: account.email, headers: (await callerFor(t.app, account.email)).headers });
}, 120_000);

afterAll(async () => {
  await t?.close();
  const total = Object.values(timings).reduce((a, b) => a + b, 0);
  const slowest = Object.entries(timings)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([id, ms]) => `${id} ${ms} ms`)
    .join(', ');
  console.log(
    `no-5xx: ${Object.keys(timings).length} endpoints × up to ${CASES_PER_ENDPOINT} cases in ${total} ms (whole file ${Date.now() - started} ms); slowest: ${slowest}`,
  );
});

/**
 * Shapes no generator draws: bodies nested thousands deep overflowed the stack of every recursive
 * walk (the plain-input check, ajv) and answered 500 on 29 routes. Every endpoint that
 * takes a body, from every role, gets them; each is refused with a catalogue 4xx and writes nothing.
 */
const NESTED_BODIES = {
  '5,000 nested arrays': '['.repeat(5000) + ']'.repeat(5000),
  '2,000 nested objects': '{"a":'.repeat(2000) + '1' + '}'.repeat(2000),
};

describe('no 5xx from deeply nested bodies', () => {
  const takingBodies = (Object.keys(endpoints) as EndpointId[]).filter((id) => endpoints[id].method !== 'GET');
  it.each(takingBodies)(
    '%s',
    async (id) => {
      const endpoint = endpoints[id];
      // Path parameters take a known id, so the request reaches the route and its body parser.
      const url = '/api' + endpoint.path.replace(/\{[^}]+\}/g, ids.uuids[0]!);
      for (const role of roles) {
        for (const [shape, payload] of Object.entries(NESTED_BODIES)) {
          const before = await writes();
          const res = await t.app.inject({
            method: endpoint.method,
            url,
            payload,
            headers: { ...role.headers, 'content-type': 'application/json' },
          });
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${shape} from ${role.name}: ${res.body.slice(0, 300)}`);
          if (res.statusCode >= 400) {
            const body = res.json() as { statusCode: number; message: string };
            expect(body.statusCode).toBe(res.statusCode);
            expect(body.message).toEqual(expect.any(String));
            expect(await writes()).toBe(before);
          }
          if (id === 'signOut' && res.statusCode === 204) await renewAfterSignOut(roles.indexOf(role));
        }
      }
    },
    120_000,
  );
});

describe('no 5xx from generated requests', () => {
  it.each(Object.keys(endpoints) as EndpointId[])(
    '%s',
    async (id) => {
      const endpoint = endpoints[id];
      const begin = Date.now();
      await fc.assert(
        fc.asyncProperty(requestFor(endpoint, ids), fc.nat(roles.length - 1), fc.ipV4(), async (request, role, ip) => {
          const before = await writes();
          const sent = t.app.inject({ ...request, remoteAddress: ip, headers: { ...request.headers, ...roles[role]!.headers } });
          let timer: NodeJS.Timeout | undefined;
          const hung = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer in ${ANSWER_WITHIN_MS} ms for ${roles[role]!.name}`)), ANSWER_WITHIN_MS);
          });
          const res = await Promise.race([sent, hung]).finally(() => clearTimeout(timer));
          if (id === 'signOut' && res.statusCode === 204) await renewAfterSignOut(role);
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${roles[role]!.name}: ${res.body.slice(0, 300)}`);
          if (res.statusCode >= 400) {
            const body = res.json() as { statusCode: number; message: string };
            expect(body.statusCode).toBe(res.statusCode);
            expect(body.message).toEqual(expect.any(String));
            expect(await writes()).toBe(before);
          }
        }),
        { numRuns: casesFor(endpoint), seed: Number(process.env.FC_SEED ?? 1414), endOnFailure: true },
      );
      timings[id] = Date.now() - begin;
      if (process.env.NO_5XX_PROGRESS) appendFileSync(process.env.NO_5XX_PROGRESS, `${id} ${timings[id]} ms\n`);
    },
    300_000,
  );
});
