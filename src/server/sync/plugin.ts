/**
 * The sync outbox in the app: the adapter the environment chose (app.sync), and, in
 * processes that run jobs, a LISTEN on the outbox's channel: the trigger's NOTIFY arrives when a
 * change commits, and the sync-outbox job is queued at once (one per burst of commits). Started once
 * on ready, it also catches up on what waited while no process listened.
 */
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { adapterFor } from './adapters';
import { SYNC_QUEUE } from './outbox';

export interface SyncPluginOptions {
  config: Pick<Config, 'sync' | 'syncDeliveryAttempts' | 'syncRetryDelaySeconds'>;
  /** this process runs jobs (JOBS_IN_PROCESS or `npm run worker`) */
  workers: boolean;
}

export default fp<SyncPluginOptions>(
  async (app, { config, workers }) => {
    app.decorate('sync', { adapter: adapterFor(config, app.database), attempts: config.syncDeliveryAttempts, retryDelaySeconds: config.syncRetryDelaySeconds });
    if (!workers) return;
    let stop: (() => Promise<void>) | undefined;
    let queued = false;
    const wake = () => {
      if (queued || app.lifecycle.closing) return;
      queued = true;
      setImmediate(() => {
        queued = false;
        app.jobs.send(SYNC_QUEUE, {}).catch((err: unknown) => app.log.warn({ err }, 'could not queue the sync outbox job'));
      });
    };
    app.addHook('onReady', async () => {
      stop = await app.database.listen('sync_outbox', wake);
      wake();
    });
    app.addHook('preClose', async () => {
      await stop?.();
    });
  },
  { name: 'sync', dependencies: ['database', 'jobs'] },
);
