/**
 * Billing history read from the payments the booking part records (table payments, with the
 * appointment, provider and practice they paid for). A payment belongs to its patient, or, when it
 * names none, to the first patient of its appointment.
 */
import moment from 'moment-timezone';
import { constants } from '@/generated/constants';
import type { BillingTransaction } from '@/generated/entities';
import type { AppointmentMode, PaymentProvider, PaymentStatus } from '@/generated/enums';
import { isMessageKey, message } from '@/domain/messages';
import { addDaysIso, todayIso } from '@/domain/dates';
import type { Queryable } from '../db/connection';
import { AppError } from '../errors';

export interface PaymentRow {
  id: string;
  user_id: string;
  patient_id: string | null;
  patient_name: string | null;
  status: PaymentStatus;
  provider: PaymentProvider;
  purpose: string;
  amount_cents: number;
  card_brand: string | null;
  card_last4: string | null;
  appointment_id: string | null;
  appointment_start: Date | null;
  appointment_mode: AppointmentMode | null;
  provider_name: string | null;
  practice_name: string | null;
  created_at: Date;
  /** the charge a refund gives back; null for a charge */
  refund_of: string | null;
}

const PAYMENT_SELECT = `
  SELECT pay.id, pay.user_id, who.patient_id, pt.first_name || ' ' || pt.last_name AS patient_name, pay.status, pay.provider, pay.purpose,
         pay.amount_cents, pay.card_brand, pay.card_last4, pay.appointment_id, lower(a.during) AS appointment_start, a.appointment_mode,
         pr.first_name || ' ' || pr.last_name || ', ' || pr.title AS provider_name, pc.name AS practice_name, pay.created_at, pay.refund_of
    FROM payments pay
    LEFT JOIN appointments a ON a.id = pay.appointment_id
    LEFT JOIN providers pr ON pr.id = a.provider_id
    LEFT JOIN practices pc ON pc.id = a.practice_id
    CROSS JOIN LATERAL (SELECT coalesce(pay.patient_id,
      (SELECT ap.patient_id FROM appointment_patients ap WHERE ap.appointment_id = pay.appointment_id ORDER BY ap.position LIMIT 1)) AS patient_id) who
    LEFT JOIN patients pt ON pt.id = who.patient_id`;

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** The range asked for, defaulting to the last year; reversed or longer than billingHistoryMaxDays is refused. */
export function billingRange(query: { startDate?: string; endDate?: string }, now: Date): DateRange {
  const today = todayIso(now, constants.billingTimeZone);
  const endDate = query.endDate ?? (query.startDate && query.startDate > today ? query.startDate : today);
  const startDate = query.startDate ?? addDaysIso(endDate, -365);
  const days = moment.utc(endDate).diff(moment.utc(startDate), 'days');
  if (days < 0 || days > constants.billingHistoryMaxDays) throw new AppError('DATE_RANGE_INVALID', { params: { days: constants.billingHistoryMaxDays } });
  return { startDate, endDate };
}

const IN_RANGE = `pay.created_at >= ($2::date)::timestamp AT TIME ZONE $4 AND pay.created_at < ($3::date + 1)::timestamp AT TIME ZONE $4`;

export async function paymentsOfPatient(db: Queryable, patientId: string, range: DateRange): Promise<PaymentRow[]> {
  return db.query<PaymentRow>(`${PAYMENT_SELECT} WHERE who.patient_id = $1 AND ${IN_RANGE} ORDER BY pay.created_at DESC, pay.id`, [
    patientId,
    range.startDate,
    range.endDate,
    constants.billingTimeZone,
  ]);
}

/** Receipts: succeeded and refunded payments of an account's patients. */
export async function receiptsOfAccount(db: Queryable, userId: string, range: DateRange): Promise<PaymentRow[]> {
  return db.query<PaymentRow>(`${PAYMENT_SELECT} WHERE pay.user_id = $1 AND pay.status <> 'failed' AND ${IN_RANGE} ORDER BY pay.created_at DESC, pay.id`, [
    userId,
    range.startDate,
    range.endDate,
    constants.billingTimeZone,
  ]);
}

export async function paymentById(db: Queryable, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(`${PAYMENT_SELECT} WHERE pay.id = $1`, [id]);
  return row;
}

