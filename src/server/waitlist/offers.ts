/**
 * Offers of freed times to people on waitlists. A freed time (a cancellation, new
 * availability) is offered to the first waiting person it fits (src/domain/waitlist.ts), held for them
 * as an ordinary slot hold (src/server/booking/holds.ts) for waitlistOfferHoldMinutes, so the offer's
 * link books it through the normal booking. The database keeps the promises: one open offer per time
 * (a unique index), one per place in line, and the hold's exclusion constraint keeps the time from
 * anyone else. When the offer lapses (a job queued for its expiry, and a sweep as a safety net) or is
 * declined, the hold is let go and the time goes to the next person.
 */
import type { FastifyInstance } from 'fastify';
import { constants } from '@/generated/constants';
import type { AppointmentMode, CounselingType, TimeOfDay } from '@/generated/enums';
import { routeById } from '@/generated/routes';
import { formatWhen } from '@/domain/date-format';
import { bookingPathOf, nextInLine, type ProviderFit, type WaitlistWish } from '@/domain/waitlist';
import type { Queryable } from '../db/connection';
import { all, first, isoDay, qb, run, sql } from '../db/typed';
import { lockProviderTime, purgeExpiredHolds } from '../booking/holds';
import { slotColumns } from '../marketplace/availability';
import { pgCode, EXCLUSION_VIOLATION, UNIQUE_VIOLATION } from '../db/errors';
import { siteUrl } from '../site-url';

export const WAITLIST_OFFER_QUEUE = 'waitlist-offer';
export const WAITLIST_SWEEP_QUEUE = 'waitlist-sweep';

export type OfferEnd = 'booked' | 'lapsed' | 'declined' | 'withdrawn';

/** A provider's facts as booking them is concerned: licence, plans, client ages, services, zone. */
export async function providerFit(db: Queryable, providerId: string): Promise<ProviderFit | undefined> {
  const row = await first(
    db,
    qb
      .selectFrom('providers as p')
      .leftJoin('filters as f', (j) => j.on('f.id', '=', sql<number>`ANY (p.filter_ids)`))
      .select([
        'p.id',
        'p.licensed_states',
        'p.plan_ids',
        'p.offers_medication',
        'p.time_zone',
        sql<string[]>`coalesce(array_agg(f.value) FILTER (WHERE f.type = 'client_age_group'), '{}')`.as('age_groups'),
        sql<string[]>`coalesce(array_agg(f.value) FILTER (WHERE f.type = 'counseling_type'), '{}')`.as('counseling_types'),
      ])
      .where('p.id', '=', providerId)
      .where('p.removed_at', 'is', null)
      .groupBy('p.id'),
  );
  if (!row) return undefined;
  return {
    id: row.id,
    licensedStates: row.licensed_states.map((s) => s.trim()),
    planIds: row.plan_ids,
    offersMedication: row.offers_medication,
    timeZone: row.time_zone,
    ageGroups: row.age_groups,
    counselingTypes: row.counseling_types,
  };
}

/** Who waits, first in line first, with the attending patient's date of birth (the account holder's own record when none is named). */
const waitingLine = () =>
  qb.selectFrom('waitlist_entries as e').select((eb) => [
    'e.id',
    'e.user_id as userId',
    'e.provider_id as providerId',
    'e.counseling_type as counselingType',
    'e.appointment_mode as appointmentMode',
    'e.plan_id as planId',
    'e.state_code as stateCode',
    'e.times_of_day as timesOfDay',
    eb.fn
      .coalesce(
        eb
          .selectFrom('patients as p')
          .select((p) => isoDay(p.ref('p.date_of_birth')).as('d'))
          .whereRef('p.id', '=', 'e.patient_id'),
        eb
          .selectFrom('patients as p')
          .select((p) => isoDay(p.ref('p.date_of_birth')).as('d'))
          .whereRef('p.user_id', '=', 'e.user_id')
          .where('p.relationship', '=', 'Self')
          .orderBy('p.created_at')
          .limit(1),
        eb
          .selectFrom('users as u')
          .select((u) => isoDay(u.ref('u.date_of_birth')).as('d'))
          .whereRef('u.id', '=', 'e.user_id'),
      )
      .as('birthDate'),
  ]);

/**
 * Offers a freed time to the next person it fits, holding it for them; nothing when the time is taken,
 * already offered, or fits nobody. Answers the offer made, for the mail.
 */
