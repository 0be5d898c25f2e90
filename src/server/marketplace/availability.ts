/**
 * Which slots are open: the one module that answers it, for listing (providers/{id}/availability,
 * slots/get, first-available-slot), for search (the summary below) and for booking. A slot is a
 * concrete row of `slots` with a time range (tstzrange) per provider; `openSlotsSql` is the single
 * definition of "open", and booked and live-held times (slot_reservations) are subtracted inside it. The slot
 * rules of src/domain/slots.ts are applied to every listing.
 */
import { constants } from '@/generated/constants';
import { enums, type AppointmentMode, type TimeOfDay } from '@/generated/enums';
import { earliestSearchStart, offeredSlots, type SlotFilter } from '@/domain/slots';
import type { Expression, ExpressionBuilder } from 'kysely';
import type { Slots } from '@/generated/database';
import type { Database, Queryable } from '../db/connection';
import { all, first, preparedQuery, qb, run, sql, type DB, type Param } from '../db/typed';

export interface OpenSlot {
  id: string;
  start: Date;
  end: Date;
  practiceId: string;
  providerId: string;
  availabilityType: AppointmentMode;
  isMedication: boolean;
}

export interface ProviderSchedule {
  id: string;
  timeZone: string;
  offersMedication: boolean;
}

/**
 * The open slots of the providers `providerIds` (an array of uuids) that overlap [from, to), given as SQL
 * expressions (parameters, or columns of the statement around it). Everything that can make a slot unavailable
 * belongs in this WHERE clause.
 */
function openSlots(providerIds: Expression<unknown>, from: Expression<unknown>, to: Expression<unknown>, now: Expression<unknown>) {
  return qb
    .selectFrom('slots as s')
    .select(['s.id', 's.provider_id', 's.practice_id', 's.during', 's.availability_type', 's.is_medication'])
    .where(sql<boolean>`s.provider_id = ANY(${providerIds})`)
    .where(sql<boolean>`s.during && tstzrange(${from}, ${to})`)
    .where(untakenAt(now));
}

/**
 * The condition on a slot `s` that no booking and no hold still live at `now` overlaps it (for its provider):
 * what search, the booking pages and the published open times all mean by an open time.
 */
export function untakenAt(now: Expression<unknown>) {
  return (eb: ExpressionBuilder<DB & { s: Slots }, 's'>) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('slot_reservations as r')
          .select(sql.lit(1).as('one'))
          .whereRef('r.provider_id', '=', 's.provider_id')
          .where(sql<boolean>`r.during && s.during`)
          .where((w) => w.or([w('r.kind', '=', 'booking'), w('r.expires_at', '>', sql<Date>`${now}`)])),
      ),
    );
}

/** A time (or a prepared query's parameter of one, as text) as a timestamptz parameter. */
const instant = (at: Date | Expression<string>) => sql`${at instanceof Date ? at.toISOString() : at}::timestamptz`;

/**
 * The open-times version (migration 0045): it moves whenever a hold, a booking, a slot or a provider
 * changes, in any process sharing the database. Pages remember it to know when they may offer a time
 * that is no longer open.
 */
export async function openTimesVersion(db: Queryable): Promise<string> {
  // A sequence: not a table of the generated types, read as one scalar.
  const row = await first(
    db,
    qb.selectNoFrom(sql<string>`(SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text FROM open_times_version)`.as('version')),
  );
  return row?.version ?? '0';
}

/** A slot as stored: times are instants; the provider's zone turns them into local days. */
export interface SlotRow {
  id: string;
  provider_id: string;
  practice_id: string;
  start_at: Date;
  end_at: Date;
  availability_type: AppointmentMode;
  is_medication: boolean;
}

/** The columns of a SlotRow, from a statement's slots (or open slots) named `s`: one list for every reader of slots. */
export const slotColumns = [
  's.id',
  's.provider_id',
  's.practice_id',
  sql<Date>`lower(s.during)`.as('start_at'),
  sql<Date>`upper(s.during)`.as('end_at'),
  sql.ref<AppointmentMode>('s.availability_type').as('availability_type'),
  's.is_medication',
] as const;

async function openSlotRows(db: Queryable, providerIds: string[], from: Date, to: Date, now: Date, practiceId?: string): Promise<OpenSlot[]> {
  const open = openSlots(sql`${providerIds}::uuid[]`, instant(from), instant(to), instant(now)).as('s');
  const startOf = sql<Date>`lower(s.during)`;
  const rows = await all(
    db,
    qb
      .selectFrom(open)
      .select(slotColumns)
      .where(startOf, '>=', from)
      .$if(practiceId !== undefined, (q) => q.where((eb) => eb.or([eb('s.practice_id', '=', practiceId!), eb('s.availability_type', '=', 'online')])))
      .orderBy(startOf),
  );
  return rows.map(toOpenSlot);
}

