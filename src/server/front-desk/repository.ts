/** What the front desk writes: a patient checked in to their session. */
import type { Queryable } from '../db/connection';
import { first, qb, sql } from '../db/typed';

/** Checks a patient of a booked session in (the first check-in stands); undefined when no such patient of a booked session. */
export async function checkInPatientOf(
  db: Queryable,
  appointmentId: string,
  patientId: string,
  at: Date,
  by: string,
): Promise<{ checked_in_at: Date } | undefined> {
  const row = await first(
    db,
    qb
      .updateTable('appointment_patients as ap')
      .from('appointments as a')
      .set((eb) => ({
        checked_in_at: eb.fn.coalesce('ap.checked_in_at', sql<Date>`${at.toISOString()}::timestamptz`),
        checked_in_by: eb.fn.coalesce('ap.checked_in_by', sql<string>`${by}`),
      }))
      .where('ap.appointment_id', '=', appointmentId)
      .where('ap.patient_id', '=', patientId)
      .whereRef('a.id', '=', 'ap.appointment_id')
      .where('a.status', '=', 'booked')
      .returning('ap.checked_in_at'),
  );
  // coalesce with the time given: set, whoever set it first.
  return row ? { checked_in_at: row.checked_in_at! } : undefined;
}

/** The practice of an appointment and the zone its day is counted in (where the agenda of that day is). */
export async function practiceDayOf(db: Queryable, appointmentId: string): Promise<{ practice_id: string; time_zone: string } | undefined> {
  return first(
    db,
    qb
      .selectFrom('appointments as a')
      .innerJoin('practices as pr', 'pr.id', 'a.practice_id')
      .select(['a.practice_id', 'pr.time_zone'])
      .where('a.id', '=', appointmentId),
  );
}
