/** The sync outbox's job (src/server/jobs/registry.ts): delivers every due outbox row (outbox.ts). */
import type { JobDefinition } from '../jobs/registry';
import { constants } from '@/generated/constants';
import { runOutbox, SYNC_QUEUE } from './outbox';

export const syncOutboxJob: JobDefinition = {
  name: SYNC_QUEUE,
  cron: constants.syncSweepCron,
  run: async (app) => {
    await runOutbox(app);
  },
};
