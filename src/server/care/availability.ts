/**
 * A provider's availability and the slots it makes. Saving replaces the weekly
 * windows and exceptions and regenerates the provider's open future slots in the same transaction:
 *
 * - expired holds of the provider are deleted first (as booking does before a claim);
 * - a future slot that is booked or held (a row of slot_reservations names it, or a booked
 *   appointment) is kept whatever the new availability says;
 * - a future open slot the new availability makes again (same time, mode, practice, medication) is
 *   kept with its id; any other open future slot is removed (a cancelled appointment that named it
 *   forgets it, as its own time stays on the appointment);
 * - new slots are inserted unless they would overlap a kept slot or a booked appointment, so the
 *   slots exclusion constraint never fires.
 *
 * Then provider_search is refreshed for that provider, so search and profiles show it at once.
 */
import { constants } from '@/generated/constants';
import type { AppointmentMode } from '@/generated/enums';
import type { AvailabilityProvider, ProviderAvailability } from '@/generated/entities';
import { availabilityProblems, generateSlots, type AvailabilityException, type WeeklyWindow } from '@/domain/availability';
import type { Database, Queryable } from '../db/connection';
import { AppError } from '../errors';
import { refreshAvailabilitySummary } from '../marketplace/availability';
import { isoDateIn } from '@/domain/dates';
import { messageTemplate } from '@/domain/messages';

/** The provider as the availability endpoints answer it (AvailabilityProvider of specs/api care.yaml). */
export type AvailabilityProviderRow = AvailabilityProvider;

export async function availabilityProvider(db: Queryable, providerId: string): Promise<AvailabilityProviderRow | undefined> {
  const [row] = await db.query<Omit<AvailabilityProviderRow, 'practice'> & { practiceId: string; practiceName: string; city: string; state: string }>(
    `SELECT p.id, p.first_name AS "firstName", p.last_name AS "lastName", p.title, p.time_zone AS "timeZone", p.offers_medication AS "offersMedication",
            p.accepting_new_patients AS "acceptingNewPatients", pr.id AS "practiceId", pr.name AS "practiceName", pr.city, pr.state
       FROM providers p JOIN practices pr ON pr.id = p.practice_id
      WHERE p.id = $1 AND p.removed_at IS NULL`,
    [providerId],
  );
  if (!row) return undefined;
  const { practiceId, practiceName, city, state, ...rest } = row;
  return { ...rest, practice: { id: practiceId, name: practiceName, city, state } };
}

const hhmm = (t: string | null): string | null => (t === null ? null : t.slice(0, 5));

/** The saved availability, or the defaults in the provider's zone. */
export async function loadAvailability(
  db: Queryable,
  provider: AvailabilityProviderRow,
): Promise<{ saved: boolean; updatedAt: string | null; availability: ProviderAvailability }> {
  const [settings] = await db.query<{ time_zone: string; slot_minutes: number; buffer_minutes: number; min_notice_hours: number; updated_at: Date | string }>(
    'SELECT time_zone, slot_minutes, buffer_minutes, min_notice_hours, updated_at FROM provider_availability WHERE provider_id = $1',
    [provider.id],
  );
  if (!settings) {
    return { saved: false, updatedAt: null, availability: { timeZone: provider.timeZone, ...constants.availabilityDefaults, windows: [], exceptions: [] } };
  }
  const windows = await db.query<{ weekday: number; start_local: string; end_local: string; mode: AppointmentMode; practice_id: string; medication: boolean }>(
    'SELECT weekday, start_local::text, end_local::text, mode, practice_id, medication FROM provider_availability_windows WHERE provider_id = $1 ORDER BY weekday, start_local, id',
    [provider.id],
  );
  const exceptions = await db.query<{
    kind: 'blocked' | 'extra';
    on_date: string;
    start_local: string | null;
    end_local: string | null;
    mode: AppointmentMode | null;
  }>(
    'SELECT kind, on_date::text, start_local::text, end_local::text, mode FROM provider_availability_exceptions WHERE provider_id = $1 ORDER BY on_date, start_local NULLS FIRST, id',
    [provider.id],
  );
  return {
    saved: true,
    updatedAt: new Date(settings.updated_at).toISOString(),
    availability: {
      timeZone: settings.time_zone,
      slotMinutes: settings.slot_minutes,
      bufferMinutes: settings.buffer_minutes,
      minNoticeHours: settings.min_notice_hours,
      windows: windows.map((w) => ({
        weekday: w.weekday,
        start: hhmm(w.start_local)!,
        end: hhmm(w.end_local)!,
        mode: w.mode,
        practiceId: w.practice_id,
        medication: w.medication,
      })),
      exceptions: exceptions.map((e) => ({ kind: e.kind, date: e.on_date, start: hhmm(e.start_local), end: hhmm(e.end_local), mode: e.mode })),
    },
  };
}

