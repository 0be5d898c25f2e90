/**
 * Slot holds (product-spec §7 Appointments, §8 slot codes). A hold is a row of slot_reservations,
 * so the exclusion constraint keeps it from overlapping any other live hold or booking of the
 * provider. Expired holds are deleted in the same transaction before a claim is inserted.
 * A hold is claimed in one round trip (holdSlot), a booking converts it in one statement (book.ts).
 */
import { constants } from '@/generated/constants';
import type { HoldSlotResponse } from '@/generated/entities';
import { earliestSearchStart, isMedicationSlotTooSoon } from '@/domain/slots';
import type { Database, Queryable } from '../db/connection';
import { first, preparedQuery, qb, run, sql, type Param, type RowOf } from '../db/typed';
import { AppError } from '../errors';
import { slotColumns, type SlotRow as StoredSlot } from '../marketplace/availability';
import { EXCLUSION_VIOLATION, pgCode, TIME_HELD } from '../db/errors';

/** A stored slot with what the slot rules need to know about its provider. */
export interface SlotRow extends StoredSlot {
  offers_medication: boolean;
  time_zone: string;
}

/** The turn on a provider's time (a transaction-scoped advisory lock). */
const providerTimeLock = (providerId: string) => sql<void>`pg_advisory_xact_lock(hashtextextended('provider-time:' || ${providerId}::uuid::text, 0))`;

/** Slots `s` with their provider `p` (not removed) and the columns of a SlotRow; statements that read more add to it. */
export const slotSelect = () =>
  qb
    .selectFrom('slots as s')
    .innerJoin('providers as p', 'p.id', 's.provider_id')
    .select([...slotColumns, 'p.offers_medication', 'p.time_zone'])
    .where('p.removed_at', 'is', null);

/** A SlotRow from a row of slotSelect (read as it is, or as JSON: its times as text), and whatever else the statement selected. */
export function slotRowOf(row: Omit<SlotRow, 'start_at' | 'end_at'> & { start_at: Date | string; end_at: Date | string }): SlotRow {
  return {
    id: row.id,
    provider_id: row.provider_id,
    practice_id: row.practice_id,
    start_at: new Date(row.start_at),
    end_at: new Date(row.end_at),
    availability_type: row.availability_type,
    is_medication: row.is_medication,
    offers_medication: row.offers_medication,
    time_zone: row.time_zone,
  };
}

const slotById = preparedQuery((p: Param<{ slotId: string; providerId: string }>) =>
  slotSelect().where('s.id', '=', p('slotId')).where('s.provider_id', '=', p('providerId')),
);

/** The slot with what the slot rules need of its provider (not removed). */
export async function slotOf(db: Queryable, slotId: string, providerId: string): Promise<SlotRow | undefined> {
  const row = await first(db, slotById({ slotId, providerId }), { prepared: true });
  return row ? slotRowOf(row) : undefined;
}

/** The slot rules of src/domain/slots.ts, as the slot codes: 3002 for a medication slot too soon, 3003 when not offered. */
export function checkSlotRules(slot: SlotRow, now: Date): void {
  if (
    isMedicationSlotTooSoon({ start: slot.start_at, availabilityType: slot.availability_type, isMedication: slot.is_medication }, now, slot.offers_medication)
  ) {
    throw new AppError('MEDICATION_SLOT_LIMIT');
  }
  if (slot.start_at < earliestSearchStart(now, slot.time_zone)) throw new AppError('NO_OPEN_SLOT');
}

/**
 * Claims on one provider's time take turns (a transaction-scoped advisory lock per provider):
 * PostgreSQL can deadlock two transactions that insert conflicting rows under an exclusion
 * constraint at the same moment; in turn, the second simply meets the first's row (23P01).
 * PGlite has one connection, so its transactions already take turns.
 */
export async function lockProviderTime(tx: Queryable, kind: Database['kind'], providerId: string): Promise<void> {
  if (kind === 'postgres') await run(tx, qb.selectNoFrom(providerTimeLock(providerId).as('locked')));
}

/** Deletes the provider's expired holds: a constraint cannot look at the clock, so this runs before every claim. */
export async function purgeExpiredHolds(tx: Queryable, providerId: string, now: Date): Promise<void> {
  await run(
    tx,
    qb
      .deleteFrom('slot_reservations')
      .where('provider_id', '=', providerId)
      .where('kind', '=', 'hold')
      .where('expires_at', '<=', sql<Date>`${now.toISOString()}::timestamptz`),
  );
}

