/** What the front desk writes: a patient checked in to their session. */
import type { Queryable } from '../db/connection';

/** Checks a patient of a booked session in (the first check-in stands); undefined when no such patient of a booked session. */
export async function checkInPatientOf(
  db: Queryable,
  appointmentId: string,
  patientId: string,
  at: Date,
  by: string,
): Promise<{ checked_in_at: Date } | undefined> {
  const [row] = await db.query<{ checked_in_at: Date }>(
    `UPDATE appointment_patients ap SET checked_in_at = coalesce(ap.checked_in_at, $3::timestamptz), checked_in_by = coalesce(ap.checked_in_by, $4)
       FROM appointments a
      WHERE ap.appointment_id = $1 AND ap.patient_id = $2 AND a.id = ap.appointment_id AND a.status = 'booked'
      RETURNING ap.checked_in_at`,
    [appointmentId, patientId, at.toISOString(), by],
  );
  return row;
}

/** The practice of an appointment and the zone its day is counted in (where the agenda of that day is). */
export async function practiceDayOf(db: Queryable, appointmentId: string): Promise<{ practice_id: string; time_zone: string } | undefined> {
  const [row] = await db.query<{ practice_id: string; time_zone: string }>(
    'SELECT a.practice_id, pr.time_zone FROM appointments a JOIN practices pr ON pr.id = a.practice_id WHERE a.id = $1',
    [appointmentId],
  );
  return row;
}
