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
import { all, first, qb, run, sql } from '../db/typed';
import { AppError } from '../errors';
import { refreshAvailabilitySummary } from '../marketplace/availability';
import { isoDateIn } from '@/domain/dates';
import { messageTemplate } from '@/domain/messages';

/** The provider as the availability endpoints answer it (AvailabilityProvider of specs/api care.yaml). */
export type AvailabilityProviderRow = AvailabilityProvider;

export async function availabilityProvider(db: Queryable, providerId: string): Promise<AvailabilityProviderRow | undefined> {
  const row = await first(
    db,
    qb
      .selectFrom('providers as p')
      .innerJoin('practices as pr', 'pr.id', 'p.practice_id')
      .select([
        'p.id',
        'p.first_name as firstName',
        'p.last_name as lastName',
        'p.title',
        'p.time_zone as timeZone',
        'p.offers_medication as offersMedication',
        'p.accepting_new_patients as acceptingNewPatients',
        'pr.id as practiceId',
        'pr.name as practiceName',
        'pr.city',
        'pr.state',
      ])
      .where('p.id', '=', providerId)
      .where('p.removed_at', 'is', null),
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
  const settings = await first(
    db,
    qb
      .selectFrom('provider_availability')
      .select(['time_zone', 'slot_minutes', 'buffer_minutes', 'min_notice_hours', 'updated_at'])
      .where('provider_id', '=', provider.id),
  );
  if (!settings) {
    return { saved: false, updatedAt: null, availability: { timeZone: provider.timeZone, ...constants.availabilityDefaults, windows: [], exceptions: [] } };
  }
  const windows = await all(
    db,
    qb
      .selectFrom('provider_availability_windows')
      .select((eb) => [
        'weekday',
        sql<string>`start_local::text`.as('start_local'),
        sql<string>`end_local::text`.as('end_local'),
        eb.ref('mode').$castTo<AppointmentMode>().as('mode'),
        'practice_id',
        'medication',
      ])
      .where('provider_id', '=', provider.id)
      .orderBy('weekday')
      .orderBy('provider_availability_windows.start_local')
      .orderBy('id'),
  );
  const exceptions = await all(
    db,
    qb
      .selectFrom('provider_availability_exceptions')
      .select((eb) => [
        eb.ref('kind').$castTo<'blocked' | 'extra'>().as('kind'),
        sql<string>`on_date::text`.as('on_date'),
        sql<string | null>`start_local::text`.as('start_local'),
        sql<string | null>`end_local::text`.as('end_local'),
        eb.ref('mode').$castTo<AppointmentMode | null>().as('mode'),
      ])
      .where('provider_id', '=', provider.id)
      .orderBy('provider_availability_exceptions.on_date')
      .orderBy('provider_availability_exceptions.start_local', (order) => order.asc().nullsFirst())
      .orderBy('id'),
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
    const hoursSaved = await first(
      tx,
      qb
        .selectFrom('provider_availability')
        .select(sql`1`.as('one'))
        .where('provider_id', '=', provider.id),
    );
    await run(
      tx,
      qb
        .insertInto('provider_availability')
        .values({
          provider_id: provider.id,
          time_zone: body.timeZone,
          slot_minutes: body.slotMinutes,
          buffer_minutes: body.bufferMinutes,
          min_notice_hours: body.minNoticeHours,
          updated_at: now.toISOString(),
          updated_by: actorId,
        })
        .onConflict((conflict) =>
          conflict.column('provider_id').doUpdateSet((eb) => ({
            time_zone: eb.ref('excluded.time_zone'),
            slot_minutes: eb.ref('excluded.slot_minutes'),
            buffer_minutes: eb.ref('excluded.buffer_minutes'),
            min_notice_hours: eb.ref('excluded.min_notice_hours'),
            updated_at: eb.ref('excluded.updated_at'),
            updated_by: eb.ref('excluded.updated_by'),
          })),
        ),
    );
    await run(tx, qb.deleteFrom('provider_availability_windows').where('provider_id', '=', provider.id));
    await run(tx, qb.deleteFrom('provider_availability_exceptions').where('provider_id', '=', provider.id));
    if (windows.length) {
      // One statement for every window: the rows come from arrays (unnest), which the builder does not express.
      await run(
        tx,
        qb
          .insertInto('provider_availability_windows')
          .columns(['provider_id', 'weekday', 'start_local', 'end_local', 'mode', 'practice_id', 'medication'])
          .expression(
            sql`SELECT ${provider.id}::uuid, w.weekday, w.start_local::time, w.end_local::time, w.mode, w.practice_id, w.medication
                  FROM unnest(${windows.map((w) => w.weekday)}::int[], ${windows.map((w) => w.start)}::text[], ${windows.map((w) => w.end)}::text[],
                              ${windows.map((w) => w.mode)}::text[], ${windows.map((w) => w.practiceId)}::uuid[], ${windows.map((w) => w.medication)}::boolean[])
                    AS w(weekday, start_local, end_local, mode, practice_id, medication)`,
          ),
      );
    }
    if (exceptions.length) {
      await run(
        tx,
        qb
          .insertInto('provider_availability_exceptions')
          .columns(['provider_id', 'kind', 'on_date', 'start_local', 'end_local', 'mode'])
          .expression(
            sql`SELECT ${provider.id}::uuid, e.kind, e.on_date::date, e.start_local::time, e.end_local::time, e.mode
                  FROM unnest(${exceptions.map((e) => e.kind)}::text[], ${exceptions.map((e) => e.date)}::text[], ${exceptions.map((e) => e.start)}::text[],
                              ${exceptions.map((e) => e.end)}::text[], ${exceptions.map((e) => e.mode)}::text[])
                    AS e(kind, on_date, start_local, end_local, mode)`,
          ),
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
  if (database.kind === 'postgres') await run(tx, qb.selectNoFrom(sql`pg_advisory_xact_lock(${PROVIDER_SLOTS_LOCK}, hashtext(${providerId}))`.as('locked')));
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

/** A provider's future slots that no hold or booking names: what a save may remove and a removal withdraws. */
export function openFutureSlots(providerId: string, now: Date) {
  return qb
    .selectFrom('slots as s')
    .select('s.id')
    .where('s.provider_id', '=', providerId)
    .where(sql<Date>`lower(s.during)`, '>=', sql<Date>`${now.toISOString()}::timestamptz`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('slot_reservations as r')
            .select(sql`1`.as('one'))
            .whereRef('r.slot_id', '=', 's.id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('appointments as a')
            .select(sql`1`.as('one'))
            .whereRef('a.slot_id', '=', 's.id')
            .where('a.status', '=', 'booked'),
        ),
      ),
    );
}

async function regenerate(tx: Queryable, providerId: string, slots: ReturnType<typeof generateSlots>, now: Date): Promise<Regenerated> {
  const nowIso = now.toISOString();
  await run(
    tx,
    qb
      .deleteFrom('slot_reservations')
      .where('provider_id', '=', providerId)
      .where('kind', '=', 'hold')
      .where('expires_at', '<=', sql<Date>`${nowIso}`),
  );
  // The slots the plan makes, as rows from arrays (unnest: the builder does not express it).
  const candidates = sql`SELECT tstzrange(c.start_at, c.end_at) AS during, c.mode, c.practice_id, c.medication
      FROM unnest(${slots.map((s) => s.start.toISOString())}::timestamptz[], ${slots.map((s) => s.end.toISOString())}::timestamptz[], ${slots.map((s) => s.mode)}::text[],
                  ${slots.map((s) => s.practiceId)}::uuid[], ${slots.map((s) => s.medication)}::boolean[]) AS c(start_at, end_at, mode, practice_id, medication)`;
  const gone = await all(
    tx,
    openFutureSlots(providerId, now).where((eb) =>
      eb.not(
        eb.exists(
          sql`(SELECT 1 FROM (${candidates}) c WHERE c.during = s.during AND c.mode = s.availability_type AND c.practice_id = s.practice_id AND c.medication = s.is_medication)`,
        ),
      ),
    ),
  );
  const ids = gone.map((g) => g.id);
  if (ids.length) {
    const goneIds = sql<string>`ANY(${ids}::uuid[])`;
    await run(tx, qb.updateTable('appointments').set({ slot_id: null }).where('slot_id', '=', goneIds));
    await run(tx, qb.deleteFrom('slots').where('id', '=', goneIds));
  }
  const created = await all(
    tx,
    qb
      .insertInto('slots')
      .columns(['provider_id', 'practice_id', 'during', 'availability_type', 'is_medication'])
      .expression(
        sql`SELECT ${providerId}::uuid, c.practice_id, c.during, c.mode, c.medication FROM (${candidates}) c
             WHERE NOT EXISTS (SELECT 1 FROM slots s WHERE s.provider_id = ${providerId} AND s.during && c.during)
               AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.provider_id = ${providerId} AND a.status = 'booked' AND a.during && c.during)`,
      )
      .returning(['id', sql<Date>`lower(during)`.as('start_at')]),
  );
  const counted = await first(
    tx,
    qb
      .selectFrom('slots')
      .select(sql<number>`count(*)::int`.as('kept'))
      .where('provider_id', '=', providerId)
      .where(sql<Date>`lower(during)`, '>=', sql<Date>`${nowIso}::timestamptz`),
  );
  const kept = counted?.kept ?? 0;
  const createdSlotIds = [...created].sort((a, b) => new Date(a.start_at).getTime() - new Date(b.start_at).getTime()).map((c) => c.id);
  return { created: created.length, removed: ids.length, kept: kept - created.length, createdSlotIds };
}
