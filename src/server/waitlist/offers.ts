/**
 * Offers of freed times to people on waitlists (issue 21 item 2). A freed time (a cancellation, new
 * availability) is offered to the first waiting person it fits (src/domain/waitlist.ts), held for them
 * as an ordinary slot hold (src/server/booking/holds.ts) for waitlistOfferHoldMinutes, so the offer's
 * link books it through the normal booking. The database keeps the promises: one open offer per time
 * (a unique index), one per place in line, and the hold's exclusion constraint keeps the time from
 * anyone else. When the offer lapses (a job queued for its expiry, and a sweep as a safety net) or is
 * declined, the hold is let go and the time goes to the next person.
 */
import type { SlotRow } from '../marketplace/availability';
import type { FastifyInstance } from 'fastify';
import { constants } from '@/generated/constants';
import type { AppointmentMode, CounselingType, TimeOfDay } from '@/generated/enums';
import { routeById } from '@/generated/routes';
import { formatWhen } from '@/domain/date-format';
import { bookingPathOf, nextInLine, type ProviderFit, type WaitlistWish } from '@/domain/waitlist';
import type { Queryable } from '../db/connection';
import { lockProviderTime, purgeExpiredHolds } from '../booking/holds';
import { pgCode, EXCLUSION_VIOLATION, UNIQUE_VIOLATION } from '../db/errors';
import { siteUrl } from '../site-url';

export const WAITLIST_OFFER_QUEUE = 'waitlist-offer';
export const WAITLIST_SWEEP_QUEUE = 'waitlist-sweep';

export type OfferEnd = 'booked' | 'lapsed' | 'declined' | 'withdrawn';

interface FreedSlotRow extends SlotRow {
  claimed: boolean;
  offered: boolean;
}

interface WaitingRow extends WaitlistWish {
  id: string;
  userId: string;
}

