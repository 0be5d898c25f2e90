/** What the appointment calls look up about appointments (src/server/booking/routes.ts); an appointment as the API answers it is appointments.ts. */
import type { BookedAppointment } from '@/generated/entities';
import type { AppointmentStatus } from '@/generated/enums';
import { appointmentOwnerById } from '../accounts/reach';
import type { Queryable } from '../db/connection';
import { all, appointmentStart, first, qb, sql, type RowOf } from '../db/typed';
import { appointmentsWhere, appointmentTiming } from './appointments';

/** An appointment with its account, that account's partner, and what a rebooking copies (accounts/reach.ts reachRecord's query). */
export const appointmentAccessById = (id: string) =>
  appointmentOwnerById(id)
    .select((eb) => [
      'a.provider_id',
      'a.status',
      appointmentStart().as('start_at'),
      'a.time_zone',
      'a.counseling_type',
      'a.self_pay',
      'a.self_pay_consent_category',
      'a.insurance_id',
      eb.cast<string | null>('a.partnership_code', 'text').as('partnership_code'),
    ])
    .$narrowType<{ status: AppointmentStatus }>();

export type AppointmentAccess = RowOf<ReturnType<typeof appointmentAccessById>>;

/** A patient's sessions still to end (upcoming) or ended (past) at `now`, the nearest first. */
export async function appointmentsOfPatient(
  db: Queryable,
  patientId: string,
  when: 'upcoming' | 'past',
  now: Date,
  limit: number,
): Promise<BookedAppointment[]> {
  const { where: timing, order } = appointmentTiming(when, now);
  return appointmentsWhere(
    db,
    (eb) =>
      eb.and([
        timing,
        eb.exists(
          eb
            .selectFrom('appointment_patients as ap')
            .select(sql.lit(1).as('one'))
            .whereRef('ap.appointment_id', '=', 'a.id')
            .where('ap.patient_id', '=', patientId),
        ),
      ]),
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
  const { where: timing, order } = appointmentTiming(when, now);
  return appointmentsWhere(db, (eb) => eb.and([timing, eb('a.user_id', '=', accountId)]), order, limit);
}

/** The patients of an appointment, in the order they were booked. */
export async function patientIdsOfAppointment(db: Queryable, appointmentId: string): Promise<{ patient_id: string }[]> {
  return all(db, qb.selectFrom('appointment_patients').select('patient_id').where('appointment_id', '=', appointmentId).orderBy('position'));
}

/** The account an appointment belongs to. */
export async function accountOfAppointment(db: Queryable, appointmentId: string): Promise<{ user_id: string | null } | undefined> {
  return first(db, qb.selectFrom('appointments').select('user_id').where('id', '=', appointmentId));
}

/** The booked sessions of the patient with the provider, one row each (the existence checks below take one). */
const bookedWithProvider = (patientId: string, providerId: string) =>
  qb
    .selectFrom('appointments as a')
    .innerJoin('appointment_patients as ap', 'ap.appointment_id', 'a.id')
    .select(sql.lit(1).as('one'))
    .where('ap.patient_id', '=', patientId)
    .where('a.provider_id', '=', providerId)
    .where('a.status', '=', 'booked')
    .limit(1);

/** Whether the patient has a booked session with the provider (other than `except`). */
export async function bookedWithProviderExists(db: Queryable, patientId: string, providerId: string, except: string | undefined): Promise<boolean> {
  const query = bookedWithProvider(patientId, providerId);
  return (await first(db, except ? query.where('a.id', '<>', except) : query)) !== undefined;
}

/** Whether the patient has a booked session of the counseling type with the provider. */
export async function bookedOfTypeExists(db: Queryable, patientId: string, providerId: string, counselingType: string): Promise<boolean> {
  return (await first(db, bookedWithProvider(patientId, providerId).where('a.counseling_type', '=', counselingType))) !== undefined;
}
