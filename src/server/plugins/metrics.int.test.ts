/** /metrics (Prometheus text) and the liveness and readiness answers. */
import { drainJobs, startTestApp, type TestApp } from '@tests/support/app';
import { jobDefinitions, type JobDefinition } from '../jobs/registry';

const failing: JobDefinition<Record<string, never>> = {
  name: 'test.always-fails',
  async run() {
    throw new Error('nope');
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: [...jobDefinitions, failing], env: { METRICS_TOKEN: 'scraper-token-0123456789' } });
}, 90_000);
afterAll(async () => t.close());

it('answers liveness without the database and readiness with it', async () => {
  const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
  expect(live.statusCode).toBe(200);
  expect(live.json()).toEqual({ status: 'ok' });
  const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({ status: 'ready', database: t.app.database.kind, jobsInProcess: false });
});

it('exports request latency by route, pool use, queue depth and job failures to a scraper with the token', async () => {
  await t.app.inject({ method: 'GET', url: '/api/health/live' });
  await t.app.jobs.send(failing.name, {});
  await t.app.jobs.send(failing.name, {});
  await drainJobs(t.app);
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scraper-token-0123456789' }, remoteAddress: '10.2.3.4' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status_code="200"\} [1-9]/);
  expect(res.body).toMatch(/db_pool_connections\{state="max"\} \d+/);
  expect(res.body).toMatch(/job_queue_depth\{queue="mail",state="queued"\} \d+/);
  expect(res.body).toMatch(/job_queue_depth\{queue="dead-letter",state="queued"\} \d+/);
  expect(res.body).toContain('job_failures_total{job="test.always-fails"} 2');
});

it('refuses /metrics to anyone without the token', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.2.3.4' })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(404);
});
