/**
 * What the clinician's screens read (src/server/care/routes.ts): the provider's own card and zone, a
 * client's contact, consents, insurances and authorizations, the provider's sessions and the
 * calendar's slots with their state.
 */
import type { BookedAppointment } from '@/generated/entities';
import type { ConsentType } from '@/generated/enums';
import type { Queryable } from '../db/connection';
import { appointmentsWhere, appointmentTiming } from '../booking/appointments';
import type { SqlBool } from 'kysely';
import { all, qb, sql } from '../db/typed';

/** A provider (not removed) as the schedule names it. */
export async function scheduleProvider(db: Queryable, providerId: string) {
  const [provider] = await db.query<{ id: string; firstName: string; lastName: string; title: string; timeZone: string }>(
    'SELECT id, first_name AS "firstName", last_name AS "lastName", title, time_zone AS "timeZone" FROM providers WHERE id = $1 AND removed_at IS NULL',
    [providerId],
  );
  return provider;
}

/** A provider's zone (removed or not). */
export async function providerZone(db: Queryable, providerId: string) {
  const [provider] = await db.query<{ timeZone: string }>('SELECT time_zone AS "timeZone" FROM providers WHERE id = $1', [providerId]);
  return provider;
}

/** A provider (not removed) with its zone, as the calendar names it. */
export async function calendarProvider(db: Queryable, providerId: string) {
  const [provider] = await db.query<{ id: string; timeZone: string }>(
    'SELECT id, time_zone AS "timeZone" FROM providers WHERE id = $1 AND removed_at IS NULL',
    [providerId],
  );
  return provider;
}

/** A provider's sessions still to end (upcoming) or ended (past) at `now`, the nearest first. */
export async function providerSchedule(db: Queryable, providerId: string, when: 'upcoming' | 'past', now: Date, limit: number): Promise<BookedAppointment[]> {
  const { where: timing, order } = appointmentTiming(when, now);
  return appointmentsWhere(db, (eb) => eb.and([timing, eb('a.provider_id', '=', providerId)]), order, limit);
}

/** A client's sessions with the provider, the latest first. */
export async function clientSessionsWithProvider(db: Queryable, providerId: string, patientId: string, limit: number): Promise<BookedAppointment[]> {
  return appointmentsWhere(
    db,
    (eb) =>
      eb.and([
        eb('a.provider_id', '=', providerId),
        eb.exists(
          eb
            .selectFrom('appointment_patients as x')
            .select(sql.lit(1).as('one'))
            .whereRef('x.appointment_id', '=', 'a.id')
            .where('x.patient_id', '=', patientId),
        ),
      ]),
    'desc',
    limit,
  );
}

/** A provider's sessions overlapping [start, end), the earliest first. */
export async function providerSessionsBetween(db: Queryable, providerId: string, start: Date, end: Date, limit: number): Promise<BookedAppointment[]> {
  return appointmentsWhere(
    db,
    (eb) =>
      eb.and([
        eb('a.provider_id', '=', providerId),
        sql<SqlBool>`a.during && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`,
      ]),
    'asc',
    limit,
  );
}

/** How to reach a client: their own contact, the account holder's, and their responsible party's. */
export async function clientContact(db: Queryable, patientId: string) {
  const [person] = await db.query<{
    gender: string | null;
    dob: string | null;
    email: string | null;
    phone: string | null;
    holder_email: string;
    holder_phone: string | null;
    rp_first: string | null;
    rp_last: string | null;
    rp_email: string | null;
    rp_phone: string | null;
  }>(
    `SELECT p.gender, to_char(p.date_of_birth, 'YYYY-MM-DD') AS dob, p.email::text AS email, p.phone_number AS phone, u.email::text AS holder_email,
            (SELECT s.phone_number FROM patients s WHERE s.user_id = u.id AND s.relationship = 'Self' ORDER BY s.created_at LIMIT 1) AS holder_phone,
            rp.first_name AS rp_first, rp.last_name AS rp_last, rp.email::text AS rp_email, rp.phone_number AS rp_phone
       FROM patients p JOIN users u ON u.id = p.user_id LEFT JOIN responsible_parties rp ON rp.id = p.responsible_party_id
      WHERE p.id = $1`,
    [patientId],
  );
  return person;
}

/** A client's consents, the latest first. */
export async function clientConsents(db: Queryable, patientId: string) {
  return db.query<{ id: string; consent_type: ConsentType; signed_at: Date | null }>(
    'SELECT id, consent_type, signed_at FROM consents WHERE patient_id = $1 ORDER BY created_at DESC, id',
    [patientId],
  );
}

/** A client's insurances on file (not removed), the latest first. */
export async function clientInsurances(db: Queryable, patientId: string) {
  return db.query<{ id: string; carrier: string; plan: string; member_id: string }>(
    `SELECT pi.id, c.name AS carrier, pl.name AS plan, pi.member_id FROM patient_insurances pi JOIN insurance_carriers c ON c.id = pi.carrier_id JOIN insurance_plans pl ON pl.id = pi.plan_id
      WHERE pi.patient_id = $1 AND pi.removed_at IS NULL ORDER BY pi.created_at DESC, pi.id`,
    [patientId],
  );
}

/** A client's insurance authorizations, the latest first. */
export async function clientAuthorizations(db: Queryable, patientId: string) {
  return db.query<{ id: string; number: string | null; effective: string; expiration: string }>(
    `SELECT id, form #>> '{authorizationInformation,authorizationNumber}' AS number, to_char(effective_date, 'YYYY-MM-DD') AS effective, to_char(expiration_date, 'YYYY-MM-DD') AS expiration
       FROM patient_authorizations WHERE patient_id = $1 ORDER BY created_at DESC, id`,
    [patientId],
  );
}

/** A provider's slots overlapping [start, end) with their state at `now`: booked, held (a live hold) or open. */
export async function calendarSlots(db: Queryable, providerId: string, start: Date, end: Date, now: Date) {
  return db.query<{ id: string; start: Date; end: Date; mode: 'online' | 'in_person'; state: 'open' | 'held' | 'booked' }>(
    `SELECT s.id, lower(s.during) AS start, upper(s.during) AS end, s.availability_type AS mode,
            CASE WHEN EXISTS (SELECT 1 FROM slot_reservations r WHERE r.provider_id = s.provider_id AND r.during && s.during AND r.kind = 'booking') THEN 'booked'
                 WHEN EXISTS (SELECT 1 FROM slot_reservations r WHERE r.provider_id = s.provider_id AND r.during && s.during AND r.expires_at > $4::timestamptz) THEN 'held'
                 ELSE 'open' END AS state
       FROM slots s
      WHERE s.provider_id = $1 AND s.during && tstzrange($2::timestamptz, $3::timestamptz)
      ORDER BY lower(s.during)`,
    [providerId, start.toISOString(), end.toISOString(), now.toISOString()],
  );
}

/** What the people booking these sessions wrote as the reason ("What would you like help with?"), by session; none when blank. */
export async function bookingReasons(db: Queryable, appointmentIds: readonly string[]): Promise<Map<string, string>> {
  if (!appointmentIds.length) return new Map();
  const rows = await all(
    db,
    qb
      .selectFrom('appointments')
      .select(['id', 'reason'])
      .where('id', 'in', [...appointmentIds])
      .where('reason', 'is not', null),
  );
  return new Map(rows.flatMap((r) => (r.reason?.trim() ? [[r.id, r.reason] as const] : [])));
}
