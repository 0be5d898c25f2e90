/**
 * The front-desk hand-over (issue 34): the device goes to a patient for their own task (date of birth, then the
 * booking consent of their session), scoped on the server: the staff member's session may call only that task's
 * endpoints (hand-over-scope.ts) until they sign in again with a sign-in code sent to them.
 */
import moment from 'moment-timezone';
import type { EndpointTypes } from '@/generated/entities';
import type { Queryable } from '../db/connection';

export type HandOver = EndpointTypes['getFrontDeskHandOver']['response'];

/** What the patient's screen shows: patientId on booked session appointmentId, or undefined when they are not on it. */
export async function handOverOf(db: Queryable, patientId: string, appointmentId: string): Promise<HandOver | undefined> {
  const [row] = await db.query<{
    first_name: string;
    last_name: string;
    start_at: Date;
    practice_id: string;
    practice_name: string;
    time_zone: string;
    consent_id: string | null;
  }>(
    `SELECT p.first_name, p.last_name, lower(a.during) AS start_at, pr.id AS practice_id, pr.name AS practice_name, pr.time_zone,
            (SELECT c.id FROM consents c WHERE c.patient_id = p.id AND c.consent_type = 'bookAppointmentConsent' AND c.signed_at IS NULL
                AND (c.appointment_id IS NULL OR c.appointment_id = a.id) ORDER BY c.created_at DESC LIMIT 1) AS consent_id
       FROM appointments a
       JOIN appointment_patients ap ON ap.appointment_id = a.id
       JOIN patients p ON p.id = ap.patient_id
       JOIN practices pr ON pr.id = a.practice_id
      WHERE a.id = $1 AND ap.patient_id = $2 AND a.status = 'booked'`,
    [appointmentId, patientId],
  );
  if (!row) return undefined;
  const start = new Date(row.start_at);
  return {
    patient: { id: patientId, firstName: row.first_name, lastName: row.last_name },
    session: { id: appointmentId, start: start.toISOString() },
    practice: { id: row.practice_id, name: row.practice_name, timeZone: row.time_zone },
    date: moment(start).tz(row.time_zone).format('YYYY-MM-DD'),
    consentId: row.consent_id,
  };
}
