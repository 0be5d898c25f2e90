/**
 * The job engine on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): mail is queued
 * by the request and delivered by a worker; a job that keeps failing is tried jobRetryLimit more times
 * and then listed for staff; workers inside the app deliver without anyone draining.
 */
import { drainJobs, startTestApp, type TestApp } from '@tests/support/app';
import { callerFor } from '@tests/support/sessions';
import { constants } from '@/generated/constants';
import { demoAccounts } from '../db/seed/demo-accounts';
import { jobDefinitions, type JobDefinition } from './registry';

const devops = demoAccounts.find((a) => a.role === 'DevOps admin')!;
const patient = demoAccounts.find((a) => a.role === 'Patient')!;

const runs: string[] = [];
const flaky: JobDefinition<{ to: string; secret: string }> = {
  name: 'test.flaky-delivery',
  async run(_app, data) {
    runs.push(data.to);
    throw new Error('partner system answered 503');
  },
  describe: (data) => ({ to: data.to }),
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true, jobs: [...jobDefinitions, flaky] });
}, 90_000);
afterAll(async () => t.close());

async function mailbox(app = t.app) {
  return (await app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json().messages as { to: string; template: string }[];
}

it('queues a sign-in code mail with the request and delivers it when a worker runs the job', async () => {
  const email = 'queued.mail@example.com';
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', payload: { email }, remoteAddress: '10.9.0.1' });
  expect(res.statusCode).toBe(200);
  expect((await mailbox()).filter((m) => m.to === email)).toEqual([]);
  expect(await drainJobs(t.app)).toBeGreaterThanOrEqual(1);
  expect((await mailbox()).filter((m) => m.to === email).map((m) => m.template)).toEqual(['sign-in-code']);
  // Each job runs once: nothing is left to run.
  expect(await drainJobs(t.app)).toBe(0);
});

it('tries a failing job again with back-off, then lists it for staff without its data', async () => {
  await t.app.jobs.send(flaky.name, { to: 'partner@example.net', secret: 'do-not-show' });
  expect(await drainJobs(t.app)).toBe(1);
  // The next try waits for its back-off: nothing is due now.
  expect(await drainJobs(t.app)).toBe(0);
  // Spend the remaining tries without waiting for the back-off.
  while ((await drainJobs(t.app, { includeRetries: true })) > 0);
  expect(runs).toHaveLength(constants.jobRetryLimit + 1);

  const staff = await callerFor(t.app, devops.email);
  const res = await t.app.inject({ method: 'GET', url: '/api/jobs/dead-letters', headers: staff.headers });
  expect(res.statusCode).toBe(200);
  const [dead] = res.json().items;
  expect(dead).toMatchObject({
    job: flaky.name,
    summary: { to: 'partner@example.net' },
    tries: constants.jobRetryLimit + 1,
    error: 'partner system answered 503',
  });
  expect(JSON.stringify(res.json())).not.toContain('do-not-show');

  const patientCaller = await callerFor(t.app, patient.email);
  expect((await t.app.inject({ method: 'GET', url: '/api/jobs/dead-letters', headers: patientCaller.headers })).statusCode).toBe(403);
  expect((await t.app.inject({ method: 'POST', url: `/api/jobs/dead-letters/${dead.id}/retry`, headers: patientCaller.headers })).statusCode).toBe(403);

  // Staff try it again: it leaves the list and runs once more, with a new round of tries.
  const retried = await t.app.inject({ method: 'POST', url: `/api/jobs/dead-letters/${dead.id}/retry`, headers: staff.headers });
  expect(retried.statusCode).toBe(200);
  const after = await t.app.inject({ method: 'GET', url: '/api/jobs/dead-letters', headers: staff.headers });
  expect(after.json().items.map((j: { id: string }) => j.id)).not.toContain(dead.id);
  expect((await t.app.inject({ method: 'POST', url: `/api/jobs/dead-letters/${dead.id}/retry`, headers: staff.headers })).statusCode).toBe(404);
  const before = runs.length;
  expect(await drainJobs(t.app)).toBe(1);
  expect(runs).toHaveLength(before + 1);
});

it('refuses to deliver to the reserved .invalid domain, like any mail server: the mail fails every try and is listed', async () => {
  await t.app.mailer.send('sign-in-code', 'nobody@mailbox.invalid', () => ({ params: { code: '123456', minutes: 10 } }));
  while ((await drainJobs(t.app, { includeRetries: true })) > 0);
  const staff = await callerFor(t.app, devops.email);
  const items = (await t.app.inject({ method: 'GET', url: '/api/jobs/dead-letters', headers: staff.headers })).json().items as {
    job: string;
    summary: Record<string, string>;
    error: string;
  }[];
  expect(items.find((j) => j.summary.to === 'nobody@mailbox.invalid')).toMatchObject({
    job: 'mail',
    summary: { template: 'sign-in-code' },
    error: '550 no mail server for mailbox.invalid',
  });
});

it('delivers by itself when the app runs its own workers', async () => {
  const own = await startTestApp({ seed: false, jobWorkers: true });
  try {
    const email = 'worker.mail@example.com';
    await own.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', payload: { email }, remoteAddress: '10.9.0.2' });
    for (let waited = 0; !(await mailbox(own.app)).some((m) => m.to === email); waited += 1) {
      if (waited > 600) throw new Error('the in-process worker did not deliver the mail within a minute');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await own.close();
  }
});