export function holdOut(hold: { id: string; slot_id: string; provider_id: string; expires_at: Date }, slot: SlotRow): HoldSlotResponse {
  return {
    holdId: hold.id,
    slotId: hold.slot_id,
    providerId: hold.provider_id,
    practiceId: slot.practice_id,
    start: slot.start_at.toISOString(),
    end: slot.end_at.toISOString(),
    appointmentMode: slot.availability_type,
    expiresAt: new Date(hold.expires_at).toISOString(),
  };
}

/**
 * What claim_hold (migration 0029) answers: the hold, the slot with what the slot rules need, and what undoing the claim
 * restores. A function's columns are not among the generated tables: this is its declared shape.
 */
interface ClaimRow {
  hold_id: string;
  hold_expires_at: Date;
  renewed: boolean;
  earlier_expires_at: Date | null;
  ended_ids: string[];
  ended_expires_at: Date[];
  slot_practice_id: string;
  slot_start: Date;
  slot_end: Date;
  slot_type: SlotRow['availability_type'];
  slot_is_medication: boolean;
  provider_offers_medication: boolean;
  provider_time_zone: string;
}

/** The claim of a hold in one statement (claim_hold: see holdSlot), compiled once. */
const claimHold = preparedQuery((p: Param<{ slotId: string; providerId: string; callerId: string; at: string; limitLiveHolds: boolean }>) =>
  qb
    .selectFrom(
      sql<ClaimRow>`claim_hold(${p('slotId')}, ${p('providerId')}, ${p('callerId')}, ${constants.slotHoldMinutes}, ${p('at')}::timestamptz, ${p('limitLiveHolds')}, ${constants.maxLiveHoldsPerAccount - 1})`.as(
        'claim',
      ),
    )
    .selectAll(),
);

/**
 * Undoes a claim the slot rules refused: a new hold is deleted and the holds it ended get their minutes
 * back (those still ended by it); a renewed hold gets its earlier expiry back. One statement.
 */
const undoClaim = (claim: ClaimRow, now: Date) => {
  const renewed = sql<boolean>`${claim.renewed}::boolean`;
  return qb
    .with('dropped', (db) =>
      db
        .deleteFrom('slot_reservations')
        .where('id', '=', claim.hold_id)
        .where('kind', '=', 'hold')
        .where(sql<boolean>`NOT ${renewed}`),
    )
    .with('restored', (db) =>
      db
        .updateTable('slot_reservations as r')
        .from(
          sql<{
            id: string;
            was: string;
          }>`unnest(${claim.ended_ids}::uuid[], ${claim.ended_expires_at.map((at) => new Date(at).toISOString())}::timestamptz[])`.as<'e'>(sql`e(id, was)`),
        )
        .set({ expires_at: sql<Date>`e.was` })
        .whereRef('r.id', '=', 'e.id')
        .where('r.kind', '=', 'hold')
        .where('r.expires_at', '=', sql<Date>`${now.toISOString()}::timestamptz`),
    )
    .updateTable('slot_reservations')
    .set({ expires_at: sql<Date | null>`${claim.earlier_expires_at ? new Date(claim.earlier_expires_at).toISOString() : null}::timestamptz` })
    .where('id', '=', claim.hold_id)
    .where('kind', '=', 'hold')
    .where(renewed);
};

/**
 * Holds a slot for the caller; their own live hold of the same slot is renewed (same hold id, later
 * expiry, never earlier). One account holds at most maxLiveHoldsPerAccount times at once: a new hold
 * ends the oldest, so a fresh account cannot hide a provider's calendar from everyone; the account's
 * holds take turns, so two processes cannot both keep theirs. `limitLiveHolds` is false for staff
 * booking for many callers in turn.
 *
 * ONE round trip (claim_hold, migration 0029: the slot read, the provider's and the account's turns,
 * the purge of expired holds, the renewal or the insert, the end of the oldest holds), in which a time
 * someone else booked is refused by the exclusion constraint (23P01: SLOT_ALREADY_BOOKED), and one only
 * held by another attempt is refused before it (HLD01, migration 0046: SLOT_HELD). The
 * slot rules (src/domain/slots.ts) are checked on what the call answers; when they refuse (a stale page
 * or a tampered request: the pages offer only slots that pass them), the claim is undone in one more
 * statement before the refusal, so no hold stands for a time the rules refuse. The rules do not depend on
 * who asks, so nobody else could have held that time meanwhile.
 */
