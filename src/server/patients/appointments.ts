/**
 * What the patient calls need to know of appointments (care status, associated providers, billing
 * statements). Appointments are written by the booking part (tables of migration 0003).
 */
import type { Queryable } from '../db/connection';

export interface AppointmentFact {
  id: string;
  patient_id: string;
  provider_id: string;
  practice_id: string;
  status: string;
  start_at: Date;
  end_at: Date;
  appointment_mode: string | null;
}

/** The appointments (booked and cancelled) of these patients, one row per appointment and patient. */
export async function appointmentsOfPatients(db: Queryable, patientIds: readonly string[]): Promise<AppointmentFact[]> {
  if (!patientIds.length) return [];
  return db.query<AppointmentFact>(
    `SELECT a.id, ap.patient_id, a.provider_id, a.practice_id, a.status, lower(a.during) AS start_at, upper(a.during) AS end_at, a.appointment_mode
       FROM appointments a JOIN appointment_patients ap ON ap.appointment_id = a.id
      WHERE ap.patient_id = ANY($1::uuid[])
      ORDER BY lower(a.during), a.id`,
    [patientIds],
  );
}
