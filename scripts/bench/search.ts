/**
 * Provider search benchmark (`npm run bench:search`): provider search over a 50,000-provider
 * marketplace on PostgreSQL, with and without filters, through the real HTTP server (a child process,
 * so the load generator does not share its event loop) and, for comparison, straight on the database
 * at the same rate: the whole search as one SQL statement (what the API runs until its in-memory
 * index is loaded), and the one statement the API runs per search once it is (the page's providers).
 * Reports p50/p99 latency and requests per second, and checks the targets: API p99 ≤ 20 ms at
 * 500 requests per second, API time within 2× the bare search query's.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_search) is created and seeded
 * with BENCH_PROVIDERS (50000) providers when empty; BENCH_RATE (500) and BENCH_SECONDS (15) shape the load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Compilable } from 'kysely';
import type { SearchProvidersQuery } from '@/generated/entities';
import { openDatabase, type Database } from '@/server/db/connection';
import { migrate } from '@/server/db/migrate';
import { seedIfEmpty } from '@/server/db/seed';
import { refreshAvailabilitySummary } from '@/server/marketplace/availability';
import { filterCatalogue } from '@/server/marketplace/filters';
import { buildSearchQuery, criteriaFromQuery, providerCardsOf, type SearchCriteria } from '@/server/marketplace/search';
import { SearchIndex } from '@/server/marketplace/search-index';
import { freePort, percentile, startServer } from './server';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_search';
const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 50_000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const TARGET_P99_MS = 20;
const TARGET_RATIO = 2;

interface Scenario {
  name: string;
  queries: SearchProvidersQuery[];
  /**
   * Every request a search no one asked before (the point moved a little each time), so no kept
   * answer serves it: what a search costs when it is new. Reported; the targets are for the others.
   */
  distinct?: boolean;
}

const states = ['TX', 'CA', 'FL', 'OH', 'GA', 'PA', 'IL', 'NC'];
const points: Record<string, { latitude: number; longitude: number }> = {
  TX: { latitude: 29.7604, longitude: -95.3698 },
  CA: { latitude: 34.0522, longitude: -118.2437 },
  FL: { latitude: 25.7617, longitude: -80.1918 },
  OH: { latitude: 39.9612, longitude: -82.9988 },
  GA: { latitude: 33.749, longitude: -84.388 },
  PA: { latitude: 39.9526, longitude: -75.1652 },
  IL: { latitude: 41.8781, longitude: -87.6298 },
  NC: { latitude: 35.2271, longitude: -80.8431 },
};

const scenarios: Scenario[] = [
  {
    name: 'no filters',
    queries: states.flatMap((s) => [{ state_code: s }, { state_code: s, page: 2 }, { state_code: s, ...points[s]! }]),
  },
  {
    name: 'with filters',
    queries: states.flatMap(
      (s) =>
        [
          { state_code: s, language: ['Spanish'], time_of_day: ['evening'] },
          { state_code: s, ...points[s]!, counseling_type: ['Medication/Psychiatry'], availability_type: ['online'] },
          { state_code: s, area_of_concern: ['Anxiety', 'Depression'], gender: ['Female'], orderBy: 'most_available' },
          { state_code: s, ...points[s]!, insurance_id: ['AETNA'], client_age_group: ['14-17'], should_reserve_intake_supply: true },
        ] satisfies SearchProvidersQuery[],
    ),
  },
  {
    name: 'distinct searches (each one new)',
    distinct: true,
    queries: states.flatMap((s) => [
      { state_code: s, ...points[s]! },
      { state_code: s, ...points[s]!, language: ['Spanish'], availability_type: ['online'] },
    ]),
  },
];

let distinctSeq = 0;
/** The query with its point moved by a different few meters each call (see Scenario.distinct). */
function madeDistinct(q: SearchProvidersQuery): SearchProvidersQuery {
  distinctSeq += 1;
  return { ...q, latitude: (q.latitude ?? 0) + distinctSeq * 1e-6, longitude: q.longitude };
}

function queryString(q: SearchProvidersQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) for (const one of Array.isArray(v) ? v : [v]) params.append(k, String(one));
  return params.toString();
}

