/** Appointments as the API answers them (entity BookedAppointment), read with one query. */
import { visitRoomPath } from '@/domain/video-visit';
import type { BookedAppointment, PaymentSummary } from '@/generated/entities';
import { prepared, type Queryable } from '../db/connection';
import { isFollowUpSession } from '@/domain/pay-rate';
import { calendarSequence } from '@/domain/calendar';
import { constantIn } from '@/domain/translations';

/** An appointment with the account it belongs to and that account's partner: what accounts/reach.ts reachRecord reads of it ($1: its id). */
export const APPOINTMENT_OWNER_SQL = `SELECT a.id, a.user_id AS account_id, u.business_partner_id AS account_partner_id FROM appointments a JOIN users u ON u.id = a.user_id WHERE a.id = $1`;

interface AppointmentRow {
  id: string;
  user_id: string;
  status: 'booked' | 'cancelled';
  start_at: Date;
  end_at: Date;
  slot_id: string | null;
  appointment_mode: 'online' | 'in_person';
  counseling_type: string;
  counseling_type_id: string | null;
  time_zone: string;
  self_pay: boolean;
  self_pay_consent_category: string | null;
  series: { id: string; repeat: string; index: number; sessions: number } | null;
  insurance_id: string | null;
  booking_funnel: string | null;
  booking_source: string | null;
  partnership_code: string | null;
  price_cents: number | null;
  amount_due_cents: number;
  rebooked_from: string | null;
  rescheduled_from: Date | null;
  cancel_reason_id: string | null;
  cancel_note: string | null;
  cancelled_at: Date | null;
  late_cancel: boolean | null;
  cancel_fee_cents: number | null;
  cancel_fee_status: string | null;
  created_at: Date;
  updated_at: Date;
  provider: { id: string; firstName: string; lastName: string; title: string; timeZone: string };
  practice: { id: string; name: string; addressLine1: string; city: string; state: string; zipcode: string };
  patients: { id: string; firstName: string; lastName: string; relationship: string; dateOfBirth: string | null; isNew: boolean }[];
  payment: PaymentRow | null;
}

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

const SELECT = `
  SELECT a.id, a.user_id, a.status, lower(a.during) AS start_at, upper(a.during) AS end_at, a.slot_id, a.appointment_mode, a.counseling_type,
         a.counseling_type_id, a.time_zone, a.self_pay, a.self_pay_consent_category, a.insurance_id, a.booking_funnel, a.booking_source,
         a.partnership_code::text AS partnership_code, a.price_cents, appointment_due_cents(a.id) AS amount_due_cents, a.rebooked_from, a.rescheduled_from,
         a.cancel_reason_id, a.cancel_note, a.cancelled_at, a.late_cancel, a.cancel_fee_cents, a.cancel_fee_status, a.created_at, a.updated_at,
         json_build_object('id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'title', p.title, 'timeZone', p.time_zone) AS provider,
         json_build_object('id', pr.id, 'name', pr.name, 'addressLine1', pr.address_line1, 'city', pr.city, 'state', pr.state, 'zipcode', pr.zipcode) AS practice,
         (SELECT coalesce(json_agg(json_build_object('id', pt.id, 'firstName', pt.first_name, 'lastName', pt.last_name, 'relationship', pt.relationship,
                 'dateOfBirth', to_char(pt.date_of_birth, 'YYYY-MM-DD'), 'isNew', ap.is_new) ORDER BY ap.position), '[]'::json)
            FROM appointment_patients ap JOIN patients pt ON pt.id = ap.patient_id WHERE ap.appointment_id = a.id) AS patients,
         (SELECT json_build_object('id', se.id, 'repeat', se.repeat, 'index', a.series_index, 'sessions', se.sessions)
            FROM appointment_series se WHERE se.id = a.series_id) AS series,
         (SELECT ${PAYMENT_JSON} FROM payments pay
           WHERE pay.appointment_id = a.id AND pay.purpose = 'session' AND pay.status <> 'failed' AND pay.refund_of IS NULL ORDER BY pay.created_at DESC LIMIT 1) AS payment
    FROM appointments a JOIN providers p ON p.id = a.provider_id JOIN practices pr ON pr.id = a.practice_id`;

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

const BY_ID = prepared(`${SELECT} WHERE a.id = $1`);

export async function appointmentById(db: Queryable, id: string): Promise<BookedAppointment | undefined> {
  const [row] = await db.query<AppointmentRow>(BY_ID, [id]);
  return row ? out(row) : undefined;
}

