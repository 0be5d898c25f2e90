/**
 * A self-pay session moved to a time with another price (the follow-up rate applies, or no longer
 * does): the difference is charged or given back, so the patient pays the new price exactly once.
 * More: charged to the card on file, else left due (POST /payments/{id}/pay). Less: refunded from
 * the session's charge; a charge not yet settled cannot be refunded in part, so it is voided whole
 * and the new price charged to the card on file (or left due).
 */
import type { Queryable } from '../db/connection';
import { AppError } from '../errors';
import type { CardGateway } from '../payments/gateway';
import { chargeCard, type ChargeLedger } from './charges';
import { refundPayment } from './refunds';

/** The account's card on file that pays what is due: the default first, the holder's own before a dependant's. */
export async function cardOnFile(tx: Queryable, accountId: string): Promise<{ token: string; patient_id: string } | undefined> {
  const [card] = await tx.query<{ token: string; patient_id: string }>(
    `SELECT c.token, c.patient_id FROM patient_cards c JOIN patients p ON p.id = c.patient_id
      WHERE c.user_id = $1 AND c.removed_at IS NULL ORDER BY c.is_default DESC, p.relationship <> 'Self', c.created_at DESC LIMIT 1`,
    [accountId],
  );
  return card;
}

export interface RepriceCommand {
  appointmentId: string;
  accountId: string;
  patientId: string;
  oldPriceCents: number;
  newPriceCents: number;
  createdBy: string;
  /** one per move, so a retried move reprices once */
  idempotencyKey: string;
  /** when the move happened, by the app's clock */
  at: Date;
}

/** Returns the amount left due afterwards (added to the appointment's amount due by the caller). */
export async function repriceSession(tx: Queryable, gateway: CardGateway, command: RepriceCommand, ledger: ChargeLedger): Promise<{ dueCents: number }> {
  const difference = command.newPriceCents - command.oldPriceCents;
  if (difference === 0) return { dueCents: 0 };
  const [charge] = await tx.query<{ id: string; amount_cents: number; transaction_id: string; refunded_cents: string }>(
    `SELECT pay.id, pay.amount_cents, pay.transaction_id, (SELECT coalesce(sum(r.amount_cents), 0) FROM payments r WHERE r.refund_of = pay.id) AS refunded_cents
       FROM payments pay WHERE pay.appointment_id = $1 AND pay.purpose = 'session' AND pay.refund_of IS NULL AND pay.status IN ('succeeded', 'partially_refunded')
      ORDER BY pay.created_at DESC, pay.id LIMIT 1`,
    [command.appointmentId],
  );
  const chargeOnFile = async (amountCents: number): Promise<{ dueCents: number }> => {
    const card = await cardOnFile(tx, command.accountId);
    if (!card) return { dueCents: amountCents };
    const charged = await chargeCard(tx, gateway, {
      amountCents, purpose: 'session', appointmentId: command.appointmentId, userId: command.accountId, patientId: card.patient_id,
      createdBy: command.createdBy, cardToken: card.token, saveCard: false, idempotencyKey: command.idempotencyKey, at: command.at,
    }, ledger);
    return charged.ok ? { dueCents: 0 } : { dueCents: amountCents };
  };
  // Nothing was paid (card optional): the amount due follows the price.
  if (!charge) return { dueCents: difference };
  if (difference > 0) return chargeOnFile(difference);
  const settled = (await gateway.settlement(charge.transaction_id).catch((cause: unknown) => {
    throw new AppError('REFUND_FAILED', { cause });
  })) === 'settled';
  if (settled || Number(charge.refunded_cents) > 0) {
    await refundPayment(tx, gateway, { paymentId: charge.id, amountCents: -difference, reason: 'rescheduled at a lower price', idempotencyKey: command.idempotencyKey, createdBy: command.createdBy, at: command.at });
    return { dueCents: 0 };
  }
  await refundPayment(tx, gateway, { paymentId: charge.id, reason: 'rescheduled at a lower price', idempotencyKey: command.idempotencyKey, createdBy: command.createdBy, at: command.at });
  return chargeOnFile(command.newPriceCents);
}