export async function latestPaymentsOfAccount(db: Queryable, userId: string, limit: number): Promise<PaymentRow[]> {
  return db.query<PaymentRow>(`${PAYMENT_SELECT} WHERE pay.user_id = $1 AND pay.status <> 'failed' ORDER BY pay.created_at DESC, pay.id LIMIT $2`, [
    userId,
    limit,
  ]);
}

/** Money paid (charges that did not fail, less their refunds) by an account since a moment, in cents. */
export async function paidSince(db: Queryable, userId: string, since: Date): Promise<number> {
  const [row] = await db.query<{ cents: string | null }>(
    "SELECT sum(CASE WHEN refund_of IS NULL THEN amount_cents ELSE -amount_cents END) FILTER (WHERE status <> 'failed') AS cents FROM payments WHERE user_id = $1 AND created_at >= $2",
    [userId, since],
  );
  return Number(row?.cents ?? 0);
}

export function purposeText(purpose: string): string {
  const key = `billing.purpose.${purpose}`;
  return isMessageKey(key) ? message(key as 'billing.purpose.session') : purpose;
}

/** A session payment or fee needs the session it paid for; without it the entry cannot be shown in detail. */
export function isMissingInfo(row: PaymentRow): boolean {
  return (row.purpose !== 'balance' && (row.appointment_id === null || row.appointment_start === null)) || row.patient_id === null;
}

export function transactionOut(row: PaymentRow): BillingTransaction {
  return {
    id: row.id,
    patientId: row.patient_id ?? '',
    ...(row.patient_name ? { patientName: row.patient_name } : {}),
    kind: row.refund_of ? 'refund' : 'payment',
    amount: row.amount_cents / 100,
    currency: 'USD',
    status: row.status,
    paymentProvider: row.provider,
    cardBrand: row.card_brand,
    cardLast4: row.card_last4,
    description: purposeText(row.purpose),
    appointmentId: row.appointment_id,
    appointmentStart: row.appointment_start?.toISOString() ?? null,
    appointmentMode: row.appointment_mode,
    providerName: row.provider_name,
    practiceName: row.practice_name,
    createdAt: row.created_at.toISOString(),
  };
}

/** The account whose holder (Self patient), or else whose responsible party, has the scheduling system's id `ehrId`. */
export async function accountOfEhrId(db: Queryable, ehrId: string): Promise<{ user_id: string } | undefined> {
  const [holder] = await db.query<{ user_id: string }>("SELECT user_id FROM patients WHERE ehr_id = $1 AND relationship = 'Self' LIMIT 1", [ehrId]);
  if (holder) return holder;
  const [party] = await db.query<{ user_id: string }>('SELECT user_id FROM responsible_parties WHERE ehr_id = $1', [ehrId]);
  return party;
}

/** A session of the patient as its billing statement states it: when, who, where, its price and what is still due. */
export async function statementVisit(db: Queryable, appointmentId: string, patientId: string) {
  const [visit] = await db.query<{
    id: string;
    start: Date;
    status: string;
    price_cents: number | null;
    due_cents: number;
    appointment_mode: 'online' | 'in_person';
    patient_name: string;
    provider_name: string;
    practice_name: string;
  }>(
    `SELECT a.id, lower(a.during) AS start, a.status, a.price_cents, appointment_due_cents(a.id) AS due_cents, a.appointment_mode,
            pt.first_name || ' ' || pt.last_name AS patient_name, pr.first_name || ' ' || pr.last_name || ', ' || pr.title AS provider_name, pc.name AS practice_name
       FROM appointments a
       JOIN appointment_patients ap ON ap.appointment_id = a.id AND ap.patient_id = $2
       JOIN patients pt ON pt.id = ap.patient_id
       JOIN providers pr ON pr.id = a.provider_id
       JOIN practices pc ON pc.id = a.practice_id
      WHERE a.id = $1`,
    [appointmentId, patientId],
  );
  return visit;
}

/** The payments of an appointment, oldest first. */
export async function paymentIdsOfAppointment(db: Queryable, appointmentId: string): Promise<{ id: string }[]> {
  return db.query<{ id: string }>('SELECT id FROM payments WHERE appointment_id = $1 ORDER BY created_at, id', [appointmentId]);
}
