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
import { all, appointmentStart, first, qb, sql, type RowOf } from '../db/typed';
import { AppError } from '../errors';

/** A payment with the appointment, provider and practice it paid for, and its patient. */
function paymentSelect() {
  return qb
    .selectFrom('payments as pay')
    .leftJoin('appointments as a', 'a.id', 'pay.appointment_id')
    .leftJoin('providers as pr', 'pr.id', 'a.provider_id')
    .leftJoin('practices as pc', 'pc.id', 'a.practice_id')
    .crossJoinLateral((eb) =>
      qb
        .selectNoFrom(
          sql<string | null>`coalesce(pay.patient_id, ${eb
            .selectFrom('appointment_patients as ap')
            .select('ap.patient_id')
            .whereRef('ap.appointment_id', '=', 'pay.appointment_id')
            .orderBy('ap.position')
            .limit(1)})`.as('patient_id'),
        )
        .as('who'),
    )
    .leftJoin('patients as pt', 'pt.id', 'who.patient_id')
    .select([
      'pay.id',
      'pay.user_id',
      'who.patient_id',
      sql<string | null>`pt.first_name || ' ' || pt.last_name`.as('patient_name'),
      sql<PaymentStatus>`pay.status`.as('status'),
      sql<PaymentProvider>`pay.provider`.as('provider'),
      'pay.purpose',
      'pay.amount_cents',
      'pay.card_brand',
      'pay.card_last4',
      'pay.appointment_id',
      appointmentStart().$castTo<Date | null>().as('appointment_start'),
      sql<AppointmentMode | null>`a.appointment_mode`.as('appointment_mode'),
      sql<string | null>`pr.first_name || ' ' || pr.last_name || ', ' || pr.title`.as('provider_name'),
      'pc.name as practice_name',
      'pay.created_at',
      /** the charge a refund gives back; null for a charge */
      'pay.refund_of',
    ]);
}

export type PaymentRow = RowOf<ReturnType<typeof paymentSelect>>;

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

/** Payments made within the range's days, read in the billing time zone. */
function inRange(range: DateRange) {
  const zone = constants.billingTimeZone;
  return sql<boolean>`pay.created_at >= (${range.startDate}::date)::timestamp AT TIME ZONE ${zone} AND pay.created_at < (${range.endDate}::date + 1)::timestamp AT TIME ZONE ${zone}`;
}

export async function paymentsOfPatient(db: Queryable, patientId: string, range: DateRange): Promise<PaymentRow[]> {
  return all(db, paymentSelect().where('who.patient_id', '=', patientId).where(inRange(range)).orderBy('pay.created_at', 'desc').orderBy('pay.id'));
}

/** Receipts: succeeded and refunded payments of an account's patients. */
export async function receiptsOfAccount(db: Queryable, userId: string, range: DateRange): Promise<PaymentRow[]> {
  return all(
    db,
    paymentSelect()
      .where('pay.user_id', '=', userId)
      .where('pay.status', '<>', 'failed')
      .where(inRange(range))
      .orderBy('pay.created_at', 'desc')
      .orderBy('pay.id'),
  );
}

export async function paymentById(db: Queryable, id: string): Promise<PaymentRow | undefined> {
  return first(db, paymentSelect().where('pay.id', '=', id));
}

export async function latestPaymentsOfAccount(db: Queryable, userId: string, limit: number): Promise<PaymentRow[]> {
  return all(
    db,
    paymentSelect().where('pay.user_id', '=', userId).where('pay.status', '<>', 'failed').orderBy('pay.created_at', 'desc').orderBy('pay.id').limit(limit),
  );
}

/** Money paid (charges that did not fail, less their refunds) by an account since a moment, in cents. */
export async function paidSince(db: Queryable, userId: string, since: Date): Promise<number> {
  const row = await first(
    db,
    qb
      .selectFrom('payments')
      .select(sql<string | null>`sum(CASE WHEN refund_of IS NULL THEN amount_cents ELSE -amount_cents END) FILTER (WHERE status <> 'failed')`.as('cents'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', since),
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
  const holder = await first(db, qb.selectFrom('patients').select('user_id').where('ehr_id', '=', ehrId).where('relationship', '=', 'Self').limit(1));
  if (holder) return holder;
  return first(db, qb.selectFrom('responsible_parties').select('user_id').where('ehr_id', '=', ehrId));
}

/** A session of the patient as its billing statement states it: when, who, where, its price and what is still due. */
export async function statementVisit(db: Queryable, appointmentId: string, patientId: string) {
  const visit = await first(
    db,
    qb
      .selectFrom('appointments as a')
      .innerJoin('appointment_patients as ap', (join) => join.onRef('ap.appointment_id', '=', 'a.id').on('ap.patient_id', '=', patientId))
      .innerJoin('patients as pt', 'pt.id', 'ap.patient_id')
      .innerJoin('providers as pr', 'pr.id', 'a.provider_id')
      .innerJoin('practices as pc', 'pc.id', 'a.practice_id')
      .select([
        'a.id',
        appointmentStart().as('start'),
        'a.status',
        'a.price_cents',
        sql<number>`appointment_due_cents(a.id)`.as('due_cents'),
        sql<'online' | 'in_person'>`a.appointment_mode`.as('appointment_mode'),
        sql<string>`pt.first_name || ' ' || pt.last_name`.as('patient_name'),
        sql<string>`pr.first_name || ' ' || pr.last_name || ', ' || pr.title`.as('provider_name'),
        'pc.name as practice_name',
      ])
      .where('a.id', '=', appointmentId),
  );
  return visit;
}

/** The payments of an appointment, oldest first. */
export async function paymentIdsOfAppointment(db: Queryable, appointmentId: string): Promise<{ id: string }[]> {
  return all(db, qb.selectFrom('payments').select('id').where('appointment_id', '=', appointmentId).orderBy('created_at').orderBy('id'));
}
