/**
 * The job engine of this app (src/server/jobs): opened after the database, so requests can queue
 * jobs; its workers start once the app is ready (a job's handler uses the whole app) when
 * `workers` is on (JOBS_IN_PROCESS, or `npm run worker`), and stop, finishing what they hold,
 * before the database closes.
 */
import fp from 'fastify-plugin';
import { JobEngine } from '../jobs/engine';
import { jobDefinitions, type AnyJobDefinition } from '../jobs/registry';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobEngine;
  }
}

export interface JobsPluginOptions {
  /** this process runs jobs (workers, cron, maintenance); otherwise it only queues them */
  workers: boolean;
  /** the definitions (default: src/server/jobs/registry.ts) */
  definitions?: AnyJobDefinition[];
  /** tests only (TEST_JOB_RETRY_DELAY_SECONDS): a fixed wait between tries instead of the spec's doubling back-off, and queue figures refreshed as often */
  retryDelaySeconds?: number;
}

export default fp<JobsPluginOptions>(
  async (app, opts) => {
    const engine = await JobEngine.open(app.database, opts.definitions ?? jobDefinitions, {
      maintain: opts.workers,
      retryDelaySeconds: opts.retryDelaySeconds,
      onFailure: (job) => {
        app.metrics?.jobFailures.inc({ job });
        app.log.warn({ job }, 'a background job failed; it will be tried again or dead-lettered');
      },
      onError: (err) => app.log.error({ err }, 'job engine error'),
    });
    app.decorate('jobs', engine);
    if (opts.workers) app.addHook('onReady', async () => engine.startWorkers(app));
    app.addHook('onClose', async () => engine.stop());
  },
  { name: 'jobs', dependencies: ['database'] },
);