function toOpenSlot(r: SlotRow): OpenSlot {
  return {
    id: r.id,
    start: new Date(r.start_at),
    end: new Date(r.end_at),
    practiceId: r.practice_id,
    providerId: r.provider_id,
    availabilityType: r.availability_type,
    isMedication: r.is_medication,
  };
}

/** The slots a listing offers: of the kind asked for (medication or therapy), after the slot rules. */
function offeredOf(rows: OpenSlot[], provider: ProviderSchedule, filter: SlotFilter & { medicationOnly?: boolean }, now: Date): OpenSlot[] {
  const kinds = filter.medicationOnly === undefined ? rows : rows.filter((s) => s.isMedication === filter.medicationOnly);
  return offeredSlots(kinds, { now, zone: provider.timeZone, offersMedication: provider.offersMedication, filter });
}

/** The values of providerSlots: the provider, the range (as instants, and `from` again as the slots' earliest start), the time now. */
type ProviderSlotsValues = { providerId: string; from: string; to: string; now: string; earliestStart: Date };

/** providerOpenSlots' statement: the slots of every practice, or of `practiceId` and online ones. */
function providerSlots(p: Param<ProviderSlotsValues>, practiceId?: Expression<string>) {
  const startOf = sql<Date>`lower(s.during)`;
  return qb
    .selectFrom('providers as p')
    .leftJoinLateral(openSlots(sql`ARRAY[p.id]`, instant(p('from')), instant(p('to')), instant(p('now'))).as('s'), (join) =>
      join
        .on(startOf, '>=', p('earliestStart'))
        .$call((j) => (practiceId ? j.on((eb) => eb.or([eb('s.practice_id', '=', practiceId), eb('s.availability_type', '=', 'online')])) : j)),
    )
    .select(['p.id as pid', 'p.time_zone', 'p.offers_medication', ...slotColumns])
    .where('p.id', '=', p('providerId'))
    .where('p.removed_at', 'is', null)
    .orderBy(startOf);
}
/** providerSlots of every practice, and of one, each compiled once. */
const providerSlotsOfAny = preparedQuery((p: Param<ProviderSlotsValues>) => providerSlots(p));
const providerSlotsOfPractice = preparedQuery((p: Param<ProviderSlotsValues & { practiceId: string }>) => providerSlots(p, p('practiceId')));

/**
 * A provider's schedule and its open slots in [from, to), in ONE query (the provider's row, and its
 * slots through the gist indexes of slots and slot_reservations on provider and time), after the
 * slot rules. Undefined when there is no such provider. `from` is pushed to the earliest allowed start.
 */
export async function providerOpenSlots(
  db: Queryable,
  providerId: string,
  range: { from: Date; to: Date },
  filter: SlotFilter & { medicationOnly?: boolean; practiceId?: string },
  now: Date,
): Promise<{ provider: ProviderSchedule; slots: OpenSlot[] } | undefined> {
  const values = { providerId, from: range.from.toISOString(), to: range.to.toISOString(), now: now.toISOString(), earliestStart: range.from };
  const rows = await all(
    db,
    filter.practiceId === undefined ? providerSlotsOfAny(values) : providerSlotsOfPractice({ ...values, practiceId: filter.practiceId }),
  );
  const [head] = rows;
  if (!head) return undefined;
  const provider: ProviderSchedule = { id: head.pid, timeZone: head.time_zone, offersMedication: head.offers_medication };
  const earliest = earliestSearchStart(now, provider.timeZone);
  const open = rows
    .flatMap((r) =>
      r.id !== null && r.provider_id !== null && r.practice_id !== null && r.availability_type !== null && r.is_medication !== null
        ? [
            toOpenSlot({
              ...r,
              id: r.id,
              provider_id: r.provider_id,
              practice_id: r.practice_id,
              availability_type: r.availability_type,
              is_medication: r.is_medication,
            }),
          ]
        : [],
    )
    .filter((r) => r.start >= earliest);
  return { provider, slots: offeredOf(open, provider, filter, now) };
}

export async function providerSchedule(db: Queryable, providerId: string): Promise<ProviderSchedule | undefined> {
  const row = await first(
    db,
    qb.selectFrom('providers').select(['id', 'time_zone', 'offers_medication']).where('id', '=', providerId).where('removed_at', 'is', null),
  );
  return row ? { id: row.id, timeZone: row.time_zone, offersMedication: row.offers_medication } : undefined;
}

