/**
 * The daily reconciliation, a job of the job engine (listed in src/server/jobs/registry.ts): compares the
 * last day of the ledger with the record of each payment service (the card gateway, the scheduling
 * system's payment service) and keeps any difference as a red alert.
 */
import type { FastifyInstance } from 'fastify';
import { reconcileMoney, type ReconcileOutcome } from './reconcile';
import type { JobDefinition } from '../jobs/registry';
import type { PaymentService } from '../payments/gateway';

const DAY = 24 * 3600_000;

/** Reconciles the last day by the app's clock; the outcome is what the job found (differences are also kept in money_discrepancies). */
export async function reconcileLastDay(app: FastifyInstance, service: PaymentService = app.cardGateway): Promise<ReconcileOutcome> {
  const to = app.clock.now();
  return reconcileMoney(app.database, service, { from: new Date(to.getTime() - DAY), to }, app.log);
}

export const reconcileJob: JobDefinition = {
  name: 'money-reconcile',
  cron: '15 3 * * *',
  run: async (app) => {
    await reconcileLastDay(app, app.cardGateway);
    await reconcileLastDay(app, app.schedulingPayments);
  },
};
