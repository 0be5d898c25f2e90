/** Places on waitlists as the API answers them (WaitlistEntry), with their offers newest first. */
import type { WaitlistEntry } from '@/generated/entities';
import type { AppointmentMode, CounselingType, TimeOfDay, WaitlistEntryStatus, WaitlistOfferStatus } from '@/generated/enums';
import { routeById } from '@/generated/routes';
import { bookingPathOf } from '@/domain/waitlist';
import type { Queryable } from '../db/connection';
import { all, qb, sql } from '../db/typed';

/** Places of an account, or one place, newest first among the waiting then the others. */
export async function entriesWhere(db: Queryable, by: { accountId: string } | { id: string }): Promise<WaitlistEntry[]> {
  const entries = await all(
    db,
    qb
      .selectFrom('waitlist_entries as e')
      .leftJoin('providers as p', 'p.id', 'e.provider_id')
      .select([
        'e.id',
        'e.user_id',
        'e.patient_id',
        'e.provider_id',
        'p.first_name',
        'p.last_name',
        'p.title',
        'p.time_zone',
        'e.counseling_type',
        'e.appointment_mode',
        'e.plan_id',
        'e.state_code',
        'e.times_of_day',
        'e.status',
        'e.created_at',
      ])
      .where('accountId' in by ? 'e.user_id' : 'e.id', '=', 'accountId' in by ? by.accountId : by.id)
      .orderBy(sql`(e.status = 'waiting')`, 'desc')
      .orderBy('e.place', 'desc'),
  );
  if (!entries.length) return [];
  const offers = await all(
    db,
    qb
      .selectFrom('waitlist_offers as o')
      .innerJoin('waitlist_entries as e', 'e.id', 'o.entry_id')
      .innerJoin('slots as s', 's.id', 'o.slot_id')
      .innerJoin('providers as pr', 'pr.id', 's.provider_id')
      .select((eb) => [
        'o.id',
        'o.entry_id',
        'o.status',
        'o.slot_id',
        's.provider_id',
        's.practice_id',
        sql<string>`pr.first_name || ' ' || pr.last_name || ', ' || pr.title`.as('provider_name'),
        sql<Date>`lower(s.during)`.as('start_at'),
        sql<Date>`upper(s.during)`.as('end_at'),
        's.availability_type',
        's.is_medication',
        'o.expires_at',
        'e.counseling_type',
        eb
          .selectFrom('filters as f')
          .select(sql<string[]>`coalesce(array_agg(f.value), '{}')`.as('types'))
          .where('f.id', '=', sql<number>`ANY (${eb.ref('pr.filter_ids')})`)
          .where('f.type', '=', 'counseling_type')
          .as('offered_types'),
        eb.fn
          .coalesce(eb.selectFrom('patients as pa').select('pa.time_zone').whereRef('pa.id', '=', 'e.patient_id'), 'pr.time_zone')
          .$castTo<string>()
          .as('zone'),
      ])
      .where('o.entry_id', '=', sql<string>`ANY (${entries.map((e) => e.id)}::uuid[])`)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.expires_at', 'desc'),
  );
  return entries.map((e) => ({
    id: e.id,
    userId: e.user_id,
    patientId: e.patient_id,
    provider:
      e.provider_id && e.first_name !== null
        ? { id: e.provider_id, firstName: e.first_name, lastName: e.last_name ?? '', title: e.title ?? '', timeZone: e.time_zone ?? '' }
        : null,
    // The stored words are the enumerations' values (the API validated them on the way in).
    counselingType: e.counseling_type as CounselingType | null,
    appointmentMode: e.appointment_mode as AppointmentMode | null,
    planId: e.plan_id,
    stateCode: e.state_code.trim(),
    timesOfDay: e.times_of_day as TimeOfDay[],
    status: e.status as WaitlistEntryStatus,
    createdAt: new Date(e.created_at).toISOString(),
    offers: offers
      .filter((o) => o.entry_id === e.id)
      .map((o) => ({
        id: o.id,
        status: o.status as WaitlistOfferStatus,
        slotId: o.slot_id,
        providerId: o.provider_id,
        practiceId: o.practice_id,
        providerName: o.provider_name,
        start: new Date(o.start_at).toISOString(),
        end: new Date(o.end_at).toISOString(),
        appointmentMode: o.availability_type as AppointmentMode,
        timeZone: o.zone,
        expiresAt: new Date(o.expires_at).toISOString(),
        bookingPath: bookingPathOf(routeById.booking.path, {
          providerId: o.provider_id,
          practiceId: o.practice_id,
          slotId: o.slot_id,
          availabilityType: o.availability_type as AppointmentMode,
          isMedication: o.is_medication,
          offeredCounselingTypes: o.offered_types ?? [],
          askedCounselingType: o.counseling_type as CounselingType | null,
          tz: o.zone,
        }),
      })),
  }));
}

/** An account's places on the waitlist. */
export async function entriesOfAccount(db: Queryable, accountId: string): Promise<WaitlistEntry[]> {
  return entriesWhere(db, { accountId });
}

export async function entryById(db: Queryable, id: string): Promise<WaitlistEntry | undefined> {
  const [entry] = await entriesWhere(db, { id });
  return entry;
}