/** Open slots of one provider in [from, to), after the slot rules; from is pushed to the earliest allowed start. */
export async function listOpenSlots(
  db: Queryable,
  provider: ProviderSchedule,
  range: { from: Date; to: Date },
  filter: SlotFilter & { medicationOnly?: boolean; practiceId?: string },
  now: Date,
): Promise<OpenSlot[]> {
  const from = new Date(Math.max(range.from.getTime(), earliestSearchStart(now, provider.timeZone).getTime()));
  if (from >= range.to) return [];
  const rows = await openSlotRows(db, [provider.id], from, range.to, now, filter.practiceId);
  return offeredOf(rows, provider, filter, now);
}

/** The first open slot of each provider within availabilityWindowDays, or undefined. */
export async function firstOpenSlots(
  db: Queryable,
  providers: readonly ProviderSchedule[],
  filter: SlotFilter & { medicationOnly?: boolean },
  now: Date,
): Promise<Map<string, OpenSlot>> {
  const out = new Map<string, OpenSlot>();
  if (!providers.length) return out;
  const from = new Date(Math.min(...providers.map((p) => earliestSearchStart(now, p.timeZone).getTime())));
  const to = new Date(now.getTime() + constants.availabilityWindowDays * 86_400_000);
  const rows = await openSlotRows(
    db,
    providers.map((p) => p.id),
    from,
    to,
    now,
  );
  for (const p of providers) {
    const own = rows.filter((r) => r.providerId === p.id && (filter.medicationOnly === undefined || r.isMedication === filter.medicationOnly));
    const [first] = offeredSlots(own, { now, zone: p.timeZone, offersMedication: p.offersMedication, filter });
    if (first) out.set(p.id, first);
  }
  return out;
}

/** Bit of a time of day / session type in the summary masks (its position in the enumeration). */
export const timeOfDayBit = (t: TimeOfDay): number => 1 << enums.timeOfDay.values.indexOf(t);
export const availabilityTypeBit = (m: AppointmentMode): number => 1 << enums.appointmentMode.values.indexOf(m);

const SUMMARY_REFRESH_LOCK = 7_272_603;

/** What a provider_search row holds for search (the in-memory index reads these); the refresh writes them in this order. */
export const searchColumns = [
  'state_code',
  'provider_id',
  'open_slots',
  'first_available',
  'time_of_day_mask',
  'availability_type_mask',
  'filter_ids',
  'plan_ids',
  'accepts_b2b',
  'latitude',
  'longitude',
] as const;

/**
 * The statement that inserts provider_search's rows: each provider's window is the one of its time zone
 * (zones[i] from starts[i] to ends[i]); medication slots before medicationCutoff are left out.
 */
