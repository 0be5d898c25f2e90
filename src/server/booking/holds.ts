/**
 * Slot holds (product-spec §7 Appointments, §8 slot codes). A hold is a row of slot_reservations,
 * so the exclusion constraint keeps it from overlapping any other live hold or booking of the
 * provider. Expired holds are deleted in the same transaction before a claim is inserted.
 * A hold is claimed in four round trips (holdSlot), a booking converts it in one statement (book.ts).
 */
import { constants } from '@/generated/constants';
import type { HoldSlotResponse } from '@/generated/entities';
import { earliestSearchStart, isMedicationSlotTooSoon } from '@/domain/slots';
import { prepared, type Database, type Queryable } from '../db/connection';
import { AppError } from '../errors';
import type { SlotRow as StoredSlot } from '../marketplace/availability';
import { EXCLUSION_VIOLATION, pgCode } from '../db/errors';

/** A stored slot with what the slot rules need to know about its provider. */
export interface SlotRow extends StoredSlot {
  offers_medication: boolean;
  time_zone: string;
}

/** The turn on a provider's time (a transaction-scoped advisory lock), the provider's id as parameter `param`. */
const providerTimeLock = (param: string) => `pg_advisory_xact_lock(hashtextextended('provider-time:' || ${param}::uuid::text, 0))`;

/** The turn on an account's holds (taken after the provider's), the account's id as parameter `param`. */
const accountHoldsLock = (param: string) => `pg_advisory_xact_lock(hashtextextended('holds-of:' || ${param}::uuid::text, 0))`;

/** The columns of a SlotRow, from slots `s` joined with their provider `p`. */
export const SLOT_COLUMNS = `s.id, s.provider_id, s.practice_id, lower(s.during) AS start_at, upper(s.during) AS end_at, s.availability_type, s.is_medication,
  p.offers_medication, p.time_zone`;

