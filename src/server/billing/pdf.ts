/**
 * Receipts and billing statements as real PDF documents (pdf-lib, standard Helvetica). Every label
 * comes from specs/messages; amounts are US dollars; times read in the reader's zone (their account's, else billingTimeZone), named. Only the card's
 * brand and last 4 digits are ever printed.
 */
import { formatCalendarDate, formatDateTime } from '@/domain/date-format';
import { formatCents } from '@/domain/money';
import { openDocument, type Writer } from '../pdf-document';
import { constants } from '@/generated/constants';
import { enumLabelOf } from '@/domain/translations';
import type { MessageKey } from '@/generated/messages';
import { message } from '@/domain/messages';
import { formatPhone } from '@/domain/phone';
import type { EstimateContent } from './good-faith-estimate';
import type { PaymentRow } from './repository';
import { purposeText } from './repository';
import * as moneyEnums from '@/generated/enums/money';

const label = (key: MessageKey) => message(key as 'document.label.date');

const billingTime = (at: Date, zone: string) => formatDateTime(at, zone);

function footer(w: Writer, issuedAt: Date, zone: string) {
  w.rule();
  w.row(label('document.label.generatedAt'), billingTime(issuedAt, zone));
  w.line(message('document.footer.questions', { phone: formatPhone(constants.supportPhone) }));
}

function paymentMethod(p: PaymentRow): string {
  return p.card_brand && p.card_last4 ? `${p.card_brand} **** ${p.card_last4}` : enumLabelOf(moneyEnums.paymentProvider, p.provider);
}

/** `zone`: the reader's (the paying account's). */
export async function receiptPdf(payment: PaymentRow, paidBy: string, issuedAt: Date, zone: string): Promise<Uint8Array> {
  const { doc, w } = await openDocument(message('document.receipt.title'));
  w.row(label('document.label.receiptNumber'), payment.id);
  w.row(label('document.label.date'), billingTime(payment.created_at, zone));
  w.row(label('document.label.paidBy'), paidBy);
  if (payment.patient_name) w.row(label('document.label.patient'), payment.patient_name);
  w.row(label('document.label.amount'), formatCents(payment.amount_cents));
  w.row(label('document.label.status'), enumLabelOf(moneyEnums.paymentStatus, payment.status));
  w.row(label('document.label.paymentMethod'), paymentMethod(payment));
  w.row(label('document.label.paidFor'), purposeText(payment.purpose));
  if (payment.appointment_start) w.row(label('document.label.visit'), billingTime(payment.appointment_start, zone));
  if (payment.provider_name) w.row(label('document.label.provider'), payment.provider_name);
  if (payment.practice_name) w.row(label('document.label.practice'), payment.practice_name);
  footer(w, issuedAt, zone);
  return doc.save();
}

export interface StatementVisit {
  id: string;
  start: Date;
  patientName: string;
  providerName: string;
  practiceName: string;
  mode: string;
  chargedCents: number;
  /** what the visit still owes, from the money ledger (appointment_due_cents): never below nothing */
  balanceCents: number;
}

export async function statementPdf(
  visit: StatementVisit,
  payments: readonly PaymentRow[],
  accountName: string,
  issuedAt: Date,
  zone: string,
): Promise<Uint8Array> {
  const { doc, w } = await openDocument(message('document.statement.title'));
  w.row(label('document.label.paidBy'), accountName);
  w.row(label('document.label.patient'), visit.patientName);
  w.row(label('document.label.visit'), `${billingTime(visit.start, zone)} (${visit.id})`);
  w.row(label('document.label.session'), visit.mode);
  w.row(label('document.label.provider'), visit.providerName);
  w.row(label('document.label.practice'), visit.practiceName);
  w.rule();
  w.row(label('document.label.totalCharged'), formatCents(visit.chargedCents));
  const paid = payments.filter((p) => !p.refund_of && p.status !== 'failed').reduce((s, p) => s + p.amount_cents, 0);
  const refunded = payments.filter((p) => p.refund_of).reduce((s, p) => s + p.amount_cents, 0);
  for (const p of payments) {
    w.line(
      `${billingTime(p.created_at, zone)}  ${purposeText(p.purpose)}  ${enumLabelOf(moneyEnums.paymentStatus, p.status)}  ${formatCents(p.amount_cents)}  ${paymentMethod(p)}`,
    );
  }
  w.row(label('document.label.totalPaid'), formatCents(paid));
  w.row(label('document.label.totalRefunded'), formatCents(refunded));
  w.row(label('document.label.balance'), formatCents(visit.balanceCents));
  footer(w, issuedAt, zone);
  return doc.save();
}

