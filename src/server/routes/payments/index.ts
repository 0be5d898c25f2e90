/** Card and payment calls of product-spec §7 (tokenize, cards on file, pay an appointment). */
import type { FastifyRequest } from 'fastify';
import type { PayAppointmentResponse } from '../../../generated/entities';
import { reachPatient, reachRecord } from '../../accounts/reach';
import { paymentOut, PAYMENT_JSON, type PaymentRow } from '../../booking/appointments';
import { chargeCard, recordFailedPayment, saveCard, type ChargeLedger, type ChargeOutcome } from '../../money/charges';
import { refundPayment, voidFailedCharge } from '../../money/refunds';
import { sendRefundMail } from '../../booking/mails';
import {
  AlreadyAnswered, claimKey, flagOn, gatewayOf, idempotencyKeyOf, requestHash, storeAnswer, storedAnswer, type IdempotencyScope,
} from '../../booking/support';
import { AppError } from '../../errors';
import { callerOf } from '../../plugins/auth';
import type { Handlers } from '../registry';

interface CardRow {
  id: string;
  patient_id: string;
  brand: string;
  last4: string;
  expiration_month: number;
  expiration_year: number;
  is_default: boolean;
  created_at: Date;
}

const cardOut = (c: CardRow) => ({
  id: c.id, patientId: c.patient_id, brand: c.brand, last4: c.last4.trim(), expirationMonth: c.expiration_month, expirationYear: c.expiration_year,
  isDefault: c.is_default, createdAt: new Date(c.created_at).toISOString(),
});

function gatewayFailure(reason: 'declined' | 'invalid'): AppError {
  return new AppError(reason === 'invalid' ? 'CARD_INVALID' : 'CARD_DECLINED');
}

async function reachAppointmentForPayment(request: FastifyRequest, id: string) {
  return reachRecord<{ id: string; account_id: string; account_partner_id: string | null; amount_due_cents: number; cancel_fee_status: string | null }>(
    request, 'appointment', id, 'payAppointment',
    `SELECT a.id, a.user_id AS account_id, u.business_partner_id AS account_partner_id, appointment_due_cents(a.id) AS amount_due_cents, a.cancel_fee_status
       FROM appointments a JOIN users u ON u.id = a.user_id WHERE a.id = $1`,
  );
}

