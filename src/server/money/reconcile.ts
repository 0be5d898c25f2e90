/**
 * Reconciliation: what the ledger says moved at the card gateway in a window, charge by
 * charge, against the gateway's own record of the same window. Any charge whose net differs (money
 * the gateway moved that the ledger does not know, or a ledger row the gateway never saw) is kept in
 * money_discrepancies - a red alert for staff - and logged by transaction id only (no names, no care).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/connection';
import { all, qb, run, sql } from '../db/typed';
import type { PaymentService } from '../payments/gateway';

export interface Discrepancy {
  chargeTransactionId: string;
  ledgerCents: number;
  gatewayCents: number;
}

export type ReconcileOutcome = { ok: true; checked: number; discrepancies: Discrepancy[] } | { ok: false; reason: 'gateway-keeps-no-record' };

/** Compares the ledger with the gateway for [from, to] and records each difference once per window. */
export async function reconcileMoney(
  db: Queryable,
  gateway: PaymentService,
  window: { from: Date; to: Date },
  log?: FastifyBaseLogger,
): Promise<ReconcileOutcome> {
  if (!gateway.record) return { ok: false, reason: 'gateway-keeps-no-record' };
  const recorded = await gateway.record(window.from, window.to);
  const ledger = await all(
    db,
    qb
      .selectFrom('money_ledger')
      .select(['charge_transaction_id', sql<string>`sum(gateway_cents)`.as('cents')])
      .where('gateway', '=', gateway.name)
      .where('transaction_id', 'is not', null)
      .where('at', '>=', sql<Date>`${window.from.toISOString()}`)
      .where('at', '<=', sql<Date>`${window.to.toISOString()}`)
      .groupBy('charge_transaction_id')
      .$narrowType<{ charge_transaction_id: string }>(),
  );
  const nets = new Map<string, { ledgerCents: number; gatewayCents: number }>();
  const at = (id: string) => nets.get(id) ?? nets.set(id, { ledgerCents: 0, gatewayCents: 0 }).get(id)!;
  for (const row of ledger) at(row.charge_transaction_id).ledgerCents += Number(row.cents);
  for (const entry of recorded) at(entry.chargeTransactionId).gatewayCents += entry.amountCents;
  const discrepancies: Discrepancy[] = [...nets.entries()]
    .filter(([, n]) => n.ledgerCents !== n.gatewayCents)
    .map(([chargeTransactionId, n]) => ({ chargeTransactionId, ...n }))
    .sort((a, b) => a.chargeTransactionId.localeCompare(b.chargeTransactionId));
  for (const d of discrepancies) {
    await run(
      db,
      qb
        .insertInto('money_discrepancies')
        .values({
          found_at: window.to.toISOString(),
          gateway: gateway.name,
          charge_transaction_id: d.chargeTransactionId,
          ledger_cents: d.ledgerCents,
          gateway_cents: d.gatewayCents,
          window_start: window.from.toISOString(),
          window_end: window.to.toISOString(),
        })
        .onConflict((oc) => oc.columns(['gateway', 'charge_transaction_id', 'window_start']).doNothing()),
    );
    log?.error({ gateway: gateway.name, transactionId: d.chargeTransactionId }, 'money reconciliation: the ledger and the gateway differ');
  }
  return { ok: true, checked: nets.size, discrepancies };
}