/**
 * A Good Faith Estimate with every field 45 CFR 149.610(c) asks for: the patient's name and date of birth, the
 * service with its expected CPT and diagnosis codes, the expected charge of each item, the provider's name,
 * NPI and TIN, the location, the date of the service, and the disclaimers (an estimate, not a contract; the
 * dispute process at $400 or more above it and where to learn about it). Times read in the session's zone.
 */
export async function goodFaithEstimatePdf(content: EstimateContent, issuedAt: Date): Promise<Uint8Array> {
  const { estimate, zone } = content;
  const { doc, w } = await openDocument(message('document.gfe.title'));
  w.paragraph(message('document.gfe.intro'));
  if (content.replacesNumber) w.paragraph(message('document.gfe.replaces', { number: content.replacesNumber }));
  w.rule();
  w.row(label('document.label.estimateNumber'), content.number);
  w.row(label('document.label.patient'), content.patientName);
  if (content.patientDateOfBirth) w.row(label('document.label.dateOfBirth'), formatCalendarDate(content.patientDateOfBirth));
  w.row(label('document.label.provider'), content.providerName);
  if (content.npi) w.row(label('document.label.npi'), content.npi);
  if (content.tin) w.row(label('document.label.tin'), content.tin);
  w.row(label('document.label.practice'), content.practice);
  w.row(
    label('document.label.location'),
    content.appointmentMode === 'online' ? message('document.gfe.online', { practice: content.practice }) : content.practice,
  );
  w.row(label('document.label.dateOfService'), billingTime(new Date(content.serviceStart), zone));
  w.row(label('document.label.service'), content.service);
  w.row(label('document.label.diagnosisCode'), estimate.diagnosisCode ?? message('document.gfe.diagnosisToBeDetermined'));
  w.rule();
  w.row(label('document.label.expectedCharges'), '');
  const returning = estimate.items.length === 1 && estimate.items[0]!.visit === 'ongoing';
  for (const item of estimate.items) {
    const visit = returning
      ? message('document.gfe.visit.returning')
      : message(item.visit === 'first' ? 'document.gfe.visit.first' : 'document.gfe.visit.ongoing');
    w.paragraph(
      message('document.gfe.item', {
        visit,
        code: item.cptCode,
        sessions: item.sessions,
        price: formatCents(item.priceCents),
        total: formatCents(item.totalCents),
      }),
    );
  }
  w.row(label('document.label.pricePerSession'), formatCents(estimate.priceCents));
  w.row(label('document.label.expectedSessions'), String(estimate.sessions));
  w.row(label('document.label.estimatedTotal'), formatCents(estimate.totalCents));
  w.row(label('document.label.covers'), `${formatCalendarDate(estimate.from)} - ${formatCalendarDate(estimate.to)}`);
  w.paragraph(message('document.gfe.sessionsBasis', { cadence: content.cadence }));
  w.rule();
  w.paragraph(message('document.gfe.notABill'));
  w.paragraph(message('document.gfe.notAContract'));
  w.paragraph(message('document.gfe.dispute', { threshold: formatCents(estimate.disputeThresholdCents), phone: formatPhone(constants.supportPhone) }));
  w.paragraph(message('document.gfe.disputeInfo'));
  footer(w, issuedAt, zone);
  return doc.save();
}