export const paymentsHandlers: Handlers = {
  async getPaymentGateway(request) {
    const gateway = gatewayOf(request.server);
    try {
      const clientToken = await gateway.clientToken();
      return { gateway: gateway.name, ...(clientToken ? { clientToken } : {}) };
    } catch (error) {
      throw new AppError('BOOKING_FAILED', { cause: error });
    }
  },

  async tokenizeCard(request, reply) {
    const gateway = gatewayOf(request.server);
    if (!gateway.tokenize) throw new AppError('CARD_TOKENIZATION_UNAVAILABLE');
    const result = gateway.tokenize(request.body);
    if (!result.ok) throw new AppError('CARD_INVALID');
    reply.status(201);
    return { nonce: result.nonce, ...result.card };
  },

  async savePatientCard(request, reply) {
    const patient = await reachPatient(request, request.body.patientId, 'savePatientCard');
    const gateway = gatewayOf(request.server);
    const saved = await request.server.database.transaction((tx) => saveCard(tx, gateway, request.body.nonce, patient.id, patient.account_id, Boolean(request.body.makeDefault)));
    if (!saved.ok) throw gatewayFailure(saved.reason);
    const [row] = await request.server.database.query<CardRow>('SELECT * FROM patient_cards WHERE id = $1', [saved.cardId]);
    request.auditTarget = { type: 'patient', id: patient.id };
    reply.status(201);
    return cardOut(row!);
  },

  async listPatientCards(request) {
    const patient = await reachPatient(request, request.params.id, 'listPatientCards');
    const rows = await request.server.database.query<CardRow>(
      'SELECT * FROM patient_cards WHERE patient_id = $1 AND removed_at IS NULL ORDER BY is_default DESC, created_at DESC',
      [patient.id],
    );
    return { items: rows.map(cardOut) };
  },

  async payAppointment(request) {
    const caller = callerOf(request);
    const appointment = await reachAppointmentForPayment(request, request.params.id);
    const key = idempotencyKeyOf(request, true)!;
    const db = request.server.database;
    const scope: IdempotencyScope = { callerId: caller.userId, endpoint: 'payAppointment', key, requestHash: requestHash({ id: appointment.id, body: request.body }) };
    const earlier = await storedAnswer(db, scope);
    if (earlier) return earlier.body as PayAppointmentResponse;
    if (appointment.amount_due_cents <= 0) throw new AppError('NOTHING_TO_PAY');
    const { nonce, cardId, saveCard: keep } = request.body;
    let token: string | undefined;
    let payer: string | undefined;
    if (cardId) {
      const [card] = await db.query<{ token: string; patient_id: string }>('SELECT token, patient_id FROM patient_cards WHERE id = $1 AND user_id = $2 AND removed_at IS NULL', [cardId, appointment.account_id]);
      if (!card) throw new AppError('NOT_FOUND');
      token = card.token;
      payer = card.patient_id;
    } else if (!nonce) {
      throw new AppError('CARD_REQUIRED');
    }
    if (!payer) {
      const [p] = await db.query<{ patient_id: string }>('SELECT patient_id FROM appointment_patients WHERE appointment_id = $1 ORDER BY position LIMIT 1', [appointment.id]);
      payer = p!.patient_id;
    }
    const gateway = gatewayOf(request.server);
    let charge: ChargeOutcome | undefined;
    const ledger: ChargeLedger = {};
    let amount = 0;
    let purpose: 'late_cancel_fee' | 'balance' = 'balance';
    try {
      return await db.transaction(async (tx) => {
        if (!(await claimKey(tx, scope))) throw new AlreadyAnswered();
        const [current] = await tx.query<{ amount_due_cents: number; cancel_fee_status: string | null }>('SELECT appointment_due_cents(id) AS amount_due_cents, cancel_fee_status FROM appointments WHERE id = $1 FOR UPDATE', [appointment.id]);
        amount = current!.amount_due_cents;
        if (amount <= 0) throw new AppError('NOTHING_TO_PAY');
        purpose = current!.cancel_fee_status === 'outstanding' ? 'late_cancel_fee' : 'balance';
        charge = await chargeCard(tx, gateway, {
          amountCents: amount, purpose, appointmentId: appointment.id, userId: appointment.account_id, patientId: payer!, createdBy: caller.userId,
          nonce, cardToken: token, saveCard: Boolean(keep), idempotencyKey: key, paysDue: true, at: request.server.clock.now(),
        }, ledger);
        if (!charge.ok) throw gatewayFailure(charge.reason);
        await tx.query(
          `UPDATE appointments SET cancel_fee_status = CASE WHEN cancel_fee_status = 'outstanding' THEN 'charged' ELSE cancel_fee_status END, updated_at = now() WHERE id = $1`,
          [appointment.id],
        );
        const [row] = await tx.query<{ payment: PaymentRow }>(`SELECT ${PAYMENT_JSON} AS payment FROM payments pay WHERE pay.id = $1`, [charge.paymentId]);
        const out: PayAppointmentResponse = {
          paymentId: charge.paymentId, status: 'succeeded', amountCents: amount, appointmentId: appointment.id, amountDueCents: 0, payment: paymentOut(row!.payment),
        };
        await storeAnswer(tx, scope, 200, out);
        return out;
      });
    } catch (error) {
      await voidFailedCharge(request.log, gateway, ledger.transactionId, 'payment');
      if (charge && !charge.ok) {
        await recordFailedPayment(db, { amountCents: amount, purpose, userId: appointment.account_id, createdBy: caller.userId, card: charge.card, reason: charge.reason, appointmentId: appointment.id, gateway: gateway.name, idempotencyKey: key, at: request.server.clock.now() }).catch(() => undefined);
      }
      if (error instanceof AlreadyAnswered) {
        const answer = await storedAnswer(db, scope);
        if (answer) return answer.body as PayAppointmentResponse;
      }
      throw error;
    }
  },

  async refundPayment(request) {
    const caller = callerOf(request);
    const payment = await reachRecord<{ id: string; account_id: string; account_partner_id: string | null }>(
      request, 'payment', request.params.id, 'refundPayment',
      'SELECT pay.id, pay.user_id AS account_id, u.business_partner_id AS account_partner_id FROM payments pay JOIN users u ON u.id = pay.user_id WHERE pay.id = $1 AND pay.refund_of IS NULL',
    );
    // Staff refunds are behind the supportRefunds flag, decided here for the caller (the screen only follows it).
    if (!(await flagOn(request.server, 'supportRefunds', caller.userId))) throw new AppError('FORBIDDEN', { details: { reason: 'flag supportRefunds is off' } });
    const key = idempotencyKeyOf(request, true)!;
    const gateway = gatewayOf(request.server);
    const db = request.server.database;
    const { amountCents, reason } = request.body;
    const outcome = await db.transaction((tx) => refundPayment(tx, gateway, { paymentId: payment.id, amountCents, reason, idempotencyKey: `staff:${key}`, createdBy: caller.userId, at: request.server.clock.now() }));
    if (!outcome.replayed) void sendRefundMail(request.server, outcome.refundId).catch((err: unknown) => request.log.warn({ err }, 'refund mail failed'));
    const [row] = await db.query<{ payment: PaymentRow }>(`SELECT ${PAYMENT_JSON} AS payment FROM payments pay WHERE pay.id = $1`, [payment.id]);
    return { refundId: outcome.refundId, amountCents: outcome.amountCents, method: outcome.method, payment: paymentOut(row!.payment) };
  },
};
