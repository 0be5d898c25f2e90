/**
 * Open times published for other services: SMART Scheduling Links bulk publication (HL7 STU 1, 1.0.0). Every file is
 * generated from the database when it is asked for, so it is always current: Location (a practice, and a virtual
 * Location for a provider's video visits), PractitionerRole (a provider at those Locations), Schedule (a provider's
 * in-person times at a practice, and their video times) and Slot (an open time anyone could book now: the slot rules
 * of src/domain/slots.ts applied, no live hold or booking on its time). The resources' shapes are
 * src/domain/smart-scheduling.ts; this file reads the rows.
 */
import { openTimesVersion, type SlotRow } from '../marketplace/availability';
import type { FastifyInstance } from 'fastify';
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
  const rows = await app.database.query<{
    id: string;
    practice_id: string;
    practice_name: string;
    first_name: string;
    last_name: string;
    title: string;
    npi: string | null;
    licensed_states: string[];
    types: string[];
    video: boolean;
    other_practice_ids: string[];
  }>(
    `WITH places AS (
       SELECT provider_id, bool_or(availability_type = 'online') AS video,
              coalesce(array_agg(DISTINCT practice_id ORDER BY practice_id) FILTER (WHERE availability_type = 'in_person'), '{}') AS practice_ids
         FROM slots GROUP BY provider_id)
     SELECT p.id, p.practice_id, pr.name AS practice_name, p.first_name, p.last_name, p.title, p.npi, p.licensed_states,
            (SELECT coalesce(array_agg(f.value ORDER BY f.value), '{}') FROM filters f WHERE f.id = ANY (p.filter_ids) AND f.type = 'counseling_type') AS types,
            coalesce(pl.video, false) AS video,
            array_remove(coalesce(pl.practice_ids, '{}'), p.practice_id) AS other_practice_ids
       FROM providers p JOIN practices pr ON pr.id = p.practice_id LEFT JOIN places pl ON pl.provider_id = p.id
      WHERE p.removed_at IS NULL ORDER BY p.id`,
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
  const rows = await app.database.query<{
    id: string;
    name: string;
    address_line1: string;
    city: string;
    state: string;
    zipcode: string;
    latitude: number;
    longitude: number;
  }>(
    `SELECT pr.id, pr.name, pr.address_line1, pr.city, pr.state, pr.zipcode, pr.latitude, pr.longitude FROM practices pr
      WHERE EXISTS (SELECT 1 FROM providers p WHERE p.practice_id = pr.id AND p.removed_at IS NULL)
         OR EXISTS (SELECT 1 FROM slots s JOIN providers p ON p.id = s.provider_id
                     WHERE s.practice_id = pr.id AND s.availability_type = 'in_person' AND p.removed_at IS NULL)
      ORDER BY pr.id`,
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

interface OpenSlotRow extends SlotRow {
  offers_medication: boolean;
  accepting_new_patients: boolean;
  provider_practice_id: string;
  time_zone: string;
  types: string[];
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
  const [version, [claims]] = await Promise.all([
    openTimesVersion(app.database),
    app.database.query<{ live: string }>("SELECT count(*)::text AS live FROM slot_reservations WHERE kind = 'booking' OR expires_at > $1::timestamptz", [
      now.toISOString(),
    ]),
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
  const rows = await app.database.query<OpenSlotRow>(
    `WITH offered AS (
       SELECT p.id, p.offers_medication, p.accepting_new_patients, p.practice_id, p.time_zone,
              (SELECT coalesce(array_agg(f.value), '{}') FROM filters f WHERE f.id = ANY (p.filter_ids) AND f.type = 'counseling_type') AS types
         FROM providers p WHERE p.removed_at IS NULL)
     SELECT s.id, s.provider_id, s.practice_id, lower(s.during) AS start_at, upper(s.during) AS end_at, s.availability_type, s.is_medication,
            p.offers_medication, p.accepting_new_patients, p.practice_id AS provider_practice_id, p.time_zone, p.types
       FROM slots s JOIN offered p ON p.id = s.provider_id
      WHERE lower(s.during) > $1::timestamptz
        AND NOT EXISTS (SELECT 1 FROM slot_reservations r WHERE r.provider_id = s.provider_id AND r.during && s.during
                         AND (r.kind = 'booking' OR r.expires_at > $1::timestamptz))
      ORDER BY lower(s.during), s.id`,
    [now.toISOString()],
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
