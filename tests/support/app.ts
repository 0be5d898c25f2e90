/** The real server on a test database, driven with app.inject (no network). */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import type { Clock } from '@/server/clock';
import { loadConfig, type Config } from '@/server/config';
import { openTestDatabase, type TestDatabase } from './database';
import type { AnyJobDefinition } from '@/server/jobs/registry';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  // TEST_RATE_LIMIT_FACTOR: many tests hold and book often as one demo account from one address;
  // tests/integration/limits.test.ts sets it to 1 and checks the spec's numbers.
  // JOBS_IN_PROCESS false: no app of a test runs jobs by itself; tests run them when they want their effect (drainJobs, mailTo).
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/test-data',
    TEST_RATE_LIMIT_FACTOR: '100',
    JOBS_IN_PROCESS: 'false',
    ...overrides,
  });
}

export async function startTestApp(
  options: { seed?: boolean; env?: Record<string, string>; clock?: Clock; jobs?: AnyJobDefinition[]; jobWorkers?: boolean } = {},
): Promise<TestApp> {
  // A seeded test database is a clone of a template seeded once per run (tests/support/database.ts).
  const db = await openTestDatabase({ state: options.seed ? 'seeded' : 'migrated' });
  const config = testConfig(options.env);
  // No job workers: a test runs the queued jobs when it wants their effect (drainJobs, mailTo), never waiting on timers.
  const app = await buildApp({
    config,
    database: db.database,
    serveClient: false,
    seed: false,
    logger: false,
    clock: options.clock,
    jobWorkers: options.jobWorkers ?? false,
    jobs: options.jobs,
  });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** Runs every background job that is due (mail, deliveries) in this app, now; returns how many ran. */
export async function drainJobs(app: FastifyInstance, options: { includeRetries?: boolean } = {}): Promise<number> {
  return app.jobs.drain(app, options);
}
