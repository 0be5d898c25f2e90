/**
 * Open times published for other services: SMART Scheduling Links bulk publication (HL7 STU 1, 1.0.0). Every file is
 * generated from the database when it is asked for, so it is always current: Location (a practice, and a virtual
 * Location for a provider's video visits), PractitionerRole (a provider at those Locations), Schedule (a provider's
 * in-person times at a practice, and their video times) and Slot (an open time anyone could book now: the slot rules
 * of src/domain/slots.ts applied, no live hold or booking on its time). The resources' shapes are
 * src/domain/smart-scheduling.ts; this file reads the rows.
 */
import { openTimesVersion, slotColumns, untakenAt } from '../marketplace/availability';
import { all, first, qb, sql } from '../db/typed';
import type { FastifyInstance } from 'fastify';
import type { Expression } from 'kysely';
import { enums } from '@/generated/enums';
import { routeById } from '@/generated/routes';
import { constants } from '@/generated/constants';
import { earliestSearchStart, isMedicationSlotTooSoon } from '@/domain/slots';
import { bookingPathOf } from '@/domain/waitlist';
import { enumLabel } from '@/domain/labels';
import { DEFAULT_LOCALE } from '@/domain/locale';
import { messageIn } from '@/domain/messages';
import {
  practiceLocation,
  practitionerRole,
  providerSchedules,
  publishedSlot,
  videoLocation,
  type PracticeRow,
  type ProviderRow,
} from '@/domain/smart-scheduling';
import { siteUrl } from '../site-url';

/** Our own code system for the services a schedule offers (the counseling types of specs/enums). */
export const SERVICE_SYSTEM_PATH = '/api/open-times/counseling-type';
export const NDJSON = 'application/fhir+ndjson';

export const publishedFiles = [
  { type: 'Location', path: '/api/open-times/locations.ndjson' },
  { type: 'PractitionerRole', path: '/api/open-times/practitioner-roles.ndjson' },
  { type: 'Schedule', path: '/api/open-times/schedules.ndjson' },
  { type: 'Slot', path: '/api/open-times/slots.ndjson' },
] as const;

export function manifest(app: FastifyInstance) {
  return {
    transactionTime: app.clock.now().toISOString(),
    request: `${app.publicUrl}/api/$bulk-publish`,
    output: publishedFiles.map((f) => ({ type: f.type, url: `${app.publicUrl}${f.path}` })),
    error: [],
  };
}

interface PublishedProvider extends ProviderRow {
  practiceName: string;
}

/**
 * Providers taking bookings, each with the practices where they see people in person (their own, and any other where
 * they keep in-person hours) and whether they offer video visits (any video slot).
 */
async function providerRows(app: FastifyInstance): Promise<PublishedProvider[]> {
  const rows = await all(
    app.database,
    qb
      .with('places', (db) =>
        db
          .selectFrom('slots')
          .select([
            'provider_id',
            sql<boolean>`bool_or(availability_type = 'online')`.as('video'),
            sql<string[]>`coalesce(array_agg(DISTINCT practice_id ORDER BY practice_id) FILTER (WHERE availability_type = 'in_person'), '{}')`.as(
              'practice_ids',
            ),
          ])
          .groupBy('provider_id'),
      )
      .selectFrom('providers as p')
      .innerJoin('practices as pr', 'pr.id', 'p.practice_id')
      .leftJoin('places as pl', 'pl.provider_id', 'p.id')
      .select((eb) => [
        'p.id',
        'p.practice_id',
        'pr.name as practice_name',
        'p.first_name',
        'p.last_name',
        'p.title',
        'p.npi',
        'p.licensed_states',
        counselingTypesOf(eb.ref('p.filter_ids'), true).as('types'),
        sql<boolean>`coalesce(${eb.ref('pl.video')}, false)`.as('video'),
        sql<string[]>`array_remove(coalesce(${eb.ref('pl.practice_ids')}, '{}'), ${eb.ref('p.practice_id')})`.as('other_practice_ids'),
      ])
      .where('p.removed_at', 'is', null)
      .orderBy('p.id'),
  );
  const system = `${app.publicUrl}${SERVICE_SYSTEM_PATH}`;
  return rows.map((r) => ({
    id: r.id,
    practiceId: r.practice_id,
    practiceName: r.practice_name,
    inPersonPracticeIds: [r.practice_id, ...r.other_practice_ids],
    display: `${r.first_name} ${r.last_name}, ${r.title}`,
    npi: r.npi,
    licensedStates: r.licensed_states,
    offersVideo: r.video,
    // A provider with no counseling type chosen offers the default one (never an empty serviceType).
    services: (r.types.length ? r.types : [constants.publishedDefaultServiceType]).map((code) => ({
      system,
      code,
      display: enumLabel(enums.counselingType.labels, code),
    })),
  }));
}

