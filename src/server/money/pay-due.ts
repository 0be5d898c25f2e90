/**
 * Paying what an appointment owes (POST /appointments/{id}/pay): a price left unpaid at booking or
 * after a move, or a late-cancellation fee no card paid. The whole amount due, from the ledger, is
 * charged once per idempotency key, as a payment of what it pays (the fee when the fee is
 * outstanding, else the balance), also when the card declines.
 */
import type { FastifyRequest } from 'fastify';
import type { PayAppointmentBody, PayAppointmentResponse } from '@/generated/entities';
import { paymentOut } from '../booking/appointments';
import { dbNow, first, qb, run, sql } from '../db/typed';
import { AppError } from '../errors';
import { AlreadyAnswered, claimKey, requestHash, storeAnswer, storedAnswer, type IdempotencyScope } from '../idempotency';
import { paymentRowById } from '../payments/repository';
import { callerOf } from '../plugins/auth';
import { chargeCard } from './charges';
import { withMove } from './move';

export function gatewayFailure(reason: 'declined' | 'invalid'): AppError {
  return new AppError(reason === 'invalid' ? 'CARD_INVALID' : 'CARD_DECLINED');
}

export async function payDue(
  request: FastifyRequest,
  appointment: { id: string; account_id: string; amount_due_cents: number },
  body: PayAppointmentBody,
  key: string,
): Promise<PayAppointmentResponse> {
  const caller = callerOf(request);
  const db = request.server.database;
  const scope: IdempotencyScope = { callerId: caller.userId, endpoint: 'payAppointment', key, requestHash: requestHash({ id: appointment.id, body }) };
  const earlier = await storedAnswer(db, scope);
  if (earlier) return earlier.body as PayAppointmentResponse;
  if (appointment.amount_due_cents <= 0) throw new AppError('NOTHING_TO_PAY');
  const { nonce, cardId, saveCard: keep } = body;
  let token: string | undefined;
  let payer: string | undefined;
  if (cardId) {
    const card = await first(
      db,
      qb
        .selectFrom('patient_cards')
        .select(['token', 'patient_id'])
        .where('id', '=', cardId)
        .where('user_id', '=', appointment.account_id)
        .where('removed_at', 'is', null),
    );
    if (!card) throw new AppError('NOT_FOUND');
    token = card.token;
    payer = card.patient_id;
  } else if (!nonce) {
    throw new AppError('CARD_REQUIRED');
  }
  if (!payer) {
    const p = await first(
      db,
      qb.selectFrom('appointment_patients').select('patient_id').where('appointment_id', '=', appointment.id).orderBy('position').limit(1),
    );
    payer = p!.patient_id;
  }
  try {
    return await withMove(request.server, request.log, 'payment', (move) =>
      db.transaction(async (tx) => {
        if (!(await claimKey(tx, scope))) throw new AlreadyAnswered();
        const current = await first(
          tx,
          qb
            .selectFrom('appointments')
            .select([sql<number>`appointment_due_cents(id)`.as('amount_due_cents'), 'cancel_fee_status'])
            .where('id', '=', appointment.id)
            .forUpdate(),
        );
        const amount = current!.amount_due_cents;
        if (amount <= 0) throw new AppError('NOTHING_TO_PAY');
        const charge = await chargeCard(tx, move, {
          amountCents: amount,
          purpose: current!.cancel_fee_status === 'outstanding' ? 'late_cancel_fee' : 'balance',
          appointmentId: appointment.id,
          userId: appointment.account_id,
          patientId: payer!,
          createdBy: caller.userId,
          nonce,
          cardToken: token,
          saveCard: Boolean(keep),
          idempotencyKey: key,
          paysDue: true,
          at: request.server.clock.now(),
        });
        if (!charge.ok) throw gatewayFailure(charge.reason);
        await run(
          tx,
          qb
            .updateTable('appointments')
            .set({
              cancel_fee_status: sql<string | null>`CASE WHEN cancel_fee_status = 'outstanding' THEN 'charged' ELSE cancel_fee_status END`,
              updated_at: dbNow,
            })
            .where('id', '=', appointment.id),
        );
        const payment = await paymentRowById(tx, charge.paymentId);
        const out: PayAppointmentResponse = {
          paymentId: charge.paymentId,
          status: 'succeeded',
          amountCents: amount,
          appointmentId: appointment.id,
          amountDueCents: 0,
          payment: paymentOut(payment!),
        };
        await storeAnswer(tx, scope, 200, out);
        return out;
      }),
    );
  } catch (error) {
    if (error instanceof AlreadyAnswered) {
      const answer = await storedAnswer(db, scope);
      if (answer) return answer.body as PayAppointmentResponse;
    }
    throw error;
  }
}
