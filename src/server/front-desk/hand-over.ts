/**
 * The front-desk hand-over: the device goes to a patient for their own task (date of birth, then the
 * booking consent of their session), scoped on the server: the staff member's session may call only that task's
 * endpoints (hand-over-scope.ts) until they sign in again with a sign-in code sent to them.
 */
import moment from 'moment-timezone';
import type { EndpointTypes } from '@/generated/entities';
import type { Queryable } from '../db/connection';
import { appointmentStart, first, qb } from '../db/typed';

export type HandOver = EndpointTypes['getFrontDeskHandOver']['response'];

/** What the patient's screen shows: patientId on booked session appointmentId, or undefined when they are not on it. */
export async function handOverOf(db: Queryable, patientId: string, appointmentId: string): Promise<HandOver | undefined> {
  const row = await first(
    db,
    qb
      .selectFrom('appointments as a')
      .innerJoin('appointment_patients as ap', 'ap.appointment_id', 'a.id')
      .innerJoin('patients as p', 'p.id', 'ap.patient_id')
      .innerJoin('practices as pr', 'pr.id', 'a.practice_id')
      .select((eb) => [
        'p.first_name',
        'p.last_name',
        appointmentStart().as('start_at'),
        'pr.id as practice_id',
        'pr.name as practice_name',
        'pr.time_zone',
        eb
          .selectFrom('consents as c')
          .select('c.id')
          .whereRef('c.patient_id', '=', 'p.id')
          .where('c.consent_type', '=', 'bookAppointmentConsent')
          .where('c.signed_at', 'is', null)
          .where((w) => w.or([w('c.appointment_id', 'is', null), w('c.appointment_id', '=', w.ref('a.id'))]))
          .orderBy('c.created_at', 'desc')
          .limit(1)
          .as('consent_id'),
      ])
      .where('a.id', '=', appointmentId)
      .where('ap.patient_id', '=', patientId)
      .where('a.status', '=', 'booked'),
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
