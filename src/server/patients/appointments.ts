/**
 * What the patient calls need to know of appointments (care status, associated providers, billing
 * statements). Appointments are written by the booking part (tables of migration 0003).
 */
import type { Queryable } from '../db/connection';
import { all, appointmentStart, appointmentTimes, qb, sql, type RowOf } from '../db/typed';

const appointmentFacts = (patientIds: readonly string[]) =>
  qb
    .selectFrom('appointments as a')
    .innerJoin('appointment_patients as ap', 'ap.appointment_id', 'a.id')
    .select(['a.id', 'ap.patient_id', 'a.provider_id', 'a.practice_id', 'a.status', ...appointmentTimes(), 'a.appointment_mode'])
    .where('ap.patient_id', '=', sql<string>`ANY(${patientIds}::uuid[])`)
    .orderBy(appointmentStart())
    .orderBy('a.id');

export type AppointmentFact = RowOf<ReturnType<typeof appointmentFacts>>;

/** The appointments (booked and cancelled) of these patients, one row per appointment and patient. */
export async function appointmentsOfPatients(db: Queryable, patientIds: readonly string[]): Promise<AppointmentFact[]> {
  if (!patientIds.length) return [];
  return all(db, appointmentFacts(patientIds));
}