export async function holdSlot(
  database: Database,
  callerId: string,
  slotId: string,
  providerId: string,
  now: Date,
  limitLiveHolds = true,
): Promise<HoldSlotResponse> {
  let claim: ClaimRow | undefined;
  try {
    claim = await first(database, claimHold({ slotId, providerId, callerId, at: now.toISOString(), limitLiveHolds }), { prepared: true });
  } catch (error) {
    if (pgCode(error) === EXCLUSION_VIOLATION) throw new AppError('SLOT_ALREADY_BOOKED', { cause: error });
    // Only held by another attempt, which may still let it go: "someone is booking this time", not "just booked".
    if (pgCode(error) === TIME_HELD) throw new AppError('SLOT_HELD', { cause: error });
    throw error;
  }
  if (!claim) throw new AppError('NO_OPEN_SLOT');
  const slot: SlotRow = {
    id: slotId,
    provider_id: providerId,
    practice_id: claim.slot_practice_id,
    start_at: new Date(claim.slot_start),
    end_at: new Date(claim.slot_end),
    availability_type: claim.slot_type,
    is_medication: claim.slot_is_medication,
    offers_medication: claim.provider_offers_medication,
    time_zone: claim.provider_time_zone,
  };
  try {
    checkSlotRules(slot, now);
  } catch (refusal) {
    await run(database, undoClaim(claim, now), { prepared: true });
    throw refusal;
  }
  return holdOut({ id: claim.hold_id, slot_id: slotId, provider_id: providerId, expires_at: claim.hold_expires_at }, slot);
}

/**
 * Lets go of the caller's hold. One already gone (expired and purged, or ended by the caller's newer hold
 * under maxLiveHoldsPerAccount) or already booked by the caller has nothing left to free: true.
 * Someone else's: false (the route answers 404).
 */
export async function releaseHold(database: Database, callerId: string, holdId: string): Promise<boolean> {
  const released = await first(
    database,
    qb.deleteFrom('slot_reservations').where('id', '=', holdId).where('kind', '=', 'hold').where('held_by', '=', callerId).returning(sql.lit(1).as('one')),
  );
  if (released) return true;
  const left = await first(database, qb.selectFrom('slot_reservations').select('held_by').where('id', '=', holdId));
  return !left || left.held_by === callerId;
}

/** A hold as it is read for booking: whose it is, and whether it is a hold still or a booking already. */
const holdSelect = () =>
  qb.selectFrom('slot_reservations').select(['id', 'slot_id', 'provider_id', 'held_by', 'kind']).$narrowType<{ kind: 'hold' | 'booking' }>();

export type HoldRow = RowOf<ReturnType<typeof holdSelect>>;

/**
 * The caller's live hold, locked for converting: gone (expired and purged, or released) answers
 * SLOT_HOLD_EXPIRED; someone else's answers 404; one already booked answers 3001.
 */
export async function lockHold(tx: Queryable, kind: Database['kind'], holdId: string, callerId: string, providerId: string, now: Date): Promise<HoldRow> {
  await lockProviderTime(tx, kind, providerId);
  await purgeExpiredHolds(tx, providerId, now);
  const hold = await first(tx, holdSelect().where('id', '=', holdId).forUpdate());
  if (!hold) throw new AppError('SLOT_HOLD_EXPIRED');
  if (hold.held_by !== callerId) throw new AppError('NOT_FOUND');
  if (hold.kind === 'booking') throw new AppError('SLOT_ALREADY_BOOKED');
  return hold;
}

/**
 * Why a hold row (as read for booking, with `live`: not expired) cannot become the caller's booking, or
 * undefined when it can: gone (expired and purged, or released) or expired answers SLOT_HOLD_EXPIRED;
 * someone else's answers 404; one already booked 3001.
 */
export function holdProblem(
  hold: (HoldRow & { live: boolean }) | undefined,
  callerId: string,
): 'SLOT_HOLD_EXPIRED' | 'NOT_FOUND' | 'SLOT_ALREADY_BOOKED' | undefined {
  if (!hold) return 'SLOT_HOLD_EXPIRED';
  if (hold.held_by !== callerId) return 'NOT_FOUND';
  if (hold.kind === 'booking') return 'SLOT_ALREADY_BOOKED';
  if (!hold.live) return 'SLOT_HOLD_EXPIRED';
  return undefined;
}

/**
 * The caller's live hold, read (not locked) before a charge, so no card is charged for a time the
 * caller no longer holds; with no provider lock: the hold's row is the guarantee (the exclusion
 * constraint keeps any other live hold or booking off its time). Refused as holdProblem says.
 */
export async function ownLiveHold(db: Queryable, holdId: string, callerId: string, now: Date): Promise<HoldRow> {
  const hold = await first(
    db,
    holdSelect()
      .select(sql<boolean>`(expires_at IS NULL OR expires_at > ${now.toISOString()}::timestamptz)`.as('live'))
      .where('id', '=', holdId),
  );
  const problem = holdProblem(hold, callerId);
  if (problem) throw new AppError(problem);
  return { id: hold!.id, slot_id: hold!.slot_id, provider_id: hold!.provider_id, held_by: hold!.held_by, kind: hold!.kind };
}