/** Practices where a provider taking bookings sees people: their own, or one where they keep in-person hours. */
async function practiceRows(app: FastifyInstance): Promise<PracticeRow[]> {
  const rows = await all(
    app.database,
    qb
      .selectFrom('practices as pr')
      .select(['pr.id', 'pr.name', 'pr.address_line1', 'pr.city', 'pr.state', 'pr.zipcode', 'pr.latitude', 'pr.longitude'])
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('providers as p').select(sql.lit(1).as('one')).whereRef('p.practice_id', '=', 'pr.id').where('p.removed_at', 'is', null)),
          eb.exists(
            eb
              .selectFrom('slots as s')
              .innerJoin('providers as p', 'p.id', 's.provider_id')
              .select(sql.lit(1).as('one'))
              .whereRef('s.practice_id', '=', 'pr.id')
              .where('s.availability_type', '=', 'in_person')
              .where('p.removed_at', 'is', null),
          ),
        ]),
      )
      .orderBy('pr.id'),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    addressLine1: r.address_line1,
    city: r.city,
    state: r.state,
    zipcode: r.zipcode,
    latitude: r.latitude,
    longitude: r.longitude,
  }));
}

/** A provider's counseling types (their filters of that type), sorted by value when asked. */
function counselingTypesOf(filterIds: Expression<number[]>, sorted: boolean) {
  const agg = sorted ? sql`array_agg(f.value ORDER BY f.value)` : sql`array_agg(f.value)`;
  return qb
    .selectFrom('filters as f')
    .select(sql<string[]>`coalesce(${agg}, '{}')`.as('types'))
    .where(sql<boolean>`f.id = ANY (${filterIds})`)
    .where('f.type', '=', 'counseling_type')
    .$asScalar();
}

/** The published files are for any reader, so their words are in the default language. */
const videoWords = (p: PublishedProvider) => ({
  name: messageIn(DEFAULT_LOCALE, 'openTimes.videoLocation.name', { provider: p.display }),
  description: messageIn(DEFAULT_LOCALE, 'openTimes.videoLocation.description', { provider: p.display, practice: p.practiceName }),
});

/** Every practice with a provider taking bookings, then a virtual Location for each provider who offers video visits. */
export async function locations(app: FastifyInstance): Promise<object[]> {
  const [practices, providers] = await Promise.all([practiceRows(app), providerRows(app)]);
  return [...practices.map((p) => practiceLocation(app, p)), ...providers.filter((p) => p.offersVideo).map((p) => videoLocation(app, p, videoWords(p)))];
}

export async function practitionerRoles(app: FastifyInstance): Promise<object[]> {
  return (await providerRows(app)).map((p) => practitionerRole(app, p));
}

export async function schedules(app: FastifyInstance): Promise<object[]> {
  const [practices, providers] = await Promise.all([practiceRows(app), providerRows(app)]);
  const names = new Map(practices.map((p) => [p.id, p.name]));
  return providers.flatMap((p) => providerSchedules(p, (id) => names.get(id) ?? '', videoWords(p).name));
}

