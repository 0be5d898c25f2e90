/**
 * Giving money back: a refund of part or all of a charge, as the payment status table of
 * src/domain/payment-status.ts allows. A charge not yet settled is voided when all of it goes back
 * (nothing reaches the card statement); a settled one is refunded through the gateway. Every refund
 * is a row of payments naming the charge (refund_of), with the gateway's id and the idempotency key:
 * the same key for the same charge answers the first refund and moves no money again.
 */
import { refundDecision } from '@/domain/payment-status';
import type { FastifyRequest } from 'fastify';
import type { PaymentStatus } from '@/generated/enums';
import { sendRefundMail } from '../booking/mails';
import { callerOf } from '../plugins/auth';
import type { Queryable } from '../db/connection';
import { AppError } from '../errors';
import { appendLedger } from './ledger';
import { paymentServicesOf, serviceNamed, type PaymentServices } from './move';

export interface RefundCommand {
  paymentId: string;
  /** all that is left when undefined */
  amountCents?: number;
  reason: string;
  idempotencyKey: string;
  createdBy: string;
  /** when the money moved back, by the app's clock */
  at: Date;
}

export interface RefundOutcome {
  refundId: string;
  amountCents: number;
  method: 'void' | 'refund';
  /** true when the key had refunded this charge before: nothing moved now */
  replayed: boolean;
}

interface ChargeRow {
  id: string;
  status: PaymentStatus;
  amount_cents: number;
  transaction_id: string;
  gateway: string;
  refunded_cents: string;
  user_id: string;
  appointment_id: string | null;
}

