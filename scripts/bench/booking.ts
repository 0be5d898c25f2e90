/**
 * Booking benchmark (`npm run bench:booking`): BENCH_CLIENTS (64) concurrent clients make at least
 * BENCH_ATTEMPTS (10,000) booking attempts - hold a slot, then book it with an idempotency key - on
 * BENCH_PROVIDERS_BOOKED (50) providers, through the real HTTP server (a child process), on
 * PostgreSQL and on the embedded PGlite database. Clients pick slots from a small pool, so most
 * attempts collide and must be refused with 3001. Reports attempts per second, p50/p99 latency of an
 * attempt, the outcomes, and the overlapping bookings a self-join finds afterwards (must be 0).
 *
 * BENCH_BOOKING_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_booking) is dropped and
 * created afresh; BENCH_DB=postgres|pglite|both (both) picks the databases.
 *
 * In the same run, the same contest in bare SQL: the same clients (one connection each) insert the same
 * slots' times into a table with the same exclusion constraint, one autocommit INSERT an attempt. The
 * report prints the API's attempts per second as a share of that (target: at least 50 % at 64 clients,
 * p99 at most 250 ms, 0 overlaps, each payment charged once). BENCH_POOL_SIZE (default 2 per client,
 * at most 40) is the API's DATABASE_POOL_SIZE.
 *
 * On PostgreSQL, a third contest between the two: the HTTP floor, the same INSERT behind one bare Fastify
 * endpoint (scripts/bench/http-floor.ts: no session, no rule, one request an attempt, the API's pool size), driven by
 * the same client. Its share of bare SQL is the most any HTTP API reaches on this machine when an attempt is one
 * statement.
 *
 * On a machine shared with other work the rates follow the share of CPU each run gets, so the report
 * also gives the CPU each attempt cost (read from /proc on Linux): the API server's and the database
 * backends' for the API, the database's and the client's for bare SQL, and their ratio - what the
 * rates' ratio would be if CPU were all that limited both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '@/server/db/connection';
import { migrate } from '@/server/db/migrate';
import { seedIfEmpty } from '@/server/db/seed';
import { deriveKeys } from '@/server/auth/secrets';
import { issueAccessToken } from '@/server/auth/tokens';
import { startSession } from '@/server/auth/server-sessions';
import { constants } from '@/generated/constants';
import { cpuSecondsOf, freePort, percentile, startServer } from './server';

const DATABASE_URL = process.env.BENCH_BOOKING_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_booking';
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 10_000);
const PROVIDERS = Number(process.env.BENCH_PROVIDERS_BOOKED ?? 50);
const SLOTS_PER_PROVIDER = Number(process.env.BENCH_SLOTS_PER_PROVIDER ?? 60);
const SECRET = 'bench-only-secret-bench-only-secret-0123456789';
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? Math.min(40, CLIENTS));
const TARGET_SHARE = 0.5;
// The bench's 64 accounts hold and book thousands of times an hour from one address: the per-account and
// per-IP limits (which hold across processes, counted in the database) are lifted the way tests lift them.
const UNLIMITED = { NODE_ENV: 'test', TEST_RATE_LIMIT_FACTOR: '100000', LOG_LEVEL: 'error' };
const TARGET_P99_MS = 250;

interface BenchData {
  slots: { id: string; providerId: string; practiceId: string; mode: string }[];
  users: { id: string; email: string; patientId: string; insuranceId: string; sessionId: string }[];
}

/** Bench slots 400+ days ahead (clear of the demo ones), and one patient account per client with signed consent and an insurance on file. */
async function prepare(database: Database): Promise<BenchData> {
  await migrate(database);
  await seedIfEmpty(database, undefined, Math.max(PROVIDERS, 60));
  const [plan] = await database.query<{ id: number; carrier_id: number }>(
    'SELECT id, carrier_id FROM insurance_plans WHERE NOT is_medicaid ORDER BY id LIMIT 1',
  );
  if (!plan) throw new Error('the seed made no insurance plan');
  // Providers whose practice accepts the bench patients' insurance: the booking checks eligibility itself.
  const providers = await database.query<{ id: string; practice_id: string }>(
    `SELECT id, practice_id FROM providers WHERE removed_at IS NULL
        AND practice_id IN (SELECT practice_id FROM practice_accepted_carriers WHERE carrier_id = $2) ORDER BY id LIMIT $1`,
    [PROVIDERS, plan.carrier_id],
  );
  await database.query(
    `INSERT INTO slots (provider_id, practice_id, during, availability_type, is_medication)
     SELECT p.id, p.practice_id, tstzrange(t, t + interval '50 minutes'), 'online', false
       FROM unnest($1::uuid[], $2::uuid[]) AS p(id, practice_id),
            generate_series(date_trunc('day', now()) + interval '400 days 13 hours', date_trunc('day', now()) + interval '400 days 13 hours' + make_interval(hours => $3::int - 1), interval '1 hour') AS t
     ON CONFLICT DO NOTHING`,
    [providers.map((p) => p.id), providers.map((p) => p.practice_id), SLOTS_PER_PROVIDER],
  );
  const slots = await database.query<{ id: string; provider_id: string; practice_id: string; availability_type: string }>(
    "SELECT id, provider_id, practice_id, availability_type FROM slots WHERE lower(during) > now() + interval '399 days' AND provider_id = ANY($1::uuid[])",
    [providers.map((p) => p.id)],
  );
  const users: BenchData['users'] = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const email = `bench.client.${i}@example.com`;
    const [user] = await database.query<{ id: string }>(
      `INSERT INTO users (email, first_name, last_name, user_type, groups, date_of_birth, email_verified_at)
       VALUES ($1, 'Bench', $2, 'patient', '{patient}', '1985-01-01', now())
       ON CONFLICT (email) DO UPDATE SET last_name = excluded.last_name RETURNING id`,
      [email, `Client ${i}`],
    );
    let [patient] = await database.query<{ id: string }>("SELECT id FROM patients WHERE user_id = $1 AND relationship = 'Self'", [user!.id]);
    if (!patient) {
      [patient] = await database.query<{ id: string }>(
        "INSERT INTO patients (user_id, first_name, last_name, date_of_birth, relationship) VALUES ($1, 'Bench', $2, '1985-01-01', 'Self') RETURNING id",
        [user!.id, `Client ${i}`],
      );
      await database.query(
        `INSERT INTO consents (patient_id, user_id, consent_type, version, text, source, signer_name, signer_capacity, signed_by, signed_at, created_by)
         VALUES ($1, $2, 'bookAppointmentConsent', $3, 'bench', 'patient_web', 'Bench', 'Bench, for themself', $2, now(), $2)`,
        [patient!.id, user!.id, constants.consentTemplateVersion],
      );
    }
    let [insurance] = await database.query<{ id: string }>('SELECT id FROM patient_insurances WHERE patient_id = $1 AND removed_at IS NULL', [patient!.id]);
    if (!insurance) {
      [insurance] = await database.query<{ id: string }>(
        "INSERT INTO patient_insurances (patient_id, carrier_id, plan_id, member_id) VALUES ($1, $2, $3, 'BENCH-' || $4::text) RETURNING id",
        [patient!.id, plan.carrier_id, plan.id, i],
      );
    }
    const sessionId = await startSession(
      database,
      { id: user!.id, groups: ['patient'] },
      new Date(Date.now() + constants.accessTokenLifetimeMinutes * 60_000),
      new Date(),
    );
    users.push({ id: user!.id, email, patientId: patient!.id, insuranceId: insurance!.id, sessionId });
  }
  await database.query('ANALYZE');
  return { slots: slots.map((s) => ({ id: s.id, providerId: s.provider_id, practiceId: s.practice_id, mode: s.availability_type })), users };
}

