/**
 * Open times published for other services (issue 21 item 3): SMART Scheduling Links bulk publication.
 * Every file is generated from the database when it is asked for, so it is always current: Location (a
 * practice), Schedule (a provider at a practice, whose actor is that Location) and Slot (an open time anyone
 * could book now: the slot rules of src/domain/slots.ts applied, no live hold or booking on its time). Each
 * slot carries the booking-deep-link extension, the address of our booking with that time.
 */
import type { SlotRow } from '../marketplace/availability';
import type { FastifyInstance } from 'fastify';
import { enums } from '@/generated/enums';
import { routeById } from '@/generated/routes';
import { earliestSearchStart, isMedicationSlotTooSoon } from '@/domain/slots';
import { bookingPathOf } from '@/domain/waitlist';
import { enumLabel } from '@/domain/labels';
import { DEFAULT_LOCALE } from '@/domain/locale';
import { siteUrl } from '../site-url';

export const BOOKING_DEEP_LINK = 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link';
export const VIRTUAL_SERVICE = 'http://fhir-registry.smarthealthit.org/StructureDefinition/virtual-service';
/** Our own code system for the services a schedule offers (the counseling types of specs/enums). */
export const SERVICE_SYSTEM_PATH = '/api/open-times/counseling-type';
export const NDJSON = 'application/fhir+ndjson';

export const publishedFiles = [
  { type: 'Location', path: '/api/open-times/locations.ndjson' },
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

/** Practices with at least one provider taking bookings. */
export async function locations(app: FastifyInstance): Promise<object[]> {
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
      WHERE EXISTS (SELECT 1 FROM providers p WHERE p.practice_id = pr.id AND p.removed_at IS NULL) ORDER BY pr.id`,
  );
  return rows.map((r) => ({
    resourceType: 'Location',
    id: r.id,
    name: r.name,
    telecom: [{ system: 'url', value: app.publicUrl }],
    address: { line: [r.address_line1], city: r.city, state: r.state.trim(), postalCode: r.zipcode.trim() },
    position: { latitude: r.latitude, longitude: r.longitude },
  }));
}

/** One schedule per provider (at their practice), offering the provider's services. */
export async function schedules(app: FastifyInstance): Promise<object[]> {
  const rows = await app.database.query<{
    id: string;
    practice_id: string;
    first_name: string;
    last_name: string;
    title: string;
    types: string[];
    modes: string[];
  }>(
    `WITH modes AS (SELECT provider_id, array_agg(DISTINCT availability_type) AS modes FROM slots GROUP BY provider_id)
     SELECT p.id, p.practice_id, p.first_name, p.last_name, p.title,
            (SELECT coalesce(array_agg(f.value ORDER BY f.value), '{}') FROM filters f WHERE f.id = ANY (p.filter_ids) AND f.type = 'counseling_type') AS types,
            coalesce(m.modes, '{}') AS modes
       FROM providers p LEFT JOIN modes m ON m.provider_id = p.id WHERE p.removed_at IS NULL ORDER BY p.id`,
  );
  const system = `${app.publicUrl}${SERVICE_SYSTEM_PATH}`;
  return rows.map((r) => ({
    resourceType: 'Schedule',
    id: r.id,
    serviceType: r.types.map((t) => ({ coding: [{ system, code: t, display: enumLabel(enums.counselingType.labels, t) }] })),
    actor: [{ reference: `Location/${r.practice_id}`, display: `${r.first_name} ${r.last_name}, ${r.title}` }],
    ...(r.modes.includes('online') ? { extension: [{ url: VIRTUAL_SERVICE, extension: [{ url: 'virtualService', valueBoolean: true }] }] } : {}),
  }));
}

interface OpenSlotRow extends SlotRow {
  offers_medication: boolean;
  time_zone: string;
  types: string[];
}

/**
 * The Slot file is the large one (every open time of every provider): the last one built is answered again
 * while nothing it depends on changed - the same minute (the slot rules read the clock), the same availability
 * (refreshed with every change of a provider's slots) and the same live holds and bookings - so aggregators polling it cost one small query each.
 */
const lastSlots = new WeakMap<FastifyInstance, { key: string; body: string }>();

export async function slotsNdjson(app: FastifyInstance): Promise<string> {
  const now = app.clock.now();
  const [state] = await app.database.query<{ slots: string; claims: string }>(
    `SELECT (SELECT count(*) || ':' || coalesce(max(refreshed_at)::text, '') FROM provider_search) || ':' || (SELECT count(*) FROM slots) AS slots,
            (SELECT count(*) || ':' || coalesce(md5(string_agg(id::text || kind, ',' ORDER BY id)), '') FROM slot_reservations
              WHERE kind = 'booking' OR expires_at > $1::timestamptz) AS claims`,
    [now.toISOString()],
  );
  const key = `${Math.floor(now.getTime() / 60_000)}|${state?.slots}|${state?.claims}`;
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
       SELECT p.id, p.offers_medication, p.time_zone,
              (SELECT coalesce(array_agg(f.value), '{}') FROM filters f WHERE f.id = ANY (p.filter_ids) AND f.type = 'counseling_type') AS types
         FROM providers p WHERE p.removed_at IS NULL)
     SELECT s.id, s.provider_id, s.practice_id, lower(s.during) AS start_at, upper(s.during) AS end_at, s.availability_type, s.is_medication,
            p.offers_medication, p.time_zone, p.types
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
    .map((r) => ({
      resourceType: 'Slot',
      id: r.id,
      schedule: { reference: `Schedule/${r.provider_id}` },
      status: 'free',
      start: r.start_at.toISOString(),
      end: r.end_at.toISOString(),
      extension: [
        {
          url: BOOKING_DEEP_LINK,
          // For whoever finds the time on another site: the default language's page (a first visit from a browser of another language is sent on to it).
          valueUrl: siteUrl(
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
        },
      ],
    }));
}

export function ndjson(resources: readonly object[]): string {
  return resources.map((r) => JSON.stringify(r)).join('\n') + (resources.length ? '\n' : '');
}