function summaryRefresh(w: { zones: string[]; starts: Date[]; ends: Date[]; ids: string[] | null; medicationCutoff: Date; now: Date }) {
  const cut = constants.timeOfDayCutoffHours;
  const [early, morning, afternoon, evening] = enums.timeOfDay.values.map((t) => timeOfDayBit(t));
  const startOf = sql<Date>`lower(o.during)`;
  return qb
    .with(
      'zone_window(time_zone, from_at, to_at)',
      () =>
        sql`(SELECT * FROM unnest(${w.zones}::text[], ${w.starts.map((d) => d.toISOString())}::timestamptz[], ${w.ends.map((d) => d.toISOString())}::timestamptz[]))`,
    )
    .with('scope', (db) =>
      db
        .selectFrom('providers as p')
        .innerJoin('practices as pr', 'pr.id', 'p.practice_id')
        .innerJoin('zone_window as z', 'z.time_zone', 'p.time_zone')
        .select([
          'p.id',
          'p.time_zone',
          'p.offers_medication',
          'p.licensed_states',
          'p.filter_ids',
          'p.plan_ids',
          'p.accepts_b2b',
          'pr.latitude',
          'pr.longitude',
        ])
        .select([sql<Date>`z.from_at`.as('from_at'), sql<Date>`z.to_at`.as('to_at')])
        .where('p.removed_at', 'is', null)
        .where('p.accepting_new_patients', '=', true)
        .$if(w.ids !== null, (q) => q.where('p.id', '=', sql<string>`ANY(${w.ids}::uuid[])`)),
    )
    .with(
      (cte) => cte('open').materialized(),
      (db) =>
        db
          .selectFrom('scope as sc')
          .innerJoinLateral(openSlots(sql`ARRAY[sc.id]`, sql`sc.from_at`, sql`sc.to_at`, instant(w.now)).as('o'), (join) => join.onTrue())
          .select([
            'o.provider_id',
            startOf.as('start_at'),
            'o.availability_type',
            sql<number>`extract(hour FROM lower(o.during) AT TIME ZONE sc.time_zone) + extract(minute FROM lower(o.during) AT TIME ZONE sc.time_zone) / 60.0`.as(
              'local_hour',
            ),
          ])
          .where(sql<boolean>`lower(o.during) >= sc.from_at`)
          .where(sql<boolean>`NOT (o.is_medication AND sc.offers_medication AND lower(o.during) < ${instant(w.medicationCutoff)})`),
    )
    .with(
      (cte) => cte('open_stats').materialized(),
      (db) =>
        db
          .selectFrom('open as o')
          .select([
            'o.provider_id',
            sql<number>`count(*)::int`.as('open_slots'),
            sql<Date>`min(o.start_at)`.as('first_available'),
            sql<number>`bit_or(CASE WHEN o.local_hour < ${cut.earlyMorningBefore} THEN ${early}::int WHEN o.local_hour < ${cut.morningBefore} THEN ${morning}::int
                               WHEN o.local_hour < ${cut.afternoonBefore} THEN ${afternoon}::int ELSE ${evening}::int END)`.as('tod'),
            sql<number>`bit_or(CASE o.availability_type WHEN 'online' THEN ${availabilityTypeBit('online')}::int ELSE ${availabilityTypeBit('in_person')}::int END)`.as(
              'modes',
            ),
          ])
          .groupBy('o.provider_id'),
    )
    .with('stats', (db) =>
      db
        .selectFrom('scope as sc')
        .leftJoin('open_stats as os', 'os.provider_id', 'sc.id')
        .select([
          'sc.id',
          sql<number>`coalesce(os.open_slots, 0)`.as('open_slots'),
          'os.first_available',
          sql<number>`coalesce(os.tod, 0)`.as('tod'),
          sql<number>`coalesce(os.modes, 0)`.as('modes'),
        ]),
    )
    .insertInto('provider_search')
    .columns([...searchColumns, 'refreshed_at'])
    .expression((eb) =>
      eb
        .selectFrom('scope as sc')
        .innerJoin('stats', 'stats.id', 'sc.id')
        // One row per licensed state (a set-returning function in the select list).
        .select([
          sql<string>`unnest(sc.licensed_states)`.as('state_code'),
          'sc.id',
          'stats.open_slots',
          'stats.first_available',
          'stats.tod',
          'stats.modes',
          'sc.filter_ids',
          'sc.plan_ids',
          'sc.accepts_b2b',
          'sc.latitude',
          'sc.longitude',
          sql<Date>`${instant(w.now)}`.as('refreshed_at'),
        ]),
    );
}

/**
 * Rebuilds provider_search (what search filters and orders by: one row per provider and licensed
 * state) from providers and the open slots of the coming availabilitySummaryDays, with the same
 * rules as listings: each provider's window starts at its earliest allowed start (computed per time
 * zone by the domain rule), and medication slots too soon are left out. Removed providers drop out, and so
 * do providers not taking new clients (search never lists someone a new client cannot book).
 * Call it after anything that changes which slots are open or what a provider offers.
 */
export async function refreshAvailabilitySummary(database: Database, now: Date, providerIds?: readonly string[]): Promise<void> {
  const zones = (await all(database, qb.selectFrom('providers').select('time_zone').distinct())).map((r) => r.time_zone);
  const starts = zones.map((z) => earliestSearchStart(now, z));
  const ends = starts.map((s) => new Date(s.getTime() + constants.availabilitySummaryDays * 86_400_000));
  const medicationCutoff = new Date(now.getTime() + constants.medicationSlotMinLeadHours * 3_600_000);
  const ids = providerIds ? [...providerIds] : null;
  await database.transaction(async (tx) => {
    // Refreshes take turns: each deletes rows and inserts them again, so two at once (several API
    // processes, or a whole refresh beside one provider's) would insert the same rows twice.
    if (database.kind === 'postgres') await run(tx, qb.selectNoFrom(sql`pg_advisory_xact_lock(${SUMMARY_REFRESH_LOCK})`.as('locked')));
    await run(
      tx,
      qb.deleteFrom('provider_search').$if(ids !== null, (q) => q.where('provider_id', '=', sql<string>`ANY(${ids}::uuid[])`)),
    );
    // Each step is MATERIALIZED, aggregated once per provider: inlined, and with a freshly seeded
    // database's missing statistics, PostgreSQL joined every provider to every open slot (25 s for
    // 300 providers instead of 0.2 s).
    await run(tx, summaryRefresh({ zones, starts, ends, ids, medicationCutoff, now }));
  });
}
