/**
 * Many processes, one behaviour: two API processes and a worker on one PostgreSQL
 * - here three apps, each with its own connection pool as a process would have; the second API
 * process also runs job workers (JOBS_IN_PROCESS), the first only queues (JOBS_IN_PROCESS=false).
 * Bookings, attempt limits, sessions and background jobs behave as with one process, and each job
 * runs exactly once. Runs when TEST_DB=postgres (the PostgreSQL pass of npm test, TEST_DATABASE_URL).
 */
import type { FastifyInstance } from 'fastify';
import { constants } from '@/generated/constants';
import { buildApp } from '@/server/app';
import { openDatabase, type Database } from '@/server/db/connection';
import { jobDefinitions, type JobDefinition } from '@/server/jobs/registry';
import { testConfig } from '../support/app';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../support/database';
import { bookSlot, consentGiven, makeSlots, selfPatientOf } from '../support/booking';
import { insurePatient } from '../support/insurance';
import { callerFor } from '../support/sessions';

const onPostgres = testDatabaseKind() === 'postgres';

const runnerOf = new WeakMap<FastifyInstance, string>();
const counted: JobDefinition<{ key: string }> = {
  name: 'test.count-runs',
  async run(app, data) {
    await app.database.query('INSERT INTO test_job_runs (key, runner) VALUES ($1, $2)', [data.key, runnerOf.get(app) ?? '?']);
  },
};
const definitions = [...jobDefinitions, counted];