export async function offerFreedTime(app: FastifyInstance, slotId: string): Promise<string | undefined> {
  const db = app.database;
  const now = app.clock.now();
  const slotProvider = await first(db, qb.selectFrom('slots').select('provider_id').where('id', '=', slotId));
  if (!slotProvider) return undefined;
  const provider = await providerFit(db, slotProvider.provider_id);
  if (!provider) return undefined;
  try {
    const offerId = await db.transaction(async (tx) => {
      await lockProviderTime(tx, db.kind, provider.id);
      await purgeExpiredHolds(tx, provider.id, now);
      const slot = await first(
        tx,
        qb
          .selectFrom('slots as s')
          .select((eb) => [
            ...slotColumns,
            eb
              .exists(
                eb
                  .selectFrom('slot_reservations as r')
                  .select('r.id')
                  .whereRef('r.provider_id', '=', 's.provider_id')
                  .where(sql<boolean>`r.during && s.during`),
              )
              .as('claimed'),
            eb.exists(eb.selectFrom('waitlist_offers as o').select('o.id').whereRef('o.slot_id', '=', 's.id').where('o.status', '=', 'open')).as('offered'),
          ])
          .where('s.id', '=', slotId),
      );
      if (!slot || slot.claimed || slot.offered) return undefined;
      const line = await all(
        tx,
        waitingLine()
          .where('e.status', '=', 'waiting')
          .where((eb) => eb.or([eb('e.provider_id', 'is', null), eb('e.provider_id', '=', provider.id)]))
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('waitlist_offers as o')
                  .select('o.id')
                  .whereRef('o.entry_id', '=', 'e.id')
                  .where((w) => w.or([w('o.slot_id', '=', slotId), w('o.status', '=', 'open')])),
              ),
            ),
          )
          .orderBy('e.place'),
      );
      const time = { start: new Date(slot.start_at), availabilityType: slot.availability_type, isMedication: slot.is_medication };
      const next = nextInLine(
        line.map((w) => ({
          ...w,
          timesOfDay: w.timesOfDay as TimeOfDay[],
          counselingType: w.counselingType as CounselingType | null,
          appointmentMode: w.appointmentMode as WaitlistWish['appointmentMode'],
        })),
        provider,
        time,
        now,
      );
      if (!next) return undefined;
      const held = await first(
        tx,
        qb
          .insertInto('slot_reservations')
          .columns(['provider_id', 'slot_id', 'during', 'kind', 'held_by', 'expires_at'])
          .expression(
            qb
              .selectFrom('slots as s')
              .select([
                's.provider_id',
                's.id',
                's.during',
                sql<string>`'hold'`.as('kind'),
                sql<string>`${next.userId}`.as('held_by'),
                sql<Date>`${now.toISOString()}::timestamptz + make_interval(mins => ${constants.waitlistOfferHoldMinutes}::int)`.as('expires_at'),
              ])
              .where('s.id', '=', slotId),
          )
          .returning(['id', 'expires_at']),
      );
      // The hold was written with its expiry just now.
      const hold = { id: held!.id, expires_at: held!.expires_at! };
      const offer = await first(
        tx,
        qb
          .insertInto('waitlist_offers')
          .values({ entry_id: next.id, slot_id: slotId, hold_id: hold.id, expires_at: hold.expires_at, created_at: now.toISOString() })
          .returning('id'),
      );
      await run(
        tx,
        qb.insertInto('audit_log').values({
          actor_id: null,
          action: 'waitlistOffer',
          record_type: 'waitlist_offer',
          record_id: offer!.id,
          outcome: 'success',
          details: JSON.stringify({ entryId: next.id, slotId }),
        }),
      );
      return { offerId: offer!.id, expiresAt: new Date(hold.expires_at) };
    });
    if (!offerId) return undefined;
    // The offer ends at its hold's expiry: a job for that moment (the sweep catches any a stopped process left).
    await app.jobs.send(WAITLIST_SWEEP_QUEUE, {}, { startAfter: new Date(offerId.expiresAt.getTime() + 1000) });
    await sendOfferMail(app, offerId.offerId);
    return offerId.offerId;
  } catch (error) {
    // Someone claimed the time meanwhile (their hold or booking won): nothing to offer.
    if (pgCode(error) === EXCLUSION_VIOLATION || pgCode(error) === UNIQUE_VIOLATION) return undefined;
    throw error;
  }
}