function invalid(problems: { at: string; message: string; keyword: string }[]): AppError {
  return new AppError('VALIDATION_FAILED', { errors: problems.map((p) => ({ field: p.at.replace(/\//g, '.'), keyword: p.keyword, message: p.message })) });
}

function windowsOf(body: ProviderAvailability): WeeklyWindow[] {
  return body.windows.map((w) => ({
    weekday: w.weekday,
    start: w.start,
    end: w.end,
    mode: w.mode,
    practiceId: w.practiceId,
    medication: w.medication ?? false,
  }));
}

function exceptionsOf(body: ProviderAvailability): AvailabilityException[] {
  return body.exceptions.map((e) => ({ kind: e.kind, date: e.date, start: e.start ?? null, end: e.end ?? null, mode: e.mode ?? null }));
}

/** The rules of a plan the schema cannot say: refused with one message per window or exception at fault. */
export function checkAvailability(body: ProviderAvailability, provider: AvailabilityProviderRow): void {
  const problems: { at: string; message: string; keyword: string }[] = [];
  if (!(constants.availabilitySlotMinutes as readonly number[]).includes(body.slotMinutes))
    problems.push({ at: 'slotMinutes', keyword: 'enum', message: messageTemplate('availability.slotLength') });
  body.windows.forEach((w, i) => {
    if (w.practiceId !== provider.practice.id)
      problems.push({ at: `windows/${i}/practiceId`, keyword: 'x-ownPractice', message: messageTemplate('availability.notYourPractice') });
  });
  for (const p of availabilityProblems(body, windowsOf(body), exceptionsOf(body), [provider.practice.id])) {
    problems.push({ at: p.at, keyword: `x-${p.problem.split('.')[1]}`, message: messageTemplate(p.problem) });
  }
  if (problems.length) throw invalid(problems);
}

export interface Regenerated {
  created: number;
  removed: number;
  kept: number;
  /** the new open times, earliest first (offered to waitlists) */
  createdSlotIds: string[];
}

const PROVIDER_SLOTS_LOCK = 7_272_617;

/**
 * Replaces the availability and regenerates the open future slots, in one transaction; then refreshes search.
 * A first save (no weekly hours saved yet, so the open times are the ones the practice set up) that would remove
 * more of those open times than `removePracticeTimes` (the number the clinician agreed to) is refused with their
 * number (AVAILABILITY_REMOVES_PRACTICE_TIMES) and nothing changes, so the clinician is warned before saving.
 */
export async function saveAvailability(
  database: Database,
  provider: AvailabilityProviderRow,
  body: ProviderAvailability,
  actorId: string,
  now: Date,
  removePracticeTimes = 0,
): Promise<Regenerated> {
  const windows = windowsOf(body);
  const exceptions = exceptionsOf(body);
  const result = await database.transaction(async (tx) => {
    await lockProviderSlots(database, tx, provider.id);
    const [hoursSaved] = await tx.query('SELECT 1 FROM provider_availability WHERE provider_id = $1', [provider.id]);
    await tx.query(
      `INSERT INTO provider_availability (provider_id, time_zone, slot_minutes, buffer_minutes, min_notice_hours, updated_at, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (provider_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, slot_minutes = EXCLUDED.slot_minutes, buffer_minutes = EXCLUDED.buffer_minutes,
         min_notice_hours = EXCLUDED.min_notice_hours, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
      [provider.id, body.timeZone, body.slotMinutes, body.bufferMinutes, body.minNoticeHours, now.toISOString(), actorId],
    );
    await tx.query('DELETE FROM provider_availability_windows WHERE provider_id = $1', [provider.id]);
    await tx.query('DELETE FROM provider_availability_exceptions WHERE provider_id = $1', [provider.id]);
    if (windows.length) {
      await tx.query(
        `INSERT INTO provider_availability_windows (provider_id, weekday, start_local, end_local, mode, practice_id, medication)
         SELECT $1, w.weekday, w.start_local::time, w.end_local::time, w.mode, w.practice_id, w.medication
           FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::boolean[]) AS w(weekday, start_local, end_local, mode, practice_id, medication)`,
        [
          provider.id,
          windows.map((w) => w.weekday),
          windows.map((w) => w.start),
          windows.map((w) => w.end),
          windows.map((w) => w.mode),
          windows.map((w) => w.practiceId),
          windows.map((w) => w.medication),
        ],
      );
    }
    if (exceptions.length) {
      await tx.query(
        `INSERT INTO provider_availability_exceptions (provider_id, kind, on_date, start_local, end_local, mode)
         SELECT $1, e.kind, e.on_date::date, e.start_local::time, e.end_local::time, e.mode
           FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS e(kind, on_date, start_local, end_local, mode)`,
        [
          provider.id,
          exceptions.map((e) => e.kind),
          exceptions.map((e) => e.date),
          exceptions.map((e) => e.start),
          exceptions.map((e) => e.end),
          exceptions.map((e) => e.mode),
        ],
      );
    }
    const regenerated = await regenerate(tx, provider.id, slotsOf(provider, body, now), now);
    if (!hoursSaved && regenerated.removed > removePracticeTimes) {
      throw new AppError('AVAILABILITY_REMOVES_PRACTICE_TIMES', {
        params: { count: String(regenerated.removed) },
        details: { removedOpenTimes: regenerated.removed },
      });
    }
    return regenerated;
  });
  await refreshAvailabilitySummary(database, now, [provider.id]);
  return result;
}

/** Saves of one provider and the daily regeneration take turns (two tabs, two processes), and wait for its bookings' claims. */
async function lockProviderSlots(database: Database, tx: Queryable, providerId: string): Promise<void> {
  if (database.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [PROVIDER_SLOTS_LOCK, providerId]);
}

/** The slots a plan makes from the provider's local today to the end of the availability window. */
function slotsOf(provider: AvailabilityProviderRow, plan: ProviderAvailability, now: Date): ReturnType<typeof generateSlots> {
  return generateSlots({
    settings: plan,
    windows: windowsOf(plan),
    exceptions: exceptionsOf(plan),
    fromDate: isoDateIn(now, plan.timeZone),
    now,
    homePracticeId: provider.practice.id,
  });
}

/**
 * Regenerates the open slots of a provider from their saved availability as of `now`, with the same
 * rules as a save (booked and held slots untouched): the daily job (availabilitySlotsJob) runs it so
 * open times keep reaching the end of the availability window as the days pass. A provider with no
 * saved availability keeps the slots they have (undefined).
 */
export async function regenerateFor(database: Database, provider: AvailabilityProviderRow, now: Date): Promise<Regenerated | undefined> {
  const result = await database.transaction(async (tx) => {
    await lockProviderSlots(database, tx, provider.id);
    const { saved, availability } = await loadAvailability(tx, provider);
    if (!saved) return undefined;
    return regenerate(tx, provider.id, slotsOf(provider, availability, now), now);
  });
  if (result) await refreshAvailabilitySummary(database, now, [provider.id]);
  return result;
}

async function regenerate(tx: Queryable, providerId: string, slots: ReturnType<typeof generateSlots>, now: Date): Promise<Regenerated> {
  const nowIso = now.toISOString();
  await tx.query("DELETE FROM slot_reservations WHERE provider_id = $1 AND kind = 'hold' AND expires_at <= $2", [providerId, nowIso]);
  const candidates = `SELECT tstzrange(c.start_at, c.end_at) AS during, c.mode, c.practice_id, c.medication
      FROM unnest($2::timestamptz[], $3::timestamptz[], $4::text[], $5::uuid[], $6::boolean[]) AS c(start_at, end_at, mode, practice_id, medication)`;
  const params = [
    providerId,
    slots.map((s) => s.start.toISOString()),
    slots.map((s) => s.end.toISOString()),
    slots.map((s) => s.mode),
    slots.map((s) => s.practiceId),
    slots.map((s) => s.medication),
    nowIso,
  ];
  const doomed = `SELECT s.id FROM slots s
     WHERE s.provider_id = $1 AND lower(s.during) >= $7::timestamptz
       AND NOT EXISTS (SELECT 1 FROM slot_reservations r WHERE r.slot_id = s.id)
       AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.slot_id = s.id AND a.status = 'booked')
       AND NOT EXISTS (SELECT 1 FROM (${candidates}) c
                        WHERE c.during = s.during AND c.mode = s.availability_type AND c.practice_id = s.practice_id AND c.medication = s.is_medication)`;
  const gone = await tx.query<{ id: string }>(`SELECT id FROM (${doomed}) d`, params);
  const ids = gone.map((g) => g.id);
  if (ids.length) {
    await tx.query('UPDATE appointments SET slot_id = NULL WHERE slot_id = ANY($1::uuid[])', [ids]);
    await tx.query('DELETE FROM slots WHERE id = ANY($1::uuid[])', [ids]);
  }
  const created = await tx.query<{ id: string; start_at: Date }>(
    `INSERT INTO slots (provider_id, practice_id, during, availability_type, is_medication)
     SELECT $1, c.practice_id, c.during, c.mode, c.medication FROM (${candidates}) c
      WHERE NOT EXISTS (SELECT 1 FROM slots s WHERE s.provider_id = $1 AND s.during && c.during)
        AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.provider_id = $1 AND a.status = 'booked' AND a.during && c.during)
     RETURNING id, lower(during) AS start_at`,
    params.slice(0, 6),
  );
  const [{ kept } = { kept: 0 }] = await tx.query<{ kept: number }>(
    'SELECT count(*)::int AS kept FROM slots WHERE provider_id = $1 AND lower(during) >= $2::timestamptz',
    [providerId, nowIso],
  );
  const createdSlotIds = [...created].sort((a, b) => new Date(a.start_at).getTime() - new Date(b.start_at).getTime()).map((c) => c.id);
  return { created: created.length, removed: ids.length, kept: kept - created.length, createdSlotIds };
}
