/**
 * The daily reconciliation as a job for the job engine (the integrator registers it): compares the
 * last day of the ledger with the card gateway's record and keeps any difference as a red alert.
 */
import type { FastifyInstance } from 'fastify';
import { gatewayOf } from '../booking/support';
import { reconcileMoney, type ReconcileOutcome } from './reconcile';

const DAY = 24 * 3600_000;

export const reconcileJob = {
  name: 'money-reconcile',
  cron: '15 3 * * *',
  run: async (app: FastifyInstance): Promise<ReconcileOutcome> => {
    const to = app.clock.now();
    return reconcileMoney(app.database, gatewayOf(app), { from: new Date(to.getTime() - DAY), to }, app.log);
  },
};
