/**
 * The money ledger: one append-only row per movement of money, written by the money
 * service in the caller's transaction, so a payment and its ledger row commit or roll back together.
 * Balances are read from it, never stored twice: what an appointment still owes (appointment_due_cents
 * in SQL, dueCents here) and what a charge still holds.
 */
import type { Queryable } from '../db/connection';
import { first, qb, run, sql } from '../db/typed';

export type LedgerKind = 'charge' | 'void' | 'refund' | 'fee' | 'due' | 'due_payment';

export interface LedgerEntry {
  kind: LedgerKind;
  accountId: string;
  appointmentId?: string | null;
  paymentId?: string | null;
  gateway?: string | null;
  /** the gateway's id of this movement (undefined when no money moved at the gateway) */
  transactionId?: string | null;
  /** the gateway's id of the charge this movement belongs to */
  chargeTransactionId?: string | null;
  /** + taken at the gateway, - given back */
  gatewayCents?: number;
  /** + owed, - paid or forgiven */
  dueCents?: number;
  idempotencyKey?: string | null;
  reason?: string | null;
  createdBy?: string | null;
  at: Date;
}

export async function appendLedger(tx: Queryable, e: LedgerEntry): Promise<void> {
  if (!e.gatewayCents && !e.dueCents) return;
  await run(
    tx,
    qb.insertInto('money_ledger').values({
      at: e.at.toISOString(),
      kind: e.kind,
      account_id: e.accountId,
      appointment_id: e.appointmentId ?? null,
      payment_id: e.paymentId ?? null,
      gateway: e.gateway ?? null,
      transaction_id: e.transactionId ?? null,
      charge_transaction_id: e.chargeTransactionId ?? e.transactionId ?? null,
      gateway_cents: e.gatewayCents ?? 0,
      due_cents: e.dueCents ?? 0,
      idempotency_key: e.idempotencyKey ?? null,
      reason: e.reason ?? null,
      created_by: e.createdBy ?? null,
    }),
  );
}

/** What an appointment still owes, from the ledger (locks nothing: callers lock the appointment row first). */
export async function dueCents(tx: Queryable, appointmentId: string): Promise<number> {
  const row = await first(tx, qb.selectNoFrom(sql<number>`appointment_due_cents(${appointmentId})`.as('due')));
  return Number(row?.due ?? 0);
}

/**
 * Changes what an appointment owes by `cents` (never below nothing): a price left to pay, a
 * difference after a move, a fee no card paid (kind fee), or what a cancellation in time forgives.
 * Returns the change made.
 */
export async function changeDue(
  tx: Queryable,
  e: {
    appointmentId: string;
    accountId: string;
    cents: number;
    kind?: 'due' | 'fee';
    reason: string;
    createdBy?: string | null;
    idempotencyKey?: string | null;
    at: Date;
  },
): Promise<number> {
  const current = await dueCents(tx, e.appointmentId);
  const change = Math.max(-current, e.cents);
  await appendLedger(tx, {
    kind: e.kind ?? 'due',
    accountId: e.accountId,
    appointmentId: e.appointmentId,
    dueCents: change,
    reason: e.reason,
    createdBy: e.createdBy,
    idempotencyKey: e.idempotencyKey,
    at: e.at,
  });
  return change;
}