interface Outcome {
  attempts: number;
  seconds: number;
  p50: number;
  p99: number;
  booked: number;
  refused3001: number;
  other: Record<string, number>;
  /** CPU seconds the load generator (this process) spent driving the API */
  clientCpu: number;
}

/**
 * One JSON POST over a kept-alive connection of `agent`: node:http rather than fetch (undici's), whose
 * per-request CPU in this process competed with the server for the same cores. Answers status and body.
 */
function post(agent: Agent, port: number, path: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; json: unknown }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { agent, host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'content-length': String(payload.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (err) {
            reject(err as Error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function drive(port: number, data: BenchData): Promise<Outcome> {
  const keys = deriveKeys(SECRET);
  const tokens = await Promise.all(
    data.users.map(
      async (u) =>
        (await issueAccessToken(keys, { id: u.id, email: u.email, userType: 'patient', groups: ['patient'], sessionId: u.sessionId }, new Date())).token,
    ),
  );
  // One kept-alive connection a client, as a browser keeps one to the API.
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const latencies: number[] = [];
  const other: Record<string, number> = {};
  let booked = 0;
  let refused3001 = 0;
  let next = 0;
  const started = performance.now();
  async function client(index: number): Promise<void> {
    const user = data.users[index]!;
    const headers = { authorization: `Bearer ${tokens[index]}`, 'content-type': 'application/json', 'x-app-source': 'patient_web' };
    while (next < ATTEMPTS) {
      next += 1;
      const slot = data.slots[Math.floor(Math.random() * data.slots.length)]!;
      const t0 = performance.now();
      let outcome: string;
      const held = await post(agent, port, '/api/appointments/holds', headers, { slotId: slot.id, providerId: slot.providerId });
      const heldBody = held.json as { holdId?: string; errorCode?: string | number };
      if (held.status === 201) {
        const res = await post(
          agent,
          port,
          '/api/appointments',
          { ...headers, 'idempotency-key': randomUUID() },
          {
            holdId: heldBody.holdId,
            slotId: slot.id,
            providerId: slot.providerId,
            practiceId: slot.practiceId,
            counselingType: 'Individual Counseling',
            appointmentMode: slot.mode,
            patients: [{ id: user.patientId }],
            insuranceId: user.insuranceId,
          },
        );
        const body = res.json as { errorCode?: string | number };
        outcome = res.status === 201 ? 'booked' : `${res.status} ${body.errorCode}`;
      } else {
        outcome = `${held.status} ${heldBody.errorCode}`;
      }
      latencies.push(performance.now() - t0);
      if (outcome === 'booked') booked += 1;
      else if (outcome === '409 3001') refused3001 += 1;
      else other[outcome] = (other[outcome] ?? 0) + 1;
    }
  }
  const client0 = ownCpuSeconds();
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
  const seconds = (performance.now() - started) / 1000;
  const clientCpu = ownCpuSeconds() - client0;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { attempts: latencies.length, seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), booked, refused3001, other, clientCpu };
}

interface Bare {
  attempts: number;
  seconds: number;
  p50: number;
  p99: number;
  inserted: number;
  /** inserts PostgreSQL stopped as a deadlock (40P01): two uncommitted inserts each waiting on the other's row in the constraint's check */
  deadlocks: number;
  /** CPU seconds the run cost: the database's (its backends; in-process for PGlite) and the client's */
  cpu?: { database?: number; client: number };
}

/** CPU seconds used so far by these processes together, or undefined when any cannot be read. */
function cpuOfProcesses(pids: readonly number[]): number | undefined {
  let total = 0;
  for (const pid of pids) {
    const used = cpuSecondsOf(pid);
    if (used === undefined) return undefined;
    total += used;
  }
  return total;
}

/** This process's CPU seconds so far. */
function ownCpuSeconds(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
}

const BARE_TABLE = `CREATE TABLE IF NOT EXISTS bench_bare (
  id bigserial PRIMARY KEY, provider_id uuid NOT NULL, during tstzrange NOT NULL,
  EXCLUDE USING gist (provider_id WITH =, during WITH &&))`;

/** The contest in bare SQL: each attempt one INSERT of a random slot's time; the exclusion constraint refuses the taken ones. */
async function driveBare(run: (client: number, sql: string, params: unknown[]) => Promise<void>, data: BenchData, clients: number): Promise<Bare> {
  const latencies: number[] = [];
  let inserted = 0;
  let deadlocks = 0;
  let next = 0;
  const started = performance.now();
  async function client(index: number): Promise<void> {
    while (next < ATTEMPTS) {
      next += 1;
      const slot = data.slots[Math.floor(Math.random() * data.slots.length)]!;
      const t0 = performance.now();
      try {
        await run(index, 'INSERT INTO bench_bare (provider_id, during) SELECT provider_id, during FROM slots WHERE id = $1', [slot.id]);
        inserted += 1;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === '40P01') deadlocks += 1;
        else if (code !== '23P01') throw err;
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { attempts: latencies.length, seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), inserted, deadlocks };
}

async function bareOnPostgres(data: BenchData): Promise<Bare> {
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const c = new pg.Client({ connectionString: DATABASE_URL });
      await c.connect();
      return c;
    }),
  );
  try {
    await clients[0]!.query(BARE_TABLE);
    const pids = await Promise.all(clients.map(async (c) => (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid));
    const database0 = cpuOfProcesses(pids);
    const client0 = ownCpuSeconds();
    const bare = await driveBare(
      async (i, sql, params) => {
        await clients[i]!.query(sql, params);
      },
      data,
      CLIENTS,
    );
    const database1 = cpuOfProcesses(pids);
    return {
      ...bare,
      cpu: { database: database0 !== undefined && database1 !== undefined ? database1 - database0 : undefined, client: ownCpuSeconds() - client0 },
    };
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

async function bareOnPglite(dir: string, data: BenchData): Promise<Bare> {
  const database = await openDatabase({ dataDir: dir });
  try {
    await database.exec(BARE_TABLE);
    const cpu0 = ownCpuSeconds();
    const bare = await driveBare(
      async (_i, sql, params) => {
        await database.query(sql, params);
      },
      data,
      CLIENTS,
    );
    // In-process: the database's work and the client's are this process's.
    return { ...bare, cpu: { client: ownCpuSeconds() - cpu0 } };
  } finally {
    await database.close();
  }
}

interface Floor {
  attempts: number;
  seconds: number;
  p50: number;
  p99: number;
  won: number;
}

/** The HTTP floor on PostgreSQL: scripts/bench/http-floor.ts in a child process, driven by the API's client. */
async function floorOnPostgres(data: BenchData): Promise<Floor> {
  const database = new pg.Client({ connectionString: DATABASE_URL });
  await database.connect();
  await database.query(BARE_TABLE.replace('bench_bare', 'bench_floor'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join('scripts', 'bench', 'http-floor.ts')], {
    env: { ...process.env, PORT: String(port), FLOOR_DATABASE_URL: DATABASE_URL, FLOOR_POOL_SIZE: String(POOL_SIZE) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let ready = false; !ready;) {
      if (child.exitCode !== null) throw new Error('the HTTP floor server exited');
      ready = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const latencies: number[] = [];
    let won = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < ATTEMPTS) {
          next += 1;
          const slot = data.slots[Math.floor(Math.random() * data.slots.length)]!;
          const t0 = performance.now();
          const { status } = await post(agent, port, '/attempt', { 'content-type': 'application/json' }, { slotId: slot.id });
          if (status === 201) won += 1;
          else if (status !== 409) throw new Error(`the HTTP floor answered ${status}`);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    latencies.sort((a, b) => a - b);
    return { attempts: latencies.length, seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), won };
  } finally {
    child.kill('SIGTERM');
    await database.end();
  }
}

const OVERLAPS = `SELECT count(*)::int AS n FROM appointments a JOIN appointments b
                    ON a.provider_id = b.provider_id AND a.id < b.id AND a.during && b.during
                 WHERE a.status = 'booked' AND b.status = 'booked'`;

/** CPU seconds the API's run cost: its server process (with PGlite, the database too) and, on PostgreSQL, the database's backends. */
interface ApiCpu {
  server?: number;
  database?: number;
}

const ms = (seconds: number | undefined, attempts: number) => (seconds === undefined ? undefined : (seconds * 1000) / attempts);
const shown = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(2));

function reportCpu(o: Outcome, bare: Bare, api: ApiCpu): void {
  const bareDb = ms(bare.cpu?.database, bare.attempts);
  const bareClient = ms(bare.cpu?.client, bare.attempts);
  const apiServer = ms(api.server, o.attempts);
  const apiDb = ms(api.database, o.attempts);
  const bareTotal = bareClient === undefined ? undefined : bareClient + (bareDb ?? 0);
  const apiTotal = apiServer === undefined ? undefined : apiServer + (apiDb ?? 0);
  console.log(
    `  CPU an attempt: bare SQL ${shown(bareTotal)} ms (database ${shown(bareDb)}, client ${shown(bareClient)});` +
      ` API ${shown(apiTotal)} ms (server ${shown(apiServer)}, database ${shown(apiDb)}; the bench's HTTP client ${shown(ms(o.clientCpu, o.attempts))} besides)`,
  );
  if (bareTotal !== undefined && apiTotal !== undefined)
    console.log(`  bare SQL / API CPU an attempt: ${((bareTotal / apiTotal) * 100).toFixed(1)} % (the rates' ratio if CPU alone limited both)`);
}

function report(name: string, o: Outcome, overlaps: number, slots: number, bare: Bare, cpu: ApiCpu, floor?: Floor): boolean {
  const apiRate = o.attempts / o.seconds;
  const bareRate = bare.attempts / bare.seconds;
  const share = apiRate / bareRate;
  console.log(
    `\n${name}: ${o.attempts} attempts by ${CLIENTS} clients on ${PROVIDERS} providers (${slots} slots) in ${o.seconds.toFixed(1)} s, API pool ${POOL_SIZE}`,
  );
  console.log(
    `  bare SQL   attempts/s ${bareRate.toFixed(0)}   latency p50 ${bare.p50.toFixed(1)} ms   p99 ${bare.p99.toFixed(1)} ms   inserted ${bare.inserted}` +
      (bare.deadlocks ? `   deadlocks ${bare.deadlocks}` : ''),
  );
  if (floor) {
    const floorRate = floor.attempts / floor.seconds;
    console.log(
      `  HTTP floor attempts/s ${floorRate.toFixed(0)}   latency p50 ${floor.p50.toFixed(1)} ms   p99 ${floor.p99.toFixed(1)} ms   inserted ${floor.won}` +
        `   (the same INSERT behind one bare endpoint: ${((floorRate / bareRate) * 100).toFixed(1)} % of bare SQL)`,
    );
  }
  console.log(`  API        attempts/s ${apiRate.toFixed(0)}   latency p50 ${o.p50.toFixed(1)} ms   p99 ${o.p99.toFixed(1)} ms   (hold + book, two requests)`);
  console.log(`  API / bare SQL: ${(share * 100).toFixed(1)} % (target >= ${TARGET_SHARE * 100} %)   p99 target <= ${TARGET_P99_MS} ms`);
  console.log(`  booked ${o.booked}   refused 3001 ${o.refused3001}   other ${JSON.stringify(o.other)}`);
  console.log(`  overlapping bookings (self-join): ${overlaps}`);
  reportCpu(o, bare, cpu);
  const correct = overlaps === 0 && Object.keys(o.other).length === 0 && o.booked <= slots;
  const fast = share >= TARGET_SHARE && o.p99 <= TARGET_P99_MS;
  if (correct && !fast) console.log('  correct, but the speed targets are missed');
  return correct && fast;
}

async function onPostgres(): Promise<boolean> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1).replace(/"/g, '');
  const admin = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: '', poolSize: 10 });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-booking-'));
  let server: ChildProcess | undefined;
  try {
    const data = await prepare(database);
    const bare = await bareOnPostgres(data);
    const floor = await floorOnPostgres(data);
    const port = await freePort();
    server = await startServer(port, { DATABASE_URL, DATA_DIR: dataDir, JWT_SECRET: SECRET, DATABASE_POOL_SIZE: String(POOL_SIZE), ...UNLIMITED });
    // The database's CPU: every backend of the bench database (the API's pool, its job engine's), before and after.
    const backends = async () =>
      (await database.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).map((r) => r.pid);
    // The database's transactions (each statement outside BEGIN ... COMMIT is one): a count that, unlike CPU, does not depend on the load.
    const transactions = async () =>
      (await database.query<{ n: string }>('SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = current_database()'))[0]!.n;
    const settle = () => new Promise((r) => setTimeout(r, 1500)); // backends report their counts within a second
    await settle();
    const xacts0 = Number(await transactions());
    const before = new Map((await backends()).map((pid) => [pid, cpuSecondsOf(pid)]));
    const server0 = cpuSecondsOf(server.pid);
    const outcome = await drive(port, data);
    const server1 = cpuSecondsOf(server.pid);
    await settle();
    const xacts = Number(await transactions()) - xacts0;
    let databaseCpu: number | undefined = 0;
    for (const pid of await backends()) {
      const now = cpuSecondsOf(pid);
      const then = before.has(pid) ? before.get(pid) : 0;
      databaseCpu = now === undefined || then === undefined || databaseCpu === undefined ? undefined : databaseCpu + now - then;
    }
    const [row] = await database.query<{ n: number }>(OVERLAPS);
    const serverCpu = server0 !== undefined && server1 !== undefined ? server1 - server0 : undefined;
    const ok = report('PostgreSQL', outcome, row!.n, data.slots.length, bare, { server: serverCpu, database: databaseCpu }, floor);
    console.log(`  database transactions an attempt: ${(xacts / outcome.attempts).toFixed(2)} (every process's, the job engine's included; bare SQL: 1)`);
    return ok;
  } finally {
    server?.kill('SIGTERM');
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPglite(): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-booking-pglite-'));
  let server: ChildProcess | undefined;
  try {
    const setup = await openDatabase({ dataDir: join(dataDir, 'db') });
    const data = await prepare(setup);
    await setup.close();
    const bare = await bareOnPglite(join(dataDir, 'db'), data);
    const port = await freePort();
    server = await startServer(port, { DATA_DIR: join(dataDir, 'db'), DATABASE_URL: '', JWT_SECRET: SECRET, ...UNLIMITED });
    const server0 = cpuSecondsOf(server.pid);
    const outcome = await drive(port, data);
    const server1 = cpuSecondsOf(server.pid);
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
    server = undefined;
    const check = await openDatabase({ dataDir: join(dataDir, 'db') });
    const [row] = await check.query<{ n: number }>(OVERLAPS);
    await check.close();
    // PGlite runs inside the server: its CPU is the database's too.
    return report('PGlite', outcome, row!.n, data.slots.length, bare, {
      server: server0 !== undefined && server1 !== undefined ? server1 - server0 : undefined,
    });
  } finally {
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runBookingBenchmark(): Promise<boolean> {
  const which = process.env.BENCH_DB ?? 'both';
  let ok = true;
  if (which === 'both' || which === 'postgres') ok = (await onPostgres()) && ok;
  if (which === 'both' || which === 'pglite') ok = (await onPglite()) && ok;
  return ok;
}
