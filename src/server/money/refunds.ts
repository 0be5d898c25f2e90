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
import { all, first, qb, run, sql } from '../db/typed';
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

/** Refunds a charge inside the caller's transaction (the charge row is locked until it commits). */
export async function refundPayment(tx: Queryable, services: PaymentServices, command: RefundCommand): Promise<RefundOutcome> {
  const charge = await first(
    tx,
    qb
      .selectFrom('payments as pay')
      .select((eb) => [
        'pay.id',
        sql<PaymentStatus>`pay.status`.as('status'),
        'pay.amount_cents',
        sql<string>`pay.transaction_id`.as('transaction_id'),
        'pay.gateway',
        'pay.user_id',
        'pay.appointment_id',
        eb
          .selectFrom('payments as r')
          .select(sql<string>`coalesce(sum(r.amount_cents), 0)`.as('refunded'))
          .whereRef('r.refund_of', '=', 'pay.id')
          .as('refunded_cents'),
      ])
      .where('pay.id', '=', command.paymentId)
      .where('pay.refund_of', 'is', null)
      .forUpdate(),
  );
  if (!charge) throw new AppError('NOT_FOUND');
  const earlier = await first(
    tx,
    qb
      .selectFrom('payments')
      .select(['id', 'amount_cents', sql<string>`transaction_id`.as('transaction_id')])
      .where('refund_of', '=', charge.id)
      .where('idempotency_key', '=', command.idempotencyKey),
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
  const row = await first(
    tx,
    qb
      .insertInto('payments')
      .columns([
        'appointment_id',
        'user_id',
        'patient_id',
        'status',
        'provider',
        'purpose',
        'amount_cents',
        'currency',
        'gateway',
        'transaction_id',
        'card_brand',
        'card_last4',
        'idempotency_key',
        'created_by',
        'refund_of',
        'refund_reason',
        'created_at',
      ])
      .expression(
        qb
          .selectFrom('payments')
          .select([
            'appointment_id',
            'user_id',
            'patient_id',
            sql.lit('refunded').as('status'),
            'provider',
            'purpose',
            sql<number>`${decision.amountCents}`.as('amount_cents'),
            'currency',
            'gateway',
            sql<string>`${gatewayId}`.as('transaction_id'),
            'card_brand',
            'card_last4',
            sql<string>`${command.idempotencyKey}`.as('idempotency_key'),
            sql<string>`${command.createdBy}`.as('created_by'),
            'id',
            sql<string>`${command.reason}`.as('refund_reason'),
            sql<string>`${command.at.toISOString()}`.as('created_at'),
          ])
          .where('id', '=', charge.id),
      )
      .returning('id'),
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
  await run(
    tx,
    qb
      .updateTable('payments')
      .set({
        status: decision.next,
        refunded_at: decision.next === 'refunded' ? command.at.toISOString() : sql<Date | null>`refunded_at`,
      })
      .where('id', '=', charge.id),
  );
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
  const charges = await all(
    tx,
    qb
      .selectFrom('payments')
      .select('id')
      .where('appointment_id', '=', appointmentId)
      .where('purpose', '=', sql<string>`ANY(${SESSION_PURPOSES}::text[])`)
      .where('refund_of', 'is', null)
      .where('status', 'in', ['succeeded', 'partially_refunded'])
      .orderBy('created_at')
      .orderBy('id'),
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
