/** What the appointment calls look up about appointments (src/server/booking/routes.ts); an appointment as the API answers it is appointments.ts. */
import type { BookedAppointment } from '@/generated/entities';
import type { Queryable } from '../db/connection';
import { appointmentsWhere, appointmentTiming } from './appointments';

/** An appointment with its account, that account's partner, and what a rebooking copies (accounts/reach.ts reachRecord; $1: its id). */
export const APPOINTMENT_ACCESS_SQL = `SELECT a.id, a.user_id AS account_id, u.business_partner_id AS account_partner_id, a.provider_id, a.status, lower(a.during) AS start_at,
       a.time_zone, a.counseling_type, a.self_pay, a.self_pay_consent_category, a.insurance_id, a.partnership_code::text AS partnership_code
  FROM appointments a JOIN users u ON u.id = a.user_id WHERE a.id = $1`;

/** A patient's sessions still to end (upcoming) or ended (past) at `now`, the nearest first. */
export async function appointmentsOfPatient(
  db: Queryable,
  patientId: string,
  when: 'upcoming' | 'past',
  now: Date,
  limit: number,
): Promise<BookedAppointment[]> {
  const { where: timing, order } = appointmentTiming(when, '$2');
  return appointmentsWhere(
    db,
    `${timing} AND EXISTS (SELECT 1 FROM appointment_patients ap WHERE ap.appointment_id = a.id AND ap.patient_id = $1)`,
    [patientId, now.toISOString()],
    order,
    limit,
  );
}

/** An account's sessions still to end (upcoming) or ended (past) at `now`, the nearest first. */
export async function appointmentsOfAccount(
  db: Queryable,
  accountId: string,
  when: 'upcoming' | 'past',
  now: Date,
  limit: number,
): Promise<BookedAppointment[]> {
  const { where: timing, order } = appointmentTiming(when, '$2');
  return appointmentsWhere(db, `${timing} AND a.user_id = $1`, [accountId, now.toISOString()], order, limit);
}

/** The patients of an appointment, in the order they were booked. */
export async function patientIdsOfAppointment(db: Queryable, appointmentId: string): Promise<{ patient_id: string }[]> {
  return db.query<{ patient_id: string }>('SELECT patient_id FROM appointment_patients WHERE appointment_id = $1 ORDER BY position', [appointmentId]);
}

/** The account an appointment belongs to. */
export async function accountOfAppointment(db: Queryable, appointmentId: string): Promise<{ user_id: string | null } | undefined> {
  const [owner] = await db.query<{ user_id: string | null }>('SELECT user_id FROM appointments WHERE id = $1', [appointmentId]);
  return owner;
}

/** Whether the patient has a booked session with the provider (other than `except`). */
export async function bookedWithProviderExists(db: Queryable, patientId: string, providerId: string, except: string | undefined): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM appointments a JOIN appointment_patients ap ON ap.appointment_id = a.id
      WHERE ap.patient_id = $1 AND a.provider_id = $2 AND a.status = 'booked' AND ($3::uuid IS NULL OR a.id <> $3::uuid) LIMIT 1`,
    [patientId, providerId, except ?? null],
  );
  return rows.length > 0;
}

/** Whether the patient has a booked session of the counseling type with the provider. */
export async function bookedOfTypeExists(db: Queryable, patientId: string, providerId: string, counselingType: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM appointments a JOIN appointment_patients ap ON ap.appointment_id = a.id
      WHERE ap.patient_id = $1 AND a.provider_id = $2 AND a.counseling_type = $3 AND a.status = 'booked' LIMIT 1`,
    [patientId, providerId, counselingType],
  );
  return rows.length > 0;
}