/** Waits for a state (never a fixed sleep as the assertion): polls until `probe` answers, up to a minute. */
async function eventually<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let waited = 0; waited < 600; waited += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not within a minute: ${what}`);
}

(onPostgres ? describe : describe.skip)('two API processes and a worker on one PostgreSQL', () => {
  let db: TestDatabase;
  const pools: Database[] = [];
  let apiA: FastifyInstance;
  let apiB: FastifyInstance;
  let worker: FastifyInstance;
  const mailboxes = () => [apiA, apiB, worker];

  beforeAll(async () => {
    db = await openTestDatabase({ state: 'seeded' });
    await db.database.query('CREATE TABLE test_job_runs (key text NOT NULL, runner text NOT NULL)');
    const start = async (name: string, jobWorkers: boolean) => {
      const pool = await openDatabase({ databaseUrl: db.url!, dataDir: '', poolSize: 5 });
      pools.push(pool);
      const app = await buildApp({ config: testConfig(), database: pool, serveClient: false, seed: false, logger: false, jobWorkers, jobs: definitions });
      runnerOf.set(app, name);
      await app.ready();
      return app;
    };
    apiA = await start('api-a', false);
    apiB = await start('api-b', true);
    worker = await start('worker', true);
  }, 120_000);

  afterAll(async () => {
    for (const app of [apiA, apiB, worker]) await app?.close();
    for (const pool of pools) await pool.close();
    await db?.close();
  });

  async function mailTo(email: string) {
    const all = await Promise.all(
      mailboxes().map(
        async (app) => (await app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json().messages as { to: string; template: string; text: string }[],
      ),
    );
    return all.flat().filter((m) => m.to === email);
  }

  it('runs each of 200 jobs queued on one process exactly once, on the processes that run workers', async () => {
    await Promise.all(Array.from({ length: 200 }, (_, i) => apiA.jobs.send(counted.name, { key: `job-${i}` })));
    const runs = await eventually(async () => {
      const rows = await db.database.query<{ key: string; runner: string }>('SELECT key, runner FROM test_job_runs');
      return rows.length >= 200 ? rows : undefined;
    }, '200 jobs run');
    // Nothing runs twice, now or later.
    expect(new Set(runs.map((r) => r.key)).size).toBe(200);
    expect(runs).toHaveLength(200);
    expect(new Set(runs.map((r) => r.runner)).has('api-a')).toBe(false);
    const depth = (await apiA.jobs.depth()).find((q) => q.name === counted.name)!;
    expect(depth.queued + depth.active).toBe(0);
    expect(await db.database.query('SELECT 1 FROM test_job_runs GROUP BY key HAVING count(*) > 1')).toEqual([]);
  });

  it('books one slot once when 30 attempts arrive at both API processes at once', async () => {
    const jordan = await callerFor(apiA, 'jordan.rivera@example.com');
    const sam = await callerFor(apiA, 'sam.okafor@example.com');
    const self = await selfPatientOf(db.database, jordan.id);
    const insured = { insuranceId: await insurePatient(db.database, self.id) };
    const [slot] = await makeSlots(db.database, 1, { providerOffset: 19 });
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        bookSlot(
          i % 2 ? apiB : apiA,
          i % 4 < 2 ? jordan : sam,
          slot!,
          [{ id: self.id, consents: consentGiven() }],
          i % 4 < 2 ? insured : { ...insured, userId: jordan.id },
        ),
      ),
    );
    const answers = attempts.map((a) => a.booked ?? a.held);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 201).map((a) => a.statusCode)).toEqual(Array(29).fill(409));
    const [{ n }] = (await db.database.query<{ n: number }>("SELECT count(*)::int AS n FROM appointments WHERE slot_id = $1 AND status = 'booked'", [
      slot!.id,
    ])) as [{ n: number }];
    expect(n).toBe(1);
    // The confirmation goes out once, from whichever process ran the job.
    await eventually(
      async () => ((await mailTo(jordan.email)).some((m) => m.template === 'appointment-confirmation') ? true : undefined),
      'the confirmation mail',
    );
  });

  it('mails exactly the hourly number of codes for one address when 20 requests arrive at both processes, and a session signed in on one ends everywhere', async () => {
    const email = 'two.processes@example.com';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? apiB : apiA).inject({ method: 'POST', url: '/api/auth/send-email-otp', remoteAddress: `10.77.0.${i + 1}`, payload: { email } }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(constants.signInSendsPerAccountPerHour);
    const codes = await eventually(async () => {
      const mails = (await mailTo(email)).filter((m) => m.template === 'sign-in-code');
      return mails.length >= constants.signInSendsPerAccountPerHour ? mails : undefined;
    }, 'the codes mailed');
    expect(codes).toHaveLength(constants.signInSendsPerAccountPerHour);

    // The newest code (only the newest works) signs up on A; the session works on B and ends on both when B signs out.
    // Mail is delivered at least once by the job engine, so the newest code's mail may come after an older one's
    // second copy: codes are tried newest first, again as mail arrives, each try from its own address.
    let tries = 0;
    const session = await eventually(async () => {
      const mails = (await mailTo(email)).filter((m) => m.template === 'sign-in-code');
      for (const mail of [...mails].reverse()) {
        const otp = /\b(\d{6})\b/.exec(mail.text)![1]!;
        tries += 1;
        const res = await apiA.inject({
          method: 'POST',
          url: '/api/auth/verify-email-otp',
          remoteAddress: `10.77.1.${tries}`,
          payload: { email, otp, newAccount: { firstName: 'Two', lastName: 'Processes' } },
        });
        if (res.statusCode === 200) return res.json() as { accessToken: string; user: { id: string } };
      }
      return undefined;
    }, 'a mailed code that signs in');
    expect(session).toBeDefined();
    const headers = { authorization: `Bearer ${session!.accessToken}` };
    const details = (app: FastifyInstance) => app.inject({ method: 'GET', url: `/api/users/${session!.user.id}/details`, headers });
    expect((await details(apiB)).statusCode).toBe(200);
    expect((await apiB.inject({ method: 'POST', url: '/api/auth/sign-out', headers })).statusCode).toBeLessThan(300);
    expect((await details(apiA)).statusCode).toBe(401);
    expect((await details(apiB)).statusCode).toBe(401);
  });
});

it('runs the two-process cases whenever TEST_DB=postgres', () => {
  expect(onPostgres).toBe(process.env.TEST_DB === 'postgres');
});
