/**
 * What the clinician's screens read (src/server/care/routes.ts): the provider's own card and zone, a
 * client's contact, consents, insurances and authorizations, the provider's sessions and the
 * calendar's slots with their state.
 */
import type { BookedAppointment } from '@/generated/entities';
import type { ConsentType } from '@/generated/enums';
import type { Queryable } from '../db/connection';
import { appointmentsWhere, appointmentTiming } from '../booking/appointments';
import type { ExpressionBuilder } from 'kysely';
import type { Slots } from '@/generated/database';
import { all, first, isoDay, qb, sql, type DB } from '../db/typed';
import type { SqlBool } from 'kysely';

/** A provider (not removed) as the schedule names it. */
export async function scheduleProvider(db: Queryable, providerId: string) {
  return first(
    db,
    qb
      .selectFrom('providers')
      .select(['id', 'first_name as firstName', 'last_name as lastName', 'title', 'time_zone as timeZone'])
      .where('id', '=', providerId)
      .where('removed_at', 'is', null),
  );
}

/** A provider's zone (removed or not). */
export async function providerZone(db: Queryable, providerId: string) {
  return first(db, qb.selectFrom('providers').select('time_zone as timeZone').where('id', '=', providerId));
}

/** A provider (not removed) with its zone, as the calendar names it. */
export async function calendarProvider(db: Queryable, providerId: string) {
  return first(db, qb.selectFrom('providers').select(['id', 'time_zone as timeZone']).where('id', '=', providerId).where('removed_at', 'is', null));
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
  return first(
    db,
    qb
      .selectFrom('patients as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('responsible_parties as rp', 'rp.id', 'p.responsible_party_id')
      .select((eb) => [
        'p.gender',
        isoDay(eb.ref('p.date_of_birth')).as('dob'),
        sql<string | null>`p.email::text`.as('email'),
        'p.phone_number as phone',
        sql<string>`u.email::text`.as('holder_email'),
        eb
          .selectFrom('patients as s')
          .select('s.phone_number')
          .whereRef('s.user_id', '=', 'u.id')
          .where('s.relationship', '=', 'Self')
          .orderBy('s.created_at')
          .limit(1)
          .as('holder_phone'),
        'rp.first_name as rp_first',
        'rp.last_name as rp_last',
        sql<string | null>`rp.email::text`.as('rp_email'),
        'rp.phone_number as rp_phone',
      ])
      .where('p.id', '=', patientId),
  );
}

/** A client's consents, the latest first. */
export async function clientConsents(db: Queryable, patientId: string) {
  return all(
    db,
    qb
      .selectFrom('consents')
      .select((eb) => ['id', eb.ref('consent_type').$castTo<ConsentType>().as('consent_type'), 'signed_at'])
      .where('patient_id', '=', patientId)
      .orderBy('created_at', 'desc')
      .orderBy('id'),
  );
}

/** A client's insurances on file (not removed), the latest first. */
export async function clientInsurances(db: Queryable, patientId: string) {
  return all(
    db,
    qb
      .selectFrom('patient_insurances as pi')
      .innerJoin('insurance_carriers as c', 'c.id', 'pi.carrier_id')
      .innerJoin('insurance_plans as pl', 'pl.id', 'pi.plan_id')
      .select(['pi.id', 'c.name as carrier', 'pl.name as plan', 'pi.member_id'])
      .where('pi.patient_id', '=', patientId)
      .where('pi.removed_at', 'is', null)
      .orderBy('pi.created_at', 'desc')
      .orderBy('pi.id'),
  );
}

/** A client's insurance authorizations, the latest first. */
export async function clientAuthorizations(db: Queryable, patientId: string) {
  return all(
    db,
    qb
      .selectFrom('patient_authorizations')
      .select((eb) => [
        'id',
        sql<string | null>`form #>> '{authorizationInformation,authorizationNumber}'`.as('number'),
        isoDay(eb.ref('effective_date')).$castTo<string>().as('effective'),
        isoDay(eb.ref('expiration_date')).$castTo<string>().as('expiration'),
      ])
      .where('patient_id', '=', patientId)
      .orderBy('created_at', 'desc')
      .orderBy('id'),
  );
}

/** A provider's slots overlapping [start, end) with their state at `now`: booked, held (a live hold) or open. */
export async function calendarSlots(db: Queryable, providerId: string, start: Date, end: Date, now: Date) {
  const reservedAlongside = (eb: ExpressionBuilder<DB & { s: Slots }, 's'>) =>
    eb
      .selectFrom('slot_reservations as r')
      .select(sql`1`.as('one'))
      .whereRef('r.provider_id', '=', 's.provider_id')
      .where(sql<boolean>`r.during && s.during`);
  return all(
    db,
    qb
      .selectFrom('slots as s')
      .select((eb) => [
        's.id',
        sql<Date>`lower(s.during)`.as('start'),
        sql<Date>`upper(s.during)`.as('end'),
        eb.ref('s.availability_type').$castTo<'online' | 'in_person'>().as('mode'),
        eb
          .case()
          .when(eb.exists(reservedAlongside(eb).where('r.kind', '=', 'booking')))
          .then(sql.lit('booked'))
          .when(eb.exists(reservedAlongside(eb).where('r.expires_at', '>', sql<Date>`${now.toISOString()}::timestamptz`)))
          .then(sql.lit('held'))
          .else(sql.lit('open'))
          .end()
          .$castTo<'open' | 'held' | 'booked'>()
          .as('state'),
      ])
      .where('s.provider_id', '=', providerId)
      .where(sql<boolean>`s.during && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`)
      .orderBy(sql`lower(s.during)`),
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
