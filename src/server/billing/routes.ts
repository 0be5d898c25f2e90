/** Billing history, receipts and statements (product-spec §7 Patients billing-history, payment receipts, Users download-billing-statement). */
import { constants } from '@/generated/constants';
import { inAccountLocale } from '@/server/locale';
import { enumLabelOf } from '@/domain/translations';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { reachAccount } from '@/server/accounts/reach';
import { userById } from '@/server/accounts/repository';
import {
  accountOfEhrId,
  billingRange,
  isMissingInfo,
  paymentById,
  paymentIdsOfAppointment,
  paymentsOfPatient,
  receiptsOfAccount,
  statementVisit,
  transactionOut,
} from '@/server/billing/repository';
import { AppError } from '@/server/errors';
import { callerOf } from '@/server/plugins/auth';
import { reachAccountOfPatientRecord } from '@/server/billing/reach';
import { reachPatientOf as reachPatient } from '@/server/patients/reach';
import type { Handlers } from '../routes/registry';
import { fullName } from '@/domain/names';
import { estimateByNumber, estimatesOfAccount } from '@/server/billing/good-faith-estimate';
import * as careEnums from '@/generated/enums/care';

/** The PDF writer (pdf-lib, ~30 MB of memory once parsed) is loaded with the first receipt or statement, not at start. */
const loadBillingPdf = () => import('@/server/billing/pdf');

export function sendPdf(reply: FastifyReply, bytes: Uint8Array, fileName: string): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes));
}

/** The account a receipts query is about: named by its holder's (or responsible party's) scheduling-system id, else the caller's own. */
async function receiptsAccount(request: FastifyRequest, responsiblePartyEhrId: string | undefined): Promise<string> {
  if (!responsiblePartyEhrId) return callerOf(request).userId;
  const db = request.server.database;
  const party = await accountOfEhrId(db, responsiblePartyEhrId);
  // Unknown ids are refused like unreachable ones.
  return party?.user_id ?? '00000000-0000-0000-0000-000000000000';
}

export const billingHandlers: Handlers = {
  async getBillingHistory(request) {
    const patient = await reachPatient(request, request.params.id, 'getBillingHistory');
    const range = billingRange(request.query, request.server.clock.now());
    return { ...range, items: (await paymentsOfPatient(request.server.database, patient.id, range)).map(transactionOut) };
  },

  async getBillingTransaction(request) {
    const patient = await reachPatient(request, request.params.id, 'getBillingTransaction');
    const payment = await paymentById(request.server.database, request.params.transactionId);
    if (!payment || payment.patient_id !== patient.id) throw new AppError('NOT_FOUND');
    if (isMissingInfo(payment)) throw new AppError('BILLING_HISTORY_MISSING_INFO');
    return transactionOut(payment);
  },

  async listPaymentReceipts(request) {
    const range = billingRange(request.query, request.server.clock.now());
    const account = await reachAccount(request, await receiptsAccount(request, request.query.responsiblePartyEhrId), 'listPaymentReceipts');
    return { ...range, items: (await receiptsOfAccount(request.server.database, account.id, range)).map(transactionOut) };
  },

  async downloadPaymentReceipt(request, reply) {
    const db = request.server.database;
    const payment = await paymentById(db, request.params.id);
    const account = await reachAccountOfPatientRecord(request, payment?.user_id, request.params.id, 'downloadPaymentReceipt');
    if (!payment || payment.status === 'failed') throw new AppError('NOT_FOUND');
    if (isMissingInfo(payment)) throw new AppError('BILLING_HISTORY_MISSING_INFO');
    request.auditTarget = { type: 'payment', id: payment.id };
    const { receiptPdf } = await loadBillingPdf();
    return sendPdf(
      reply,
      await inAccountLocale(request, payment.user_id, () =>
        receiptPdf(
          payment,
          fullName({ firstName: account.first_name, lastName: account.last_name }),
          request.server.clock.now(),
          account.time_zone ?? constants.billingTimeZone,
        ),
      ),
      `receipt-${payment.id}.pdf`,
    );
  },

  async listGoodFaithEstimates(request) {
    const account = await reachAccount(request, await receiptsAccount(request, request.query.responsiblePartyEhrId), 'listGoodFaithEstimates');
    const estimates = await estimatesOfAccount(request.server.database, account.id);
    return {
      items: estimates.map(({ number, issuedAt, content }) => ({
        number,
        appointmentId: content.appointmentId,
        issuedAt: issuedAt.toISOString(),
        dueBy: content.dueBy,
        patientName: content.patientName,
        providerName: content.providerName,
        service: content.service,
        serviceStart: content.serviceStart,
        totalCents: content.estimate.totalCents,
        replacesNumber: content.replacesNumber,
      })),
    };
  },

  async downloadGoodFaithEstimate(request, reply) {
    const account = await reachAccount(request, await receiptsAccount(request, request.query.responsiblePartyEhrId), 'downloadGoodFaithEstimate');
    const issued = await estimateByNumber(request.server.database, account.id, request.params.number);
    if (!issued) throw new AppError('NOT_FOUND');
    request.auditTarget = { type: 'appointment', id: issued.content.appointmentId };
    return sendPdf(reply, issued.pdf, `good-faith-estimate-${issued.number}.pdf`);
  },

  async downloadBillingStatement(request, reply) {
    const { patientId, ehrVisitId, userId } = request.query;
    const patient = await reachPatient(request, patientId, 'downloadBillingStatement', userId);
    const db = request.server.database;
    const visit = await statementVisit(db, ehrVisitId, patient.id);
    if (!visit) throw new AppError('NOT_FOUND');
    if (visit.price_cents === null) throw new AppError('BILLING_HISTORY_MISSING_INFO');
    const payments = await paymentIdsOfAppointment(db, visit.id);
    const rows = (await Promise.all(payments.map((p) => paymentById(db, p.id)))).filter((p) => p !== undefined);
    // The balance is the ledger's (what is still owed), never worked out again here. A held visit is charged its price; a
    // cancelled one what it kept - a late cancellation keeps the session's payment and adds the fee - which is what was
    // paid, less what went back, plus what is still owed.
    const balance = Math.max(0, Number(visit.due_cents));
    const kept = rows.reduce((sum, p) => sum + (p.status === 'failed' ? 0 : p.refund_of ? -p.amount_cents : p.amount_cents), 0);
    const charged = visit.status === 'booked' ? visit.price_cents : Math.max(0, kept) + balance;
    const account = (await userById(db, patient.account_id))!;
    const { statementPdf } = await loadBillingPdf();
    const pdf = await inAccountLocale(request, patient.account_id, () =>
      statementPdf(
        {
          id: visit.id,
          start: visit.start,
          patientName: visit.patient_name,
          providerName: visit.provider_name,
          practiceName: visit.practice_name,
          mode: enumLabelOf(careEnums.appointmentMode, visit.appointment_mode),
          chargedCents: charged,
          balanceCents: balance,
        },
        rows,
        fullName({ firstName: account.first_name, lastName: account.last_name }),
        request.server.clock.now(),
        account.time_zone ?? constants.billingTimeZone,
      ),
    );
    return sendPdf(reply, pdf, `statement-${visit.id}.pdf`);
  },
};