/** A provider's facts as booking them is concerned: licence, plans, client ages, services, zone. */
export async function providerFit(db: Queryable, providerId: string): Promise<ProviderFit | undefined> {
  const [row] = await db.query<{
    id: string;
    licensed_states: string[];
    plan_ids: number[];
    offers_medication: boolean;
    time_zone: string;
    age_groups: string[];
    counseling_types: string[];
  }>(
    `SELECT p.id, p.licensed_states, p.plan_ids, p.offers_medication, p.time_zone,
            coalesce(array_agg(f.value) FILTER (WHERE f.type = 'client_age_group'), '{}') AS age_groups,
            coalesce(array_agg(f.value) FILTER (WHERE f.type = 'counseling_type'), '{}') AS counseling_types
       FROM providers p LEFT JOIN filters f ON f.id = ANY (p.filter_ids)
      WHERE p.id = $1 AND p.removed_at IS NULL
      GROUP BY p.id`,
    [providerId],
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
export const WAITING_SQL = `
  SELECT e.id, e.user_id AS "userId", e.provider_id AS "providerId", e.counseling_type AS "counselingType", e.appointment_mode AS "appointmentMode",
         e.plan_id AS "planId", e.state_code AS "stateCode", e.times_of_day AS "timesOfDay",
         coalesce(
           (SELECT to_char(p.date_of_birth, 'YYYY-MM-DD') FROM patients p WHERE p.id = e.patient_id),
           (SELECT to_char(p.date_of_birth, 'YYYY-MM-DD') FROM patients p WHERE p.user_id = e.user_id AND p.relationship = 'Self' ORDER BY p.created_at LIMIT 1),
           (SELECT to_char(u.date_of_birth, 'YYYY-MM-DD') FROM users u WHERE u.id = e.user_id)
         ) AS "birthDate"
    FROM waitlist_entries e`;

/**
 * Offers a freed time to the next person it fits, holding it for them; nothing when the time is taken,
 * already offered, or fits nobody. Answers the offer made, for the mail.
 */
export async function offerFreedTime(app: FastifyInstance, slotId: string): Promise<string | undefined> {
  const db = app.database;
  const now = app.clock.now();
  const [slotProvider] = await db.query<{ provider_id: string }>('SELECT provider_id FROM slots WHERE id = $1', [slotId]);
  if (!slotProvider) return undefined;
  const provider = await providerFit(db, slotProvider.provider_id);
  if (!provider) return undefined;
  try {
    const offerId = await db.transaction(async (tx) => {
      await lockProviderTime(tx, db.kind, provider.id);
      await purgeExpiredHolds(tx, provider.id, now);
      const [slot] = await tx.query<FreedSlotRow>(
        `SELECT s.id, s.provider_id, s.practice_id, lower(s.during) AS start_at, upper(s.during) AS end_at, s.availability_type, s.is_medication,
                EXISTS (SELECT 1 FROM slot_reservations r WHERE r.provider_id = s.provider_id AND r.during && s.during) AS claimed,
                EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.slot_id = s.id AND o.status = 'open') AS offered
           FROM slots s WHERE s.id = $1`,
        [slotId],
      );
      if (!slot || slot.claimed || slot.offered) return undefined;
      const line = await tx.query<WaitingRow>(
        `${WAITING_SQL}
          WHERE e.status = 'waiting' AND (e.provider_id IS NULL OR e.provider_id = $1)
            AND NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.entry_id = e.id AND (o.slot_id = $2 OR o.status = 'open'))
          ORDER BY e.place`,
        [provider.id, slotId],
      );
      const time = { start: new Date(slot.start_at), availabilityType: slot.availability_type, isMedication: slot.is_medication };
      const next = nextInLine(
        line.map((w) => ({ ...w, timesOfDay: w.timesOfDay as TimeOfDay[], counselingType: w.counselingType as CounselingType | null })),
        provider,
        time,
        now,
      );
      if (!next) return undefined;
      const [hold] = await tx.query<{ id: string; expires_at: Date }>(
        `INSERT INTO slot_reservations (provider_id, slot_id, during, kind, held_by, expires_at)
         SELECT s.provider_id, s.id, s.during, 'hold', $2, $3::timestamptz + make_interval(mins => $4::int) FROM slots s WHERE s.id = $1
         RETURNING id, expires_at`,
        [slotId, next.userId, now.toISOString(), constants.waitlistOfferHoldMinutes],
      );
      const [offer] = await tx.query<{ id: string }>(
        'INSERT INTO waitlist_offers (entry_id, slot_id, hold_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [next.id, slotId, hold!.id, hold!.expires_at, now.toISOString()],
      );
      await tx.query(
        `INSERT INTO audit_log (actor_id, action, record_type, record_id, outcome, details) VALUES (NULL, 'waitlistOffer', 'waitlist_offer', $1, 'success', $2)`,
        [offer!.id, JSON.stringify({ entryId: next.id, slotId })],
      );
      return { offerId: offer!.id, expiresAt: new Date(hold!.expires_at) };
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
  const [row] = await app.database.query<{
    email: string | null;
    first_name: string;
    language: string | null;
    provider_first: string;
    provider_last: string;
    title: string;
    start_at: Date;
    zone: string;
    provider_id: string;
    practice_id: string;
    slot_id: string;
    availability_type: AppointmentMode;
    is_medication: boolean;
    counseling_type: CounselingType | null;
  }>(
    `SELECT u.email::text AS email, u.first_name, u.language, pr.first_name AS provider_first, pr.last_name AS provider_last, pr.title, lower(s.during) AS start_at,
            coalesce((SELECT p.time_zone FROM patients p WHERE p.id = e.patient_id), pr.time_zone) AS zone,
            s.provider_id, s.practice_id, s.id AS slot_id, s.availability_type, s.is_medication, e.counseling_type
       FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id JOIN users u ON u.id = e.user_id
       JOIN slots s ON s.id = o.slot_id JOIN providers pr ON pr.id = s.provider_id
      WHERE o.id = $1`,
    [offerId],
  );
  if (!row?.email) return;
  const provider = await providerFit(app.database, row.provider_id);
  const bookingPath = bookingPathOf(routeById.booking.path, {
    providerId: row.provider_id,
    practiceId: row.practice_id,
    slotId: row.slot_id,
    availabilityType: row.availability_type,
    isMedication: row.is_medication,
    offeredCounselingTypes: provider?.counselingTypes ?? [],
    askedCounselingType: row.counseling_type,
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
  const [offer] = await tx.query<{ slot_id: string; hold_id: string; entry_id: string }>(
    "UPDATE waitlist_offers SET status = $2, ended_at = $3 WHERE id = $1 AND status = 'open' RETURNING slot_id, hold_id, entry_id",
    [offerId, end, now.toISOString()],
  );
  if (!offer) return undefined;
  if (end === 'booked') {
    await tx.query("UPDATE waitlist_entries SET status = 'booked', ended_at = $2 WHERE id = $1 AND status = 'waiting'", [offer.entry_id, now.toISOString()]);
    return undefined;
  }
  await tx.query("DELETE FROM slot_reservations WHERE id = $1 AND kind = 'hold'", [offer.hold_id]);
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
  const due = await app.database.query<{ id: string; booked: boolean }>(
    `SELECT o.id, EXISTS (SELECT 1 FROM slot_reservations r WHERE r.id = o.hold_id AND r.kind = 'booking') AS booked
       FROM waitlist_offers o WHERE o.status = 'open' AND o.expires_at <= $1::timestamptz ORDER BY o.expires_at`,
    [now.toISOString()],
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
  const [waiting] = await app.database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM waitlist_entries WHERE status = 'waiting' AND (provider_id IS NULL OR provider_id = $1)",
    [providerId],
  );
  await timesFreed(app, slotIds.slice(0, waiting?.n ?? 0));
}