/**
 * The Slot file is the large one (every open time of every provider): the last one built is answered again
 * while nothing it depends on changed - the same minute (the slot rules read the clock), the same open-times version
 * (migration 0045: it moves with every hold, booking, slot and provider change, in any process) and the same number of
 * live holds and bookings (a hold that lapses changes no row) - so aggregators polling it cost two small queries each,
 * and a time booked or held leaves the very next answer.
 */
const lastSlots = new WeakMap<FastifyInstance, { key: string; body: string }>();

export async function slotsNdjson(app: FastifyInstance): Promise<string> {
  const now = app.clock.now();
  const [version, claims] = await Promise.all([
    openTimesVersion(app.database),
    first(
      app.database,
      qb
        .selectFrom('slot_reservations')
        .select(sql<string>`count(*)::text`.as('live'))
        .where((eb) => eb.or([eb('kind', '=', 'booking'), eb('expires_at', '>', sql<Date>`${now.toISOString()}::timestamptz`)])),
    ),
  ]);
  const key = `${Math.floor(now.getTime() / 60_000)}|${version}|${claims?.live}`;
  const last = lastSlots.get(app);
  if (last?.key === key) return last.body;
  const body = ndjson(await slots(app));
  lastSlots.set(app, { key, body });
  return body;
}

/** Every open time anyone could book now, earliest first, with its booking deep link. */
export async function slots(app: FastifyInstance): Promise<object[]> {
  const now = app.clock.now();
  const at = sql<Date>`${now.toISOString()}::timestamptz`;
  const rows = await all(
    app.database,
    qb
      .with('offered', (db) =>
        db
          .selectFrom('providers as p')
          .select((eb) => [
            'p.id',
            'p.offers_medication',
            'p.accepting_new_patients',
            'p.practice_id',
            'p.time_zone',
            counselingTypesOf(eb.ref('p.filter_ids'), false).as('types'),
          ])
          .where('p.removed_at', 'is', null),
      )
      .selectFrom('slots as s')
      .innerJoin('offered as p', 'p.id', 's.provider_id')
      .select([...slotColumns, 'p.offers_medication', 'p.accepting_new_patients', 'p.practice_id as provider_practice_id', 'p.time_zone', 'p.types'])
      .where(sql<Date>`lower(s.during)`, '>', at)
      .where(untakenAt(at))
      .orderBy(sql`lower(s.during)`)
      .orderBy('s.id'),
  );
  const earliest = new Map<string, Date>();
  const earliestIn = (zone: string) => {
    if (!earliest.has(zone)) earliest.set(zone, earliestSearchStart(now, zone));
    return earliest.get(zone)!;
  };
  return rows
    .map((r) => ({ ...r, start_at: new Date(r.start_at), end_at: new Date(r.end_at) }))
    .filter((r) => r.start_at >= earliestIn(r.time_zone))
    .filter(
      (r) => !isMedicationSlotTooSoon({ start: r.start_at, availabilityType: r.availability_type, isMedication: r.is_medication }, now, r.offers_medication),
    )
    .map((r) =>
      publishedSlot({
        id: r.id,
        providerId: r.provider_id,
        practiceId: r.practice_id,
        providerPracticeId: r.provider_practice_id,
        start: r.start_at,
        end: r.end_at,
        video: r.availability_type === 'online',
        timeZone: r.time_zone,
        acceptingNewPatients: r.accepting_new_patients,
        bookingPhone: constants.phoneLines.bookingTool,
        // For whoever finds the time on another site: the default language's page (a first visit from a browser of
        // another language is sent on to it; the same address under a language's prefix opens it in that language).
        deepLink: siteUrl(
          app,
          bookingPathOf(routeById.booking.path, {
            providerId: r.provider_id,
            practiceId: r.practice_id,
            slotId: r.id,
            availabilityType: r.availability_type,
            isMedication: r.is_medication,
            offeredCounselingTypes: r.types,
            tz: r.time_zone,
          }),
          DEFAULT_LOCALE,
        ),
      }),
    );
}

export function ndjson(resources: readonly object[]): string {
  return resources.map((r) => JSON.stringify(r)).join('\n') + (resources.length ? '\n' : '');
}