async function ensureDatabase(): Promise<Database> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: '', poolSize: 10 });
  await migrate(database);
  const started = Date.now();
  if (await seedIfEmpty(database, undefined, PROVIDERS)) console.log(`seeded ${PROVIDERS} providers in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  // The server rebuilds a summary older than an hour when it starts: do it now, so the run measures searches only.
  const [summary] = await database.query<{ stale: boolean }>(
    "SELECT coalesce(min(refreshed_at) < now() - interval '30 minutes', true) AS stale FROM provider_search",
  );
  if (summary?.stale) await refreshAvailabilitySummary(database, new Date());
  await database.query('ANALYZE');
  return database;
}

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function loadApi(port: number, scenario: Scenario, seconds: number, rate: number): Promise<Figures> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 32,
    overallRate: rate,
    duration: seconds,
    requests: scenario.queries.map((q) => ({
      method: 'GET' as const,
      path: `/api/providers/search?${queryString(q)}`,
      ...(scenario.distinct
        ? { setupRequest: (request: autocannon.Request) => ({ ...request, path: `/api/providers/search?${queryString(madeDistinct(q))}` }) }
        : {}),
    })),
  });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, errors: result.non2xx + result.errors + result.timeouts };
}

interface Statement {
  sql: string;
  params: unknown[];
}

function criteriaOf(q: SearchProvidersQuery): SearchCriteria {
  const point = q.latitude !== undefined && q.longitude !== undefined ? { latitude: q.latitude, longitude: q.longitude } : undefined;
  return criteriaFromQuery(q, point, q.should_reserve_intake_supply ? 2 : 0);
}

/** Statements sent straight to the database at a fixed rate (open loop), timed one by one. */
/** A typed query as the text and parameters it sends. */
function statementOf(query: Compilable<unknown>): Statement {
  const compiled = query.compile();
  return { sql: compiled.sql, params: [...compiled.parameters] };
}

async function loadDatabase(database: Database, statements: Statement[], seconds: number, rate: number): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const total = seconds * rate;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let sent = 0; sent < total;) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    for (; sent < due; sent += 1) {
      const { sql, params } = statements[sent % statements.length]!;
      const t0 = performance.now();
      inFlight.push(
        database.query(sql, params).then(
          () => void latencies.push(performance.now() - t0),
          () => void (errors += 1),
        ),
      );
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / elapsed, errors };
}

const fmt = (f: Figures) =>
  `p50 ${f.p50.toFixed(2).padStart(6)} ms   p99 ${f.p99.toFixed(2).padStart(6)} ms   ${f.rps.toFixed(0).padStart(4)} req/s   errors ${f.errors}`;

export async function runSearchBenchmark(): Promise<boolean> {
  const database = await ensureDatabase();
  const [{ n } = { n: 0 }] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM providers');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const port = await freePort();
  const server = await startServer(port, { DATABASE_URL, DATA_DIR: dataDir }, 120);
  const catalogue = await filterCatalogue(database);
  const index = await SearchIndex.load(database);
  let ok = true;
  try {
    console.log(`\nProvider search over ${n} providers, ${RATE} requests per second for ${SECONDS} s each, PostgreSQL\n`);
    // Every API run first, then the SQL runs: the whole-search SQL swamps PostgreSQL for a while
    // (hundreds of queued statements), which would otherwise spill into the next API run's tail.
    const apiFigures: Figures[] = [];
    for (const scenario of scenarios) {
      await loadApi(port, scenario, 10, RATE); // warm-up at the full rate: JIT, the connection pool, the cards and answers kept
      apiFigures.push(await loadApi(port, scenario, SECONDS, RATE));
    }
    for (const [i, scenario] of scenarios.entries()) {
      const api = apiFigures[i]!;
      const searches = scenario.queries.flatMap((q) => {
        const search = buildSearchQuery(criteriaOf(q), catalogue);
        return search ? [statementOf(search.page)] : [];
      });
      const bare = await loadDatabase(database, searches, SECONDS, RATE);
      const cards = await loadDatabase(
        database,
        scenario.queries.map((q) => statementOf(providerCardsOf(index.find(criteriaOf(q), catalogue).hits.map((h) => h.providerId)))),
        SECONDS,
        RATE,
      );
      const ratioP50 = api.p50 / bare.p50;
      const ratioP99 = api.p99 / bare.p99;
      const pass = api.p99 <= TARGET_P99_MS && api.rps >= RATE * 0.97 && ratioP50 <= TARGET_RATIO && api.errors === 0;
      if (!scenario.distinct) ok &&= pass;
      console.log(`  ${scenario.name}`);
      console.log(`    API (HTTP)    ${fmt(api)}`);
      console.log(`    search SQL    ${fmt(bare)}`);
      console.log(`    page SQL      ${fmt(cards)}   (the API's one query per search)`);
      console.log(
        `    API / search SQL  p50 ×${ratioP50.toFixed(2)}   p99 ×${ratioP99.toFixed(2)}   ${scenario.distinct ? '(reported only)' : pass ? 'PASS' : 'FAIL'} (target: p99 ≤ ${TARGET_P99_MS} ms at ${RATE} req/s, p50 within ×${TARGET_RATIO})\n`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return ok;
}
