/** The waitlist's background work: offer a freed time, and end offers whose hold ran out. */
import { constants } from '@/generated/constants';
import type { JobDefinition } from '../jobs/registry';
import { offerFreedTime, sweepOffers, WAITLIST_OFFER_QUEUE, WAITLIST_SWEEP_QUEUE } from './offers';

export interface WaitlistOfferJobData {
  slotId: string;
}

export const waitlistOfferJob: JobDefinition<WaitlistOfferJobData> = {
  name: WAITLIST_OFFER_QUEUE,
  async run(app, data) {
    await offerFreedTime(app, data.slotId);
  },
  describe: (data) => ({ slotId: data.slotId }),
};

export const waitlistSweepJob: JobDefinition<Record<string, never>> = {
  name: WAITLIST_SWEEP_QUEUE,
  cron: constants.waitlistSweepCron,
  async run(app) {
    await sweepOffers(app);
  },
};