async function sendOfferMail(app: FastifyInstance, offerId: string): Promise<void> {
  const row = await first(
    app.database,
    qb
      .selectFrom('waitlist_offers as o')
      .innerJoin('waitlist_entries as e', 'e.id', 'o.entry_id')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .innerJoin('slots as s', 's.id', 'o.slot_id')
      .innerJoin('providers as pr', 'pr.id', 's.provider_id')
      .select((eb) => [
        eb.cast<string | null>('u.email', 'text').as('email'),
        'u.first_name',
        'u.language',
        'pr.first_name as provider_first',
        'pr.last_name as provider_last',
        'pr.title',
        sql<Date>`lower(s.during)`.as('start_at'),
        eb.fn
          .coalesce(eb.selectFrom('patients as p').select('p.time_zone').whereRef('p.id', '=', 'e.patient_id'), 'pr.time_zone')
          .$castTo<string>()
          .as('zone'),
        's.provider_id',
        's.practice_id',
        's.id as slot_id',
        's.availability_type',
        's.is_medication',
        'e.counseling_type',
      ])
      .where('o.id', '=', offerId),
  );
  if (!row?.email) return;
  const provider = await providerFit(app.database, row.provider_id);
  const bookingPath = bookingPathOf(routeById.booking.path, {
    providerId: row.provider_id,
    practiceId: row.practice_id,
    slotId: row.slot_id,
    availabilityType: row.availability_type as AppointmentMode,
    isMedication: row.is_medication,
    offeredCounselingTypes: provider?.counselingTypes ?? [],
    askedCounselingType: row.counseling_type as CounselingType | null,
    tz: row.zone,
  });
  await app.mailer.send(
    WAITLIST_OFFER_MAIL,
    row.email,
    (locale) => ({
      params: {
        name: row.first_name,
        provider: `${row.provider_first} ${row.provider_last}, ${row.title}`,
        when: formatWhen(new Date(row.start_at).toISOString(), row.zone),
        minutes: constants.waitlistOfferHoldMinutes,
        link: siteUrl(app, bookingPath, locale),
        portal: siteUrl(app, routeById.patientWaitlist.path, locale),
      },
    }),
    { language: row.language },
  );
}

export const WAITLIST_OFFER_MAIL = 'waitlist-offer' as const;

/**
 * Ends an open offer inside the caller's transaction: booked keeps the time (it is the booking now);
 * any other end lets go of the hold. Answers the slot to offer next, or undefined.
 */
export async function endOffer(tx: Queryable, offerId: string, end: OfferEnd, now: Date): Promise<string | undefined> {
  const offer = await first(
    tx,
    qb
      .updateTable('waitlist_offers')
      .set({ status: end, ended_at: now.toISOString() })
      .where('id', '=', offerId)
      .where('status', '=', 'open')
      .returning(['slot_id', 'hold_id', 'entry_id']),
  );
  if (!offer) return undefined;
  if (end === 'booked') {
    await run(
      tx,
      qb
        .updateTable('waitlist_entries')
        .set({ status: 'booked', ended_at: now.toISOString() })
        .where('id', '=', offer.entry_id)
        .where('status', '=', 'waiting'),
    );
    return undefined;
  }
  await run(tx, qb.deleteFrom('slot_reservations').where('id', '=', offer.hold_id).where('kind', '=', 'hold'));
  return offer.slot_id;
}

/** The open offer whose hold is `hold` (SQL over a parameter or a column): the statement that converts a hold reads it. */
export function openOfferOfHold(hold: string): string {
  return `(SELECT id FROM waitlist_offers WHERE hold_id = ${hold} AND status = 'open')`;
}

/** Inside a booking's transaction: the hold it converted was this open offer's (openOfferOfHold): the offer is booked and its place in line ends. */
export async function offerBooked(tx: Queryable, offerId: string, now: Date): Promise<void> {
  await endOffer(tx, offerId, 'booked', now);
}

/** Ends every offer whose hold ran out (or was booked meanwhile) and offers each freed time to the next person. */
export async function sweepOffers(app: FastifyInstance): Promise<void> {
  const now = app.clock.now();
  const due = await all(
    app.database,
    qb
      .selectFrom('waitlist_offers as o')
      .select((eb) => [
        'o.id',
        eb.exists(eb.selectFrom('slot_reservations as r').select('r.id').whereRef('r.id', '=', 'o.hold_id').where('r.kind', '=', 'booking')).as('booked'),
      ])
      .where('o.status', '=', 'open')
      .where('o.expires_at', '<=', now)
      .orderBy('o.expires_at'),
  );
  for (const offer of due) {
    const freed = await app.database.transaction((tx) => endOffer(tx, offer.id, offer.booked ? 'booked' : 'lapsed', now));
    if (freed) await offerFreedTime(app, freed);
  }
}

/** Times that just became free (a cancellation, new availability): each is offered to the waitlists by a job. */
export async function timesFreed(app: FastifyInstance, slotIds: readonly string[]): Promise<void> {
  for (const slotId of slotIds) await app.jobs.send(WAITLIST_OFFER_QUEUE, { slotId });
}

/**
 * A provider's new open times: offered, earliest first, only while someone waits who could take one
 * (the provider's own waitlist or a search waitlist), and no more of them than people waiting.
 */
export async function timesOpened(app: FastifyInstance, providerId: string, slotIds: readonly string[]): Promise<void> {
  if (!slotIds.length) return;
  const waiting = await first(
    app.database,
    qb
      .selectFrom('waitlist_entries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', 'waiting')
      .where((eb) => eb.or([eb('provider_id', 'is', null), eb('provider_id', '=', providerId)])),
  );
  await timesFreed(app, slotIds.slice(0, waiting?.n ?? 0));
}