/**
 * Upcoming (not yet ended) or past sessions at `now`, the app's clock (never the database's
 * now()): the condition on the appointment `a` and the order of the listing. `nowParam` is the
 * placeholder that carries `now`.
 */
export function appointmentTiming(when: 'upcoming' | 'past', nowParam: string): { where: string; order: string } {
  return when === 'upcoming'
    ? { where: `upper(a.during) > ${nowParam}::timestamptz`, order: 'lower(a.during) ASC, a.id' }
    : { where: `upper(a.during) <= ${nowParam}::timestamptz`, order: 'lower(a.during) DESC, a.id' };
}

export async function appointmentsWhere(db: Queryable, where: string, params: unknown[], order: string, limit: number): Promise<BookedAppointment[]> {
  const rows = await db.query<AppointmentRow>(`${SELECT} WHERE ${where} ORDER BY ${order} LIMIT ${Math.trunc(limit)}`, params);
  return rows.map(out);
}

/**
 * Whether a session of the patient with the provider starting at `start` (or, without one, any next
 * session) is a follow-up, by the rule of src/domain/pay-rate.ts over the patient's own sessions.
 */
export async function isFollowUpWith(db: Queryable, patientId: string, providerId: string, start?: Date, exceptAppointmentId?: string): Promise<boolean> {
  const history = await db.query<{ start_at: Date; status: 'booked' | 'cancelled' }>(
    `${sessionsWithProvider('$1', '$2')} AND ($3::uuid IS NULL OR a.id <> $3::uuid)`,
    [patientId, providerId, exceptAppointmentId ?? null],
  );
  return isFollowUpSession(
    history.map((h) => ({ start: h.start_at, status: h.status })),
    start,
  );
}

/** A patient's sessions with a provider (start_at, status), as isFollowUpSession reads them: SQL over a patient and a provider (parameters or columns). */
export function sessionsWithProvider(patient: string, provider: string): string {
  return `SELECT lower(a.during) AS start_at, a.status FROM appointments a JOIN appointment_patients ap ON ap.appointment_id = a.id
           WHERE ap.patient_id = ${patient} AND a.provider_id = ${provider}`;
}

/** An appointment about to change, locked (FOR UPDATE) inside the caller's transaction. */
export async function lockAppointmentForChange(tx: Queryable, id: string): Promise<{ status: 'booked' | 'cancelled'; start_at: Date; slot_id: string | null }> {
  const [current] = await tx.query<{ status: 'booked' | 'cancelled'; start_at: Date; slot_id: string | null }>(
    'SELECT status, lower(during) AS start_at, slot_id FROM appointments WHERE id = $1 FOR UPDATE',
    [id],
  );
  return current!;
}

/** Records a cancellation (who, why, whether late, the fee and where it stands) and frees the appointment's time. */
export async function markCancelled(
  tx: Queryable,
  id: string,
  c: { cancelledBy: string; reasonId: string; note: string | null; late: boolean; feeCents: number | null; feeStatus: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE appointments SET status = 'cancelled', cancelled_at = now(), cancelled_by = $2, cancel_reason_id = $3, cancel_note = $4, late_cancel = $5,
            cancel_fee_cents = $6, cancel_fee_status = $7, updated_at = now()
      WHERE id = $1`,
    [id, c.cancelledBy, c.reasonId, c.note, c.late, c.feeCents, c.feeStatus],
  );
  await tx.query('DELETE FROM slot_reservations WHERE appointment_id = $1', [id]);
}

/**
 * Moves an appointment to the time of a hold: the old time is freed, the appointment takes the hold's
 * time, slot, practice and mode (remembering where it was), and the hold becomes its booking.
 */
export async function moveToHold(tx: Queryable, id: string, holdId: string, place: { practiceId: string; appointmentMode: string }): Promise<void> {
  await tx.query('DELETE FROM slot_reservations WHERE appointment_id = $1', [id]);
  await tx.query(
    `UPDATE appointments a SET during = r.during, slot_id = r.slot_id, practice_id = $3, appointment_mode = $4, rescheduled_from = lower(a.during), updated_at = now()
     FROM slot_reservations r WHERE a.id = $1 AND r.id = $2`,
    [id, holdId, place.practiceId, place.appointmentMode],
  );
  await tx.query("UPDATE slot_reservations SET kind = 'booking', expires_at = NULL, appointment_id = $2 WHERE id = $1", [holdId, id]);
}
