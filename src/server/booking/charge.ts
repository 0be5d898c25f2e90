/**
 * Booking step 3, the charge: when the rules ask for one, the caller's live hold is checked first (read
 * only, so no card is charged for a time the caller no longer holds), then the card (or the practice's
 * scheduling system) is charged with no transaction open. The charge belongs to the booking's money
 * move (src/server/money/move.ts): voided if the booking fails after it; a decline refuses the booking.
 */
import type { Queryable } from '../db/connection';
import { AppError } from '../errors';
import { takeCharge, type ChargeCommand, type TakenCharge } from '../money/charges';
import type { MoneyMove } from '../money/move';
import type { BookingPlan } from './check-rules';
import { ownLiveHold } from './holds';
import type { BookingBody } from './patient-rules';

export interface BookingCharge {
  command: ChargeCommand;
  taken: Extract<TakenCharge, { ok: true }>;
}

export interface ChargeContext {
  body: BookingBody;
  plan: BookingPlan;
  appointmentId: string;
  accountId: string;
  callerId: string;
  idempotencyKey: string;
  now: Date;
}

/** The charge taken for the booking; undefined when the booking charges nothing now. */
export async function chargeForBooking(db: Queryable, move: MoneyMove, c: ChargeContext): Promise<BookingCharge | undefined> {
  const { body, plan } = c;
  if (!plan.wantsCharge || !plan.priceCents) return undefined;
  const held = await ownLiveHold(db, body.holdId, c.callerId, c.now);
  if (held.slot_id !== body.slotId || held.provider_id !== body.providerId) throw new AppError('BOOKING_DETAILS_MISMATCH');
  // A new patient paying gets their id in the commit, so the payment names the account holder's own
  // patient when there is one, else the first patient later.
  const payer = plan.drafts.find((d) => d.relationship === 'Self') ?? plan.drafts[0]!;
  const command: ChargeCommand = {
    amountCents: plan.priceCents,
    purpose: 'session',
    appointmentId: c.appointmentId,
    userId: c.accountId,
    patientId: payer.id ?? '',
    createdBy: c.callerId,
    nonce: body.payment?.nonce,
    cardToken: plan.cardToken,
    saveCard: Boolean(body.payment?.saveCard),
    idempotencyKey: c.idempotencyKey,
    at: c.now,
    provider: plan.viaScheduling ? 'scheduling_system' : 'card_gateway',
  };
  const taken = await takeCharge(move, command);
  if (!taken.ok) throw new AppError(plan.viaScheduling ? 'SCHEDULING_PAYMENT_DECLINED' : 'CARD_DECLINED');
  return { command, taken };
}
