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
import type { Database, Queryable } from '../db/connection';

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
 * The open slots of the providers in `providerIdsParam` that overlap [fromParam, toParam), as SQL over
 * parameter placeholders. Everything that can make a slot unavailable belongs in this WHERE clause.
 */
function openSlotsSql(providerIdsParam: string, fromParam: string, toParam: string, nowParam: string): string {
  return `SELECT s.id, s.provider_id, s.practice_id, s.during, s.availability_type, s.is_medication
            FROM slots s
           WHERE s.provider_id = ANY(${providerIdsParam}::uuid[])
             AND s.during && tstzrange(${fromParam}::timestamptz, ${toParam}::timestamptz)
             AND NOT EXISTS (
               SELECT 1 FROM slot_reservations r
                WHERE r.provider_id = s.provider_id AND r.during && s.during
                  AND (r.kind = 'booking' OR r.expires_at > ${nowParam}::timestamptz))`;
}

/**
 * The open-times version (migration 0045): it moves whenever a hold, a booking, a slot or a provider
 * changes, in any process sharing the database. Pages remember it to know when they may offer a time
 * that is no longer open.
 */
export async function openTimesVersion(db: Queryable): Promise<string> {
  const [row] = await db.query<{ version: string }>('SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS version FROM open_times_version');
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

async function openSlotRows(db: Queryable, providerIds: string[], from: Date, to: Date, now: Date, practiceId?: string): Promise<OpenSlot[]> {
  const rows = await db.query<SlotRow>(
    `SELECT o.id, o.provider_id, o.practice_id, lower(o.during) AS start_at, upper(o.during) AS end_at, o.availability_type, o.is_medication
       FROM (${openSlotsSql('$1', '$2', '$3', '$5')}) o
      WHERE lower(o.during) >= $2::timestamptz AND ($4::uuid IS NULL OR o.practice_id = $4::uuid OR o.availability_type = 'online')
      ORDER BY lower(o.during)`,
    [providerIds, from.toISOString(), to.toISOString(), practiceId ?? null, now.toISOString()],
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
  const rows = await db.query<{ pid: string; time_zone: string; offers_medication: boolean } & Partial<SlotRow>>(
    `SELECT p.id AS pid, p.time_zone, p.offers_medication,
            o.id, o.provider_id, o.practice_id, lower(o.during) AS start_at, upper(o.during) AS end_at, o.availability_type, o.is_medication
       FROM providers p
       LEFT JOIN LATERAL (${openSlotsSql('ARRAY[p.id]', '$2', '$3', '$5')}) o
              ON lower(o.during) >= $2::timestamptz AND ($4::uuid IS NULL OR o.practice_id = $4::uuid OR o.availability_type = 'online')
      WHERE p.id = $1 AND p.removed_at IS NULL
      ORDER BY lower(o.during)`,
    [providerId, range.from.toISOString(), range.to.toISOString(), filter.practiceId ?? null, now.toISOString()],
  );
  const [first] = rows;
  if (!first) return undefined;
  const provider: ProviderSchedule = { id: first.pid, timeZone: first.time_zone, offersMedication: first.offers_medication };
  const earliest = earliestSearchStart(now, provider.timeZone);
  const open = rows
    .filter((r): r is typeof r & SlotRow => Boolean(r.id))
    .map(toOpenSlot)
    .filter((r) => r.start >= earliest);
  return { provider, slots: offeredOf(open, provider, filter, now) };
}

export async function providerSchedule(db: Queryable, providerId: string): Promise<ProviderSchedule | undefined> {
  const [row] = await db.query<{ id: string; time_zone: string; offers_medication: boolean }>(
    'SELECT id, time_zone, offers_medication FROM providers WHERE id = $1 AND removed_at IS NULL',
    [providerId],
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

/**
 * Rebuilds provider_search (what search filters and orders by: one row per provider and licensed
 * state) from providers and the open slots of the coming availabilitySummaryDays, with the same
 * rules as listings: each provider's window starts at its earliest allowed start (computed per time
 * zone by the domain rule), and medication slots too soon are left out. Removed providers drop out, and so
 * do providers not taking new clients (search never lists someone a new client cannot book).
 * Call it after anything that changes which slots are open or what a provider offers.
 */
export async function refreshAvailabilitySummary(database: Database, now: Date, providerIds?: readonly string[]): Promise<void> {
  const zones = (await database.query<{ time_zone: string }>('SELECT DISTINCT time_zone FROM providers')).map((r) => r.time_zone);
  const starts = zones.map((z) => earliestSearchStart(now, z));
  const ends = starts.map((s) => new Date(s.getTime() + constants.availabilitySummaryDays * 86_400_000));
  const cut = constants.timeOfDayCutoffHours;
  const bits = enums.timeOfDay.values.map((t) => timeOfDayBit(t));
  const medicationCutoff = new Date(now.getTime() + constants.medicationSlotMinLeadHours * 3_600_000);
  const ids = providerIds ? [...providerIds] : null;
  await database.transaction(async (tx) => {
    // Refreshes take turns: each deletes rows and inserts them again, so two at once (several API
    // processes, or a whole refresh beside one provider's) would insert the same rows twice.
    if (database.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [SUMMARY_REFRESH_LOCK]);
    await tx.query('DELETE FROM provider_search WHERE $1::uuid[] IS NULL OR provider_id = ANY($1::uuid[])', [ids]);
    // Each step is MATERIALIZED, aggregated once per provider: inlined, and with a freshly seeded
    // database's missing statistics, PostgreSQL joined every provider to every open slot (25 s for
    // 300 providers instead of 0.2 s).
    await tx.query(
      `WITH zone_window AS (
         SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) AS z(time_zone, from_at, to_at)
       ), scope AS (
         SELECT p.id, p.time_zone, p.offers_medication, p.licensed_states, p.filter_ids, p.plan_ids, p.accepts_b2b,
                pr.latitude, pr.longitude, z.from_at, z.to_at
           FROM providers p JOIN practices pr ON pr.id = p.practice_id JOIN zone_window z ON z.time_zone = p.time_zone
          WHERE p.removed_at IS NULL AND p.accepting_new_patients AND ($4::uuid[] IS NULL OR p.id = ANY($4::uuid[]))
       ), open AS MATERIALIZED (
         SELECT o.provider_id, lower(o.during) AS start_at, o.availability_type,
                extract(hour FROM lower(o.during) AT TIME ZONE sc.time_zone) + extract(minute FROM lower(o.during) AT TIME ZONE sc.time_zone) / 60.0 AS local_hour
           FROM scope sc
           JOIN LATERAL (${openSlotsSql('ARRAY[sc.id]', 'sc.from_at', 'sc.to_at', '$15')}) o ON true
          WHERE lower(o.during) >= sc.from_at
            AND NOT (o.is_medication AND sc.offers_medication AND lower(o.during) < $5::timestamptz)
       ), open_stats AS MATERIALIZED (
         SELECT o.provider_id, count(*)::int AS open_slots, min(o.start_at) AS first_available,
                bit_or(CASE WHEN o.local_hour < $6 THEN $9::int WHEN o.local_hour < $7 THEN $10::int WHEN o.local_hour < $8 THEN $11::int ELSE $12::int END) AS tod,
                bit_or(CASE o.availability_type WHEN 'online' THEN $13::int ELSE $14::int END) AS modes
           FROM open o
          GROUP BY o.provider_id
       ), stats AS (
         SELECT sc.id, coalesce(os.open_slots, 0) AS open_slots, os.first_available, coalesce(os.tod, 0) AS tod, coalesce(os.modes, 0) AS modes
           FROM scope sc LEFT JOIN open_stats os ON os.provider_id = sc.id
       )
       INSERT INTO provider_search (state_code, provider_id, open_slots, first_available, time_of_day_mask, availability_type_mask,
                                    filter_ids, plan_ids, accepts_b2b, latitude, longitude, refreshed_at)
       SELECT st.state_code, sc.id, stats.open_slots, stats.first_available, stats.tod, stats.modes,
              sc.filter_ids, sc.plan_ids, sc.accepts_b2b, sc.latitude, sc.longitude, $15::timestamptz
         FROM scope sc JOIN stats USING (id) CROSS JOIN LATERAL unnest(sc.licensed_states) AS st(state_code)`,
      [
        zones,
        starts.map((d) => d.toISOString()),
        ends.map((d) => d.toISOString()),
        ids,
        medicationCutoff.toISOString(),
        cut.earlyMorningBefore,
        cut.morningBefore,
        cut.afternoonBefore,
        bits[0],
        bits[1],
        bits[2],
        bits[3],
        availabilityTypeBit('online'),
        availabilityTypeBit('in_person'),
        now.toISOString(),
      ],
    );
  });
}
