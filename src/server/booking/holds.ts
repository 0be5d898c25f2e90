/**
 * Slot holds (product-spec §7 Appointments, §8 slot codes). A hold is a row of slot_reservations,
 * so the exclusion constraint keeps it from overlapping any other live hold or booking of the
 * provider. Expired holds are deleted in the same transaction before a claim is inserted.
 * A hold is claimed in one round trip (holdSlot), a booking converts it in one statement (book.ts).
 */
import { constants } from '@/generated/constants';
import type { HoldSlotResponse } from '@/generated/entities';
import { earliestSearchStart, isMedicationSlotTooSoon } from '@/domain/slots';
import { prepared, type Database, type Queryable } from '../db/connection';
import { AppError } from '../errors';
import type { SlotRow as StoredSlot } from '../marketplace/availability';
import { EXCLUSION_VIOLATION, pgCode, TIME_HELD } from '../db/errors';

/** A stored slot with what the slot rules need to know about its provider. */
export interface SlotRow extends StoredSlot {
  offers_medication: boolean;
  time_zone: string;
}

/** The turn on a provider's time (a transaction-scoped advisory lock), the provider's id as parameter `param`. */
const providerTimeLock = (param: string) => `pg_advisory_xact_lock(hashtextextended('provider-time:' || ${param}::uuid::text, 0))`;

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

/** The slot with what the slot rules need of its provider (not removed). */
export async function slotOf(db: Queryable, slotId: string, providerId: string): Promise<SlotRow | undefined> {
  const [row] = await db.query<SlotRow>(
    prepared(`SELECT ${SLOT_COLUMNS}
       FROM slots s JOIN providers p ON p.id = s.provider_id
      WHERE s.id = $1 AND s.provider_id = $2 AND p.removed_at IS NULL`),
    [slotId, providerId],
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

/** What claim_hold (migration 0029) answers: the hold, the slot with what the slot rules need, and what undoing the claim restores. */
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

const CLAIM_HOLD = prepared('SELECT * FROM claim_hold($1, $2, $3, $4, $5::timestamptz, $6, $7)');

/**
 * Undoes a claim the slot rules refused: a new hold is deleted and the holds it ended get their minutes
 * back (those still ended by it); a renewed hold gets its earlier expiry back. One statement.
 */
const UNDO_CLAIM = prepared(`
  WITH dropped AS (
    DELETE FROM slot_reservations WHERE id = $1 AND kind = 'hold' AND NOT $2::boolean
  ), restored AS (
    UPDATE slot_reservations r SET expires_at = e.was FROM unnest($3::uuid[], $4::timestamptz[]) AS e(id, was)
     WHERE r.id = e.id AND r.kind = 'hold' AND r.expires_at = $5::timestamptz
  )
  UPDATE slot_reservations SET expires_at = $6::timestamptz WHERE id = $1 AND kind = 'hold' AND $2::boolean`);

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
    [claim] = await database.query<ClaimRow>(CLAIM_HOLD, [
      slotId,
      providerId,
      callerId,
      constants.slotHoldMinutes,
      now.toISOString(),
      limitLiveHolds,
      constants.maxLiveHoldsPerAccount - 1,
    ]);
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
    await database.query(UNDO_CLAIM, [
      claim.hold_id,
      claim.renewed,
      claim.ended_ids,
      claim.ended_expires_at.map((at) => new Date(at).toISOString()),
      now.toISOString(),
      claim.earlier_expires_at ? new Date(claim.earlier_expires_at).toISOString() : null,
    ]);
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
