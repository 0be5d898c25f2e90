/** Appointments as the API answers them (entity BookedAppointment), read with one query. */
import { visitRoomPath } from '@/domain/video-visit';
import type { BookedAppointment, PaymentSummary } from '@/generated/entities';
import { jsonArrayFrom, jsonBuildObject, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import type { AppointmentMode, AppointmentStatus } from '@/generated/enums';
import type { Queryable } from '../db/connection';
import {
  all,
  appointmentEnd,
  appointmentStart,
  appointmentTimes,
  first,
  isoDay,
  preparedQuery,
  qb,
  run,
  sql,
  type DB,
  type Param,
  type RowOf,
} from '../db/typed';
import { isFollowUpSession } from '@/domain/pay-rate';
import { calendarSequence } from '@/domain/calendar';
import { constantIn } from '@/domain/translations';

export interface PaymentRow {
  id: string;
  appointmentId: string | null;
  status: string;
  amountCents: number;
  currency: string;
  provider: string;
  purpose: string;
  cardBrand: string | null;
  cardLast4: string | null;
  transactionId: string | null;
  refundedCents?: number | null;
  createdAt: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export const PAYMENT_JSON = `json_build_object('id', pay.id, 'appointmentId', pay.appointment_id, 'status', pay.status, 'amountCents', pay.amount_cents,
  'currency', pay.currency, 'provider', pay.provider, 'purpose', pay.purpose, 'cardBrand', pay.card_brand, 'cardLast4', pay.card_last4,
  'transactionId', pay.transaction_id, 'createdAt', pay.created_at,
  'refundedCents', (SELECT coalesce(-sum(l.gateway_cents), 0) FROM money_ledger l
                     WHERE l.kind IN ('void', 'refund') AND l.gateway = pay.gateway AND l.charge_transaction_id = pay.transaction_id))`;

export function paymentOut(p: PaymentRow): PaymentSummary {
  return {
    id: p.id,
    appointmentId: p.appointmentId,
    status: p.status as PaymentSummary['status'],
    amountCents: p.amountCents,
    currency: p.currency.trim(),
    provider: p.provider as PaymentSummary['provider'],
    purpose: p.purpose as PaymentSummary['purpose'],
    cardBrand: p.cardBrand,
    cardLast4: p.cardLast4,
    transactionId: p.transactionId,
    refundedCents: Number(p.refundedCents ?? 0),
    createdAt: iso(p.createdAt),
  };
}

/** The latest session payment of appointment `a` (not failed, not a refund), as PAYMENT_JSON builds it. */
const sessionPayment = (eb: ExpressionBuilder<DB & { a: DB['appointments'] }, 'a'>) =>
  eb
    .selectFrom('payments as pay')
    .select(sql<PaymentRow>`${sql.raw(PAYMENT_JSON)}`.as('payment'))
    .whereRef('pay.appointment_id', '=', 'a.id')
    .where('pay.purpose', '=', 'session')
    .where('pay.status', '<>', 'failed')
    .where('pay.refund_of', 'is', null)
    .orderBy('pay.created_at', 'desc')
    .limit(1);

/** Appointments `a` as the API answers them: with provider, practice, patients, series and latest payment, in one statement. */
const appointmentSelect = () =>
  qb
    .selectFrom('appointments as a')
    .innerJoin('providers as p', 'p.id', 'a.provider_id')
    .innerJoin('practices as pr', 'pr.id', 'a.practice_id')
    .select((eb) => [
      'a.id',
      'a.user_id',
      'a.status',
      ...appointmentTimes(),
      'a.slot_id',
      'a.appointment_mode',
      'a.counseling_type',
      'a.counseling_type_id',
      'a.time_zone',
      'a.self_pay',
      'a.self_pay_consent_category',
      'a.insurance_id',
      'a.booking_funnel',
      'a.booking_source',
      sql<string | null>`a.partnership_code::text`.as('partnership_code'),
      'a.price_cents',
      sql<number>`appointment_due_cents(a.id)`.as('amount_due_cents'),
      'a.rebooked_from',
      'a.rescheduled_from',
      'a.cancel_reason_id',
      'a.cancel_note',
      'a.cancelled_at',
      'a.late_cancel',
      'a.cancel_fee_cents',
      'a.cancel_fee_status',
      'a.created_at',
      'a.updated_at',
      jsonBuildObject({
        id: eb.ref('p.id'),
        firstName: eb.ref('p.first_name'),
        lastName: eb.ref('p.last_name'),
        title: eb.ref('p.title'),
        timeZone: eb.ref('p.time_zone'),
      }).as('provider'),
      jsonBuildObject({
        id: eb.ref('pr.id'),
        name: eb.ref('pr.name'),
        addressLine1: eb.ref('pr.address_line1'),
        city: eb.ref('pr.city'),
        state: eb.ref('pr.state'),
        zipcode: eb.ref('pr.zipcode'),
      }).as('practice'),
      jsonArrayFrom(
        eb
          .selectFrom('appointment_patients as ap')
          .innerJoin('patients as pt', 'pt.id', 'ap.patient_id')
          .select((pe) => [
            'pt.id',
            'pt.first_name as firstName',
            'pt.last_name as lastName',
            'pt.relationship',
            isoDay(pe.ref('pt.date_of_birth')).as('dateOfBirth'),
            'ap.is_new as isNew',
          ])
          .whereRef('ap.appointment_id', '=', 'a.id')
          .orderBy('ap.position'),
      ).as('patients'),
      jsonObjectFrom(
        eb
          .selectFrom('appointment_series as se')
          .select(['se.id', 'se.repeat', 'a.series_index as index', 'se.sessions'])
          // a session of a series always has its place in it
          .$narrowType<{ index: number }>()
          .whereRef('se.id', '=', 'a.series_id'),
      ).as('series'),
      sessionPayment(eb).as('payment'),
    ])
    .$narrowType<{ status: AppointmentStatus; appointment_mode: AppointmentMode }>();

type AppointmentRow = RowOf<ReturnType<typeof appointmentSelect>>;

/** An online session's join address: its video room on this site (mails and calendar files put PUBLIC_URL before it). */
export function joinUrlOf(id: string, mode: string): string | null {
  return mode === 'online' ? visitRoomPath(id) : null;
}

function reasonLabel(id: string): string {
  return constantIn('appointmentCancellationReasons').find((r) => r.id === id)?.label ?? id;
}

function out(r: AppointmentRow): BookedAppointment {
  return {
    id: r.id,
    userId: r.user_id,
    status: r.status,
    start: iso(r.start_at),
    end: iso(r.end_at),
    slotId: r.slot_id,
    appointmentMode: r.appointment_mode,
    counselingType: r.counseling_type as BookedAppointment['counselingType'],
    counselingTypeId: r.counseling_type_id,
    joinUrl: joinUrlOf(r.id, r.appointment_mode),
    timeZone: r.time_zone,
    provider: r.provider,
    practice: { ...r.practice, state: r.practice.state.trim(), zipcode: r.practice.zipcode.trim() },
    patients: r.patients.map((p) => ({ ...p, relationship: p.relationship as BookedAppointment['patients'][number]['relationship'] })),
    selfPay: r.self_pay,
    selfPayConsentCategory: r.self_pay_consent_category as BookedAppointment['selfPayConsentCategory'],
    insuranceId: r.insurance_id,
    bookingFunnel: r.booking_funnel as BookedAppointment['bookingFunnel'],
    bookingSource: r.booking_source,
    partnershipCode: r.partnership_code,
    priceCents: r.price_cents,
    amountDueCents: r.amount_due_cents,
    payment: r.payment ? paymentOut(r.payment) : null,
    cancellation: r.cancelled_at
      ? {
          reasonId: r.cancel_reason_id ?? 'other',
          reason: reasonLabel(r.cancel_reason_id ?? 'other'),
          note: r.cancel_note,
          at: iso(r.cancelled_at),
          late: Boolean(r.late_cancel),
          feeCents: r.cancel_fee_cents ?? 0,
          feeStatus: (r.cancel_fee_status ?? 'none') as 'none',
        }
      : null,
    rescheduledFrom: r.rescheduled_from ? iso(r.rescheduled_from) : null,
    rebookedFrom: r.rebooked_from,
    calendarSequence: calendarSequence({
      bookedAt: r.created_at,
      changedAt: r.updated_at,
      rescheduled: r.rescheduled_from !== null,
      cancelled: r.cancelled_at !== null,
    }),
    series: r.series ? { ...r.series, repeat: r.series.repeat as NonNullable<BookedAppointment['series']>['repeat'] } : null,
    createdAt: iso(r.created_at),
  };
}

/** An appointment by its id, compiled once (every booking answers with it). */
const appointmentByIdStatement = preparedQuery((p: Param<{ id: string }>) => appointmentSelect().where('a.id', '=', p('id')));

export async function appointmentById(db: Queryable, id: string): Promise<BookedAppointment | undefined> {
  const row = await first(db, appointmentByIdStatement({ id }), { prepared: true });
  return row ? out(row) : undefined;
}

/**
 * Upcoming (not yet ended) or past sessions at `now`, the app's clock (never the database's
 * now()): the condition on the appointment `a` and the order of the listing (nearest first).
 */
export function appointmentTiming(when: 'upcoming' | 'past', now: Date): { where: Expression<SqlBool>; order: 'asc' | 'desc' } {
  const at = sql<Date>`${now.toISOString()}::timestamptz`;
  return when === 'upcoming'
    ? { where: sql<SqlBool>`${appointmentEnd()} > ${at}`, order: 'asc' }
    : { where: sql<SqlBool>`${appointmentEnd()} <= ${at}`, order: 'desc' };
}

/** Appointments `a` that meet `where`, by start time (`order`) then id, at most `limit`, as the API answers them. */
export async function appointmentsWhere(
  db: Queryable,
  where: (eb: ExpressionBuilder<DB & { a: DB['appointments'] }, 'a'>) => Expression<SqlBool>,
  order: 'asc' | 'desc',
  limit: number,
): Promise<BookedAppointment[]> {
  const rows = await all(db, appointmentSelect().where(where).orderBy(appointmentStart(), order).orderBy('a.id').limit(Math.trunc(limit)));
  return rows.map(out);
}

/** A patient's sessions with a provider (start_at, status), as isFollowUpSession reads them; `patient` and `provider` are values or columns. */
export const sessionsWithProvider = (patient: Expression<string>, provider: Expression<string>) =>
  qb
    .selectFrom('appointments as a')
    .innerJoin('appointment_patients as ap', 'ap.appointment_id', 'a.id')
    .select([appointmentStart().as('start_at'), 'a.status'])
    .$narrowType<{ status: AppointmentStatus }>()
    .where('ap.patient_id', '=', patient)
    .where('a.provider_id', '=', provider);

/**
 * Whether a session of the patient with the provider starting at `start` (or, without one, any next
 * session) is a follow-up, by the rule of src/domain/pay-rate.ts over the patient's own sessions.
 */
export async function isFollowUpWith(db: Queryable, patientId: string, providerId: string, start?: Date, exceptAppointmentId?: string): Promise<boolean> {
  const query = sessionsWithProvider(sql.val(patientId), sql.val(providerId));
  const history = await all(db, exceptAppointmentId ? query.where('a.id', '<>', exceptAppointmentId) : query);
  return isFollowUpSession(
    history.map((h) => ({ start: h.start_at, status: h.status })),
    start,
  );
}

/** An appointment about to change, locked (FOR UPDATE) inside the caller's transaction. */
export async function lockAppointmentForChange(tx: Queryable, id: string) {
  const current = await first(
    tx,
    qb
      .selectFrom('appointments')
      .select(['status', appointmentStart('appointments').as('start_at'), 'slot_id'])
      .$narrowType<{ status: AppointmentStatus }>()
      .where('id', '=', id)
      .forUpdate(),
  );
  return current!;
}

/** Records a cancellation (who, why, whether late, the fee and where it stands) and frees the appointment's time. */
export async function markCancelled(
  tx: Queryable,
  id: string,
  c: { cancelledBy: string; reasonId: string; note: string | null; late: boolean; feeCents: number | null; feeStatus: string | null },
): Promise<void> {
  await run(
    tx,
    qb
      .updateTable('appointments')
      .set({
        status: 'cancelled',
        cancelled_at: sql<Date>`now()`,
        cancelled_by: c.cancelledBy,
        cancel_reason_id: c.reasonId,
        cancel_note: c.note,
        late_cancel: c.late,
        cancel_fee_cents: c.feeCents,
        cancel_fee_status: c.feeStatus,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id),
  );
  await run(tx, qb.deleteFrom('slot_reservations').where('appointment_id', '=', id));
}

/**
 * Moves an appointment to the time of a hold: the old time is freed, the appointment takes the hold's
 * time, slot, practice and mode (remembering where it was), and the hold becomes its booking.
 */
export async function moveToHold(tx: Queryable, id: string, holdId: string, place: { practiceId: string; appointmentMode: string }): Promise<void> {
  await run(tx, qb.deleteFrom('slot_reservations').where('appointment_id', '=', id));
  await run(
    tx,
    qb
      .updateTable('appointments as a')
      .from('slot_reservations as r')
      .set({
        during: sql<string>`r.during`,
        slot_id: sql<string | null>`r.slot_id`,
        practice_id: place.practiceId,
        appointment_mode: place.appointmentMode,
        rescheduled_from: appointmentStart(),
        updated_at: sql<Date>`now()`,
      })
      .where('a.id', '=', id)
      .where('r.id', '=', holdId),
  );
  await run(tx, qb.updateTable('slot_reservations').set({ kind: 'booking', expires_at: null, appointment_id: id }).where('id', '=', holdId));
}
