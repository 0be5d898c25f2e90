/** Card and payment calls of product-spec §7 (tokenize, cards on file, pay an appointment). */
import type { FastifyRequest } from 'fastify';
import { reachPatient, reachRecord } from '@/server/accounts/reach';
import { paymentOut } from '@/server/booking/appointments';
import { appointmentDueOwnerById, cardById, cardsOfPatient, paymentOwnerById, paymentRowById, type CardRow } from '@/server/payments/repository';
import { saveCard } from '@/server/money/charges';
import { gatewayFailure, payDue } from '@/server/money/pay-due';
import { refundByStaff } from '@/server/money/refunds';
import { openDiscrepancies, resolveDiscrepancy } from '@/server/money/discrepancies';
import { flagOnFor } from '@/server/flags/decisions';
import { idempotencyKeyOf } from '@/server/idempotency';
import { AppError } from '@/server/errors';
import { callerOf } from '@/server/plugins/auth';
import type { Handlers } from '../routes/registry';

const cardOut = (c: CardRow) => ({
  id: c.id,
  patientId: c.patient_id,
  brand: c.brand,
  last4: c.last4.trim(),
  expirationMonth: c.expiration_month,
  expirationYear: c.expiration_year,
  isDefault: c.is_default,
  createdAt: new Date(c.created_at).toISOString(),
});

async function reachAppointmentForPayment(request: FastifyRequest, id: string) {
  return reachRecord(request, 'appointment', id, 'payAppointment', appointmentDueOwnerById);
}

export const paymentsHandlers: Handlers = {
  async getPaymentGateway(request) {
    const gateway = request.server.cardGateway;
    try {
      const clientToken = await gateway.clientToken();
      return { gateway: gateway.name, ...(clientToken ? { clientToken } : {}) };
    } catch (error) {
      throw new AppError('BOOKING_FAILED', { cause: error });
    }
  },

  async tokenizeCard(request, reply) {
    const gateway = request.server.cardGateway;
    if (!gateway.tokenize) throw new AppError('CARD_TOKENIZATION_UNAVAILABLE');
    const result = gateway.tokenize(request.body);
    if (!result.ok) throw new AppError('CARD_INVALID');
    reply.status(201);
    return { nonce: result.nonce, ...result.card };
  },

  async savePatientCard(request, reply) {
    const patient = await reachPatient(request, request.body.patientId, 'savePatientCard');
    const gateway = request.server.cardGateway;
    const saved = await request.server.database.transaction((tx) =>
      saveCard(tx, gateway, request.body.nonce, patient.id, patient.account_id, Boolean(request.body.makeDefault)),
    );
    if (!saved.ok) throw gatewayFailure(saved.reason);
    const row = await cardById(request.server.database, saved.cardId);
    request.auditTarget = { type: 'patient', id: patient.id };
    reply.status(201);
    return cardOut(row!);
  },

  async listPatientCards(request) {
    const patient = await reachPatient(request, request.params.id, 'listPatientCards');
    const rows = await cardsOfPatient(request.server.database, patient.id);
    return { items: rows.map(cardOut) };
  },

  async payAppointment(request) {
    const appointment = await reachAppointmentForPayment(request, request.params.id);
    return payDue(request, appointment, request.body, idempotencyKeyOf(request, true)!);
  },

  async refundPayment(request) {
    const payment = await reachRecord(request, 'payment', request.params.id, 'refundPayment', paymentOwnerById);
    // Staff refunds are behind the supportRefunds flag, decided here for the caller (the screen only follows it).
    if (!(await flagOnFor(request, 'supportRefunds'))) throw new AppError('FORBIDDEN', { details: { reason: 'flag supportRefunds is off' } });
    const outcome = await refundByStaff(request, payment.id, request.body, idempotencyKeyOf(request, true)!);
    const row = await paymentRowById(request.server.database, payment.id);
    return { refundId: outcome.refundId, amountCents: outcome.amountCents, method: outcome.method, payment: paymentOut(row!) };
  },

  async listMoneyDiscrepancies(request) {
    request.auditTarget = { type: 'money', id: 'discrepancies' };
    return { items: await openDiscrepancies(request.server.database) };
  },

  async resolveMoneyDiscrepancy(request) {
    request.auditTarget = { type: 'money_discrepancy', id: request.params.id };
    const resolved = await resolveDiscrepancy(request.server.database, request.params.id, callerOf(request).userId, request.server.clock.now());
    if (!resolved) throw new AppError('NOT_FOUND');
    return resolved;
  },
};
