/**
 * The daily reconciliation, a job of the job engine (listed in src/server/jobs/registry.ts): compares the
 * last day of the ledger with the card gateway's record and keeps any difference as a red alert.
 */
import type { FastifyInstance } from 'fastify';
import { gatewayOf } from '../booking/support';
import { reconcileMoney, type ReconcileOutcome } from './reconcile';
import type { JobDefinition } from '../jobs/registry';

const DAY = 24 * 3600_000;

/** Reconciles the last day by the app's clock; the outcome is what the job found (differences are also kept in money_discrepancies). */
export async function reconcileLastDay(app: FastifyInstance): Promise<ReconcileOutcome> {
  const to = app.clock.now();
  return reconcileMoney(app.database, gatewayOf(app), { from: new Date(to.getTime() - DAY), to }, app.log);
}

export const reconcileJob: JobDefinition = {
  name: 'money-reconcile',
  cron: '15 3 * * *',
  run: async (app) => {
    await reconcileLastDay(app);
  },
};