/** Refunds a charge inside the caller's transaction (the charge row is locked until it commits). */
export async function refundPayment(tx: Queryable, services: PaymentServices, command: RefundCommand): Promise<RefundOutcome> {
  const [charge] = await tx.query<ChargeRow>(
    `SELECT pay.id, pay.status, pay.amount_cents, pay.transaction_id, pay.gateway, pay.user_id, pay.appointment_id,
            (SELECT coalesce(sum(r.amount_cents), 0) FROM payments r WHERE r.refund_of = pay.id) AS refunded_cents
       FROM payments pay WHERE pay.id = $1 AND pay.refund_of IS NULL FOR UPDATE`,
    [command.paymentId],
  );
  if (!charge) throw new AppError('NOT_FOUND');
  const [earlier] = await tx.query<{ id: string; amount_cents: number; transaction_id: string }>(
    'SELECT id, amount_cents, transaction_id FROM payments WHERE refund_of = $1 AND idempotency_key = $2',
    [charge.id, command.idempotencyKey],
  );
  if (earlier)
    return { refundId: earlier.id, amountCents: earlier.amount_cents, method: earlier.transaction_id.endsWith(':void') ? 'void' : 'refund', replayed: true };

  const already = Number(charge.refunded_cents);
  const decision = refundDecision(charge.status, charge.amount_cents, already, command.amountCents);
  // Given back by whoever took it: the card gateway, or the scheduling system's payment service.
  const gateway = serviceNamed(services, charge.gateway);
  if (!decision.ok || !gateway) throw new AppError('REFUND_NOT_POSSIBLE', { details: { reason: decision.ok ? 'other-gateway' : decision.reason } });

  const settled =
    (await gateway.settlement(charge.transaction_id).catch((cause: unknown) => {
      throw new AppError('REFUND_FAILED', { cause });
    })) === 'settled';
  let method: RefundOutcome['method'];
  let gatewayId: string;
  if (!settled) {
    // Only the whole charge can be voided; a part waits until the charge has settled.
    if (already > 0 || decision.amountCents !== charge.amount_cents) throw new AppError('REFUND_NOT_POSSIBLE', { details: { reason: 'not-settled' } });
    await gateway.void(charge.transaction_id, charge.amount_cents).catch((cause: unknown) => {
      throw new AppError('REFUND_FAILED', { cause });
    });
    method = 'void';
    gatewayId = `${charge.transaction_id}:void`;
  } else {
    const refunded = await gateway.refund(charge.transaction_id, decision.amountCents).catch((cause: unknown) => {
      throw new AppError('REFUND_FAILED', { cause });
    });
    if (!refunded.ok) throw new AppError('REFUND_FAILED', { details: { reason: refunded.reason } });
    method = 'refund';
    gatewayId = refunded.refundId;
  }
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO payments (appointment_id, user_id, patient_id, status, provider, purpose, amount_cents, currency, gateway, transaction_id,
                           card_brand, card_last4, idempotency_key, created_by, refund_of, refund_reason, created_at)
     SELECT appointment_id, user_id, patient_id, 'refunded', provider, purpose, $2, currency, gateway, $3, card_brand, card_last4, $4, $5, id, $6, $7
       FROM payments WHERE id = $1 RETURNING id`,
    [charge.id, decision.amountCents, gatewayId, command.idempotencyKey, command.createdBy, command.reason, command.at.toISOString()],
  );
  await appendLedger(tx, {
    kind: method,
    accountId: charge.user_id,
    appointmentId: charge.appointment_id,
    paymentId: row!.id,
    gateway: charge.gateway,
    transactionId: gatewayId,
    chargeTransactionId: charge.transaction_id,
    gatewayCents: -decision.amountCents,
    idempotencyKey: command.idempotencyKey,
    reason: command.reason,
    createdBy: command.createdBy,
    at: command.at,
  });
  await tx.query(`UPDATE payments SET status = $2, refunded_at = CASE WHEN $2 = 'refunded' THEN $3::timestamptz ELSE refunded_at END WHERE id = $1`, [
    charge.id,
    decision.next,
    command.at.toISOString(),
  ]);
  return { refundId: row!.id, amountCents: decision.amountCents, method, replayed: false };
}

/**
 * The payments made for the session itself, whatever paid them: the charge at booking or after a
 * move (purpose session) and what was owed and paid later (purpose balance, src/server/money/pay-due.ts).
 * A late-cancellation fee is not the session's and is never among them.
 */
export const SESSION_PURPOSES = ['session', 'balance'] as const;

/**
 * Gives back in full every payment for the session (session and balance) that still has money in it
 * (a cancellation in time, or by the practice). The key is per appointment and charge, so a retried
 * cancellation refunds once.
 */
export async function refundSession(
  tx: Queryable,
  services: PaymentServices,
  appointmentId: string,
  reason: string,
  createdBy: string,
  at: Date,
): Promise<RefundOutcome[]> {
  const charges = await tx.query<{ id: string }>(
    `SELECT id FROM payments WHERE appointment_id = $1 AND purpose = ANY($2::text[]) AND refund_of IS NULL AND status IN ('succeeded', 'partially_refunded')
      ORDER BY created_at, id`,
    [appointmentId, SESSION_PURPOSES],
  );
  const outcomes: RefundOutcome[] = [];
  for (const charge of charges) {
    outcomes.push(await refundPayment(tx, services, { paymentId: charge.id, reason, idempotencyKey: `cancel:${appointmentId}`, createdBy, at }));
  }
  return outcomes;
}

/** A refund staff give (all or part of a charge, with a reason): once per key; the patient gets the refund mail. */
export async function refundByStaff(
  request: FastifyRequest,
  paymentId: string,
  body: { amountCents?: number; reason: string },
  key: string,
): Promise<RefundOutcome> {
  const { server } = request;
  const outcome = await server.database.transaction((tx) =>
    refundPayment(tx, paymentServicesOf(server), {
      paymentId,
      amountCents: body.amountCents,
      reason: body.reason,
      idempotencyKey: `staff:${key}`,
      createdBy: callerOf(request).userId,
      at: server.clock.now(),
    }),
  );
  if (!outcome.replayed) void sendRefundMail(server, outcome.refundId).catch((err: unknown) => request.log.warn({ err }, 'refund mail failed'));
  return outcome;
}
