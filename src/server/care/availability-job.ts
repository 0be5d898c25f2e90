/**
 * The daily regeneration of open slots: availability is saved once, but the
 * availability window (availabilityWindowDays) moves with the days, so each day the slots of every
 * provider with saved availability are made again from it (regenerateFor: the rules of a save, booked
 * and held slots untouched) and the new open times are offered to waitlists, as after a save. A
 * provider who has saved no availability keeps the slots they have.
 */
import type { FastifyInstance } from 'fastify';
import { constants } from '@/generated/constants';
import { all, qb } from '../db/typed';
import type { JobDefinition } from '../jobs/registry';
import { timesOpened } from '../waitlist/offers';
import { availabilityProvider, regenerateFor } from './availability';

export interface SlotRegenerationRun {
  providers: number;
  created: number;
  removed: number;
  failed: number;
}

/** Regenerates every provider with saved availability; one provider's failure does not stop the others. */
export async function regenerateSavedAvailability(app: FastifyInstance): Promise<SlotRegenerationRun> {
  const db = app.database;
  const rows = await all(
    db,
    qb
      .selectFrom('provider_availability as pa')
      .innerJoin('providers as p', 'p.id', 'pa.provider_id')
      .select('pa.provider_id')
      .where('p.removed_at', 'is', null)
      .orderBy('pa.provider_id'),
  );
  const run: SlotRegenerationRun = { providers: 0, created: 0, removed: 0, failed: 0 };
  for (const { provider_id } of rows) {
    try {
      const provider = await availabilityProvider(db, provider_id);
      if (!provider) continue;
      const now = app.clock.now();
      const result = await regenerateFor(db, provider, now);
      if (!result) continue;
      run.providers += 1;
      run.created += result.created;
      run.removed += result.removed;
      await timesOpened(app, provider.id, result.createdSlotIds);
    } catch (error) {
      run.failed += 1;
      app.log.error({ err: error, providerId: provider_id }, 'slot regeneration failed for a provider');
    }
  }
  return run;
}

export const availabilitySlotsJob: JobDefinition = {
  name: 'availability-slots',
  cron: constants.availabilitySlotsCron,
  run: async (app) => {
    const run = await regenerateSavedAvailability(app);
    app.log.info(run, 'open slots regenerated from saved availability');
    // Tried again later (the others are idempotent): a provider whose slots could not be made.
    if (run.failed) throw new Error(`Slot regeneration failed for ${run.failed} provider(s).`);
  },
};
