/**
 * Slot holds (product-spec §7 Appointments, §8 slot codes). A hold is a row of slot_reservations,
 * so the exclusion constraint keeps it from overlapping any other live hold or booking of the
 * provider. Expired holds are deleted in the same transaction before a claim is inserted.
 */
import { constants } from '@/generated/constants';
import type { HoldSlotResponse } from '@/generated/entities';
import { earliestSearchStart, isMedicationSlotTooSoon } from '@/domain/slots';
import type { Database, Queryable } from '../db/connection';
import { AppError } from '../errors';
import type { SlotRow as StoredSlot } from '../marketplace/availability';
import { EXCLUSION_VIOLATION, pgCode } from '../db/errors';

/** A stored slot with what the slot rules need to know about its provider. */
export interface SlotRow extends StoredSlot {
  offers_medication: boolean;
  time_zone: string;
}

export async function slotOf(db: Queryable, slotId: string, providerId: string): Promise<SlotRow | undefined> {
  const [row] = await db.query<SlotRow>(
    `SELECT s.id, s.provider_id, s.practice_id, lower(s.during) AS start_at, upper(s.during) AS end_at, s.availability_type, s.is_medication,
            p.offers_medication, p.time_zone
       FROM slots s JOIN providers p ON p.id = s.provider_id
      WHERE s.id = $1 AND s.provider_id = $2 AND p.removed_at IS NULL`,
    [slotId, providerId],
  );
  return row ? { ...row, start_at: new Date(row.start_at), end_at: new Date(row.end_at) } : undefined;
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
  if (kind === 'postgres') await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('provider-time:' || $1::text, 0))", [providerId]);
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
 * One account holds at most maxLiveHoldsPerAccount times at once: a new hold ends the oldest,
 * so a fresh account cannot hide a provider's calendar from everyone. The account's holds take turns
 * (an advisory lock per account, taken after the provider's), so two processes cannot both keep theirs.
 */
async function keepNewestHolds(tx: Queryable, kind: Database['kind'], callerId: string, newHoldId: string, now: Date): Promise<void> {
  if (kind === 'postgres') await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('holds-of:' || $1::text, 0))", [callerId]);
  // The oldest expire at once, as if their minutes had run out: free for everyone at the next claim, and
  // still the caller's to release (the page that held one may let go of it later).
  await tx.query(
    `UPDATE slot_reservations SET expires_at = $3::timestamptz WHERE id IN (
       SELECT id FROM slot_reservations WHERE kind = 'hold' AND held_by = $1 AND expires_at > $3::timestamptz AND id <> $4
        ORDER BY created_at DESC, expires_at DESC OFFSET $2)`,
    [callerId, constants.maxLiveHoldsPerAccount - 1, now.toISOString(), newHoldId],
  );
}

/**
 * Holds a slot for the caller; their own live hold of the same slot is renewed (same hold id, later
 * expiry, never earlier: a time a waitlist offer holds longer keeps its offer's minutes). `limitLiveHolds` is false for staff booking for many callers in turn.
 */
export async function holdSlot(
  database: Database,
  callerId: string,
  slotId: string,
  providerId: string,
  now: Date,
  limitLiveHolds = true,
): Promise<HoldSlotResponse> {
  const slot = await slotOf(database, slotId, providerId);
  if (!slot) throw new AppError('NO_OPEN_SLOT');
  checkSlotRules(slot, now);
  try {
    const hold = await database.transaction(async (tx) => {
      await lockProviderTime(tx, database.kind, providerId);
      await purgeExpiredHolds(tx, providerId, now);
      const [renewed] = await tx.query<{ id: string; slot_id: string; provider_id: string; expires_at: Date }>(
        `UPDATE slot_reservations SET expires_at = greatest(expires_at, $4::timestamptz + make_interval(mins => $3::int))
          WHERE slot_id = $1 AND kind = 'hold' AND held_by = $2 RETURNING id, slot_id, provider_id, expires_at`,
        [slotId, callerId, constants.slotHoldMinutes, now.toISOString()],
      );
      if (renewed) return renewed;
      const [row] = await tx.query<{ id: string; slot_id: string; provider_id: string; expires_at: Date }>(
        `INSERT INTO slot_reservations (provider_id, slot_id, during, kind, held_by, expires_at)
         SELECT s.provider_id, s.id, s.during, 'hold', $2, $4::timestamptz + make_interval(mins => $3::int) FROM slots s WHERE s.id = $1
         RETURNING id, slot_id, provider_id, expires_at`,
        [slotId, callerId, constants.slotHoldMinutes, now.toISOString()],
      );
      if (limitLiveHolds) await keepNewestHolds(tx, database.kind, callerId, row!.id, now);
      return row!;
    });
    return holdOut(hold, slot);
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
 * The caller's hold as booking needs it, with no provider lock: the hold's row is the guarantee (the
 * exclusion constraint keeps any other live hold or booking off its time), so only the row itself is
 * locked (`forUpdate`, inside the commit) or just read (before the charge). Gone (expired and purged,
 * or released) or expired answers SLOT_HOLD_EXPIRED; someone else's answers 404; one already booked 3001.
 */
export async function ownLiveHold(db: Queryable, holdId: string, callerId: string, now: Date, forUpdate: boolean): Promise<HoldRow> {
  const [hold] = await db.query<HoldRow & { live: boolean }>(
    `SELECT id, slot_id, provider_id, held_by, kind, (expires_at IS NULL OR expires_at > $2::timestamptz) AS live
       FROM slot_reservations WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [holdId, now.toISOString()],
  );
  if (!hold) throw new AppError('SLOT_HOLD_EXPIRED');
  if (hold.held_by !== callerId) throw new AppError('NOT_FOUND');
  if (hold.kind === 'booking') throw new AppError('SLOT_ALREADY_BOOKED');
  if (!hold.live) throw new AppError('SLOT_HOLD_EXPIRED');
  return { id: hold.id, slot_id: hold.slot_id, provider_id: hold.provider_id, held_by: hold.held_by, kind: hold.kind };
}