/** A SlotRow from a row of SLOT_COLUMNS (and whatever else the statement selected). */
export function slotRowOf(row: SlotRow): SlotRow {
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

/**
 * The slot with what the slot rules need of its provider (not removed). With `turns` (inside a
 * transaction, on PostgreSQL), the same statement takes the claim's turns once the slot is found: the
 * provider's time, then, with `holdsOf`, that account's holds.
 */
export async function slotOf(db: Queryable, slotId: string, providerId: string, turns?: { holdsOf?: string }): Promise<SlotRow | undefined> {
  const locks = turns ? [`, ${providerTimeLock('$2')} AS provider_turn`, turns.holdsOf ? `, ${accountHoldsLock('$3')} AS holds_turn` : ''].join('') : '';
  const [row] = await db.query<SlotRow>(
    prepared(`SELECT ${SLOT_COLUMNS}${locks}
       FROM slots s JOIN providers p ON p.id = s.provider_id
      WHERE s.id = $1 AND s.provider_id = $2 AND p.removed_at IS NULL`),
    [slotId, providerId, ...(turns?.holdsOf ? [turns.holdsOf] : [])],
  );
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
  if (kind === 'postgres') await tx.query(`SELECT ${providerTimeLock('$1')}`, [providerId]);
}

/** Deletes the provider's expired holds: a constraint cannot look at the clock, so this runs before every claim. */
export async function purgeExpiredHolds(tx: Queryable, providerId: string, now: Date): Promise<void> {
  await tx.query("DELETE FROM slot_reservations WHERE provider_id = $1 AND kind = 'hold' AND expires_at <= $2::timestamptz", [providerId, now.toISOString()]);
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
 * The claim of a hold, in ONE statement (run in turn, under the locks holdSlot takes first):
 *   1. the provider's expired holds are deleted (a constraint cannot look at the clock);
 *   2. the caller's own live hold of the slot is renewed (same hold id, later expiry, never earlier:
 *      a time a waitlist offer holds longer keeps its offer's minutes);
 *   3. otherwise a new hold is inserted: the exclusion constraint refuses it (23P01) when any other
 *      hold or booking of the provider overlaps;
 *   4. with a new hold and $6 (an account's own holds), the account's live holds beyond
 *      maxLiveHoldsPerAccount expire at once, oldest first, as if their minutes had run out: free for
 *      everyone at the next claim, and still the caller's to release.
 * Each step reads the one before (the deletion's count, the renewal's rows, the new hold's row), so
 * they run in that order; the statement's snapshot, taken after the locks, sees every hold committed
 * before them. Answers the renewed or the new hold.
 */
const CLAIM_HOLD = prepared(`
  WITH purged AS (
    DELETE FROM slot_reservations WHERE provider_id = $3 AND kind = 'hold' AND expires_at <= $5::timestamptz RETURNING 1
  ), renewed AS (
    UPDATE slot_reservations SET expires_at = greatest(expires_at, $5::timestamptz + make_interval(mins => $4::int))
     WHERE slot_id = $1 AND provider_id = $3 AND kind = 'hold' AND held_by = $2 AND expires_at > $5::timestamptz AND (SELECT count(*) FROM purged) >= 0
    RETURNING id, slot_id, provider_id, expires_at
  ), claimed AS (
    INSERT INTO slot_reservations (provider_id, slot_id, during, kind, held_by, expires_at)
    SELECT s.provider_id, s.id, s.during, 'hold', $2, $5::timestamptz + make_interval(mins => $4::int) FROM slots s
     WHERE s.id = $1 AND NOT EXISTS (SELECT 1 FROM renewed) AND (SELECT count(*) FROM purged) >= 0
    RETURNING id, slot_id, provider_id, expires_at
  ), ended AS (
    UPDATE slot_reservations SET expires_at = $5::timestamptz WHERE $6::boolean AND id IN (
      SELECT id FROM slot_reservations WHERE kind = 'hold' AND held_by = $2 AND expires_at > $5::timestamptz AND EXISTS (SELECT 1 FROM claimed)
       ORDER BY created_at DESC, expires_at DESC OFFSET $7::int)
  )
  SELECT id, slot_id, provider_id, expires_at FROM renewed
  UNION ALL
  SELECT id, slot_id, provider_id, expires_at FROM claimed`);

/**
 * Holds a slot for the caller; their own live hold of the same slot is renewed (same hold id, later
 * expiry, never earlier). One account holds at most maxLiveHoldsPerAccount times at once: a new hold
 * ends the oldest, so a fresh account cannot hide a provider's calendar from everyone; the account's
 * holds take turns (an advisory lock per account, taken after the provider's), so two processes cannot
 * both keep theirs. `limitLiveHolds` is false for staff booking for many callers in turn.
 * Four round trips: BEGIN, the slot read with the turns taken (one statement), the claim (CLAIM_HOLD), COMMIT.
 */
export async function holdSlot(
  database: Database,
  callerId: string,
  slotId: string,
  providerId: string,
  now: Date,
  limitLiveHolds = true,
): Promise<HoldSlotResponse> {
  try {
    return await database.transaction(async (tx) => {
      // PGlite has one connection: its transactions already take turns.
      const turns = database.kind === 'postgres' ? { holdsOf: limitLiveHolds ? callerId : undefined } : undefined;
      const slot = await slotOf(tx, slotId, providerId, turns);
      if (!slot) throw new AppError('NO_OPEN_SLOT');
      checkSlotRules(slot, now);
      const [hold] = await tx.query<{ id: string; slot_id: string; provider_id: string; expires_at: Date }>(CLAIM_HOLD, [
        slotId,
        callerId,
        providerId,
        constants.slotHoldMinutes,
        now.toISOString(),
        limitLiveHolds,
        constants.maxLiveHoldsPerAccount - 1,
      ]);
      return holdOut(hold!, slot);
    });
  } catch (error) {
    if (pgCode(error) === EXCLUSION_VIOLATION) throw new AppError('SLOT_ALREADY_BOOKED', { cause: error });
    throw error;
  }
}

/**
 * Lets go of the caller's hold. One already gone (expired and purged, or ended by the caller's newer hold
 * under maxLiveHoldsPerAccount) or already booked by the caller has nothing left to free: true.
 * Someone else's: false (the route answers 404).
 */
export async function releaseHold(database: Database, callerId: string, holdId: string): Promise<boolean> {
  const rows = await database.query("DELETE FROM slot_reservations WHERE id = $1 AND kind = 'hold' AND held_by = $2 RETURNING 1", [holdId, callerId]);
  if (rows.length > 0) return true;
  const [left] = await database.query<{ held_by: string }>('SELECT held_by FROM slot_reservations WHERE id = $1', [holdId]);
  return !left || left.held_by === callerId;
}

export interface HoldRow {
  id: string;
  slot_id: string;
  provider_id: string;
  held_by: string;
  kind: 'hold' | 'booking';
}

/**
 * The caller's live hold, locked for converting: gone (expired and purged, or released) answers
 * SLOT_HOLD_EXPIRED; someone else's answers 404; one already booked answers 3001.
 */
export async function lockHold(tx: Queryable, kind: Database['kind'], holdId: string, callerId: string, providerId: string, now: Date): Promise<HoldRow> {
  await lockProviderTime(tx, kind, providerId);
  await purgeExpiredHolds(tx, providerId, now);
  const [hold] = await tx.query<HoldRow>('SELECT id, slot_id, provider_id, held_by, kind FROM slot_reservations WHERE id = $1 FOR UPDATE', [holdId]);
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
  const [hold] = await db.query<HoldRow & { live: boolean }>(
    `SELECT id, slot_id, provider_id, held_by, kind, (expires_at IS NULL OR expires_at > $2::timestamptz) AS live FROM slot_reservations WHERE id = $1`,
    [holdId, now.toISOString()],
  );
  const problem = holdProblem(hold, callerId);
  if (problem) throw new AppError(problem);
  return { id: hold!.id, slot_id: hold!.slot_id, provider_id: hold!.provider_id, held_by: hold!.held_by, kind: hold!.kind };
}
