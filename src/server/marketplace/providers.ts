/** Providers as stored and as the API shows them (product-spec §3 Provider, §2 friendly URLs). */
import type { Practice, Provider } from '@/generated/entities';
import type { CounselingSpecialty, ProviderSlugType, ProviderTitle } from '@/generated/enums';
import { constants } from '@/generated/constants';
import type { Queryable } from '../db/connection';
import type { FilterCatalogue } from './filters';

/** Columns of providers p joined with practices pr, as one SELECT list. */
export const PROVIDER_CARD_COLUMNS = `p.id, p.first_name, p.last_name, p.title, p.slug, p.about, p.about_locale, p.pay_individual::float8 AS pay_individual,
  p.pay_follow_up::float8 AS pay_follow_up, p.time_zone, p.licensed_states, p.specialties, p.filter_ids, p.offers_medication,
  pr.id AS practice_id, pr.name AS practice_name, pr.address_line1, pr.city, pr.state, pr.zipcode, pr.country, pr.google_place_id,
  pr.latitude, pr.longitude, pr.time_zone AS practice_time_zone`;

export interface ProviderCardRow {
  id: string;
  first_name: string;
  last_name: string;
  title: string;
  slug: string;
  about: string;
  about_locale: string;
  pay_individual: number;
  pay_follow_up: number | null;
  time_zone: string;
  licensed_states: string[];
  specialties: string[];
  filter_ids: number[];
  offers_medication: boolean;
  practice_id: string;
  practice_name: string;
  address_line1: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  google_place_id: string | null;
  latitude: number;
  longitude: number;
  practice_time_zone: string;
  distance_miles?: number | null;
  open_slots?: number | null;
  first_available?: Date | string | null;
}

/** Psychiatric prescribers are listed as psychiatrists, everyone else as therapists. */
export function slugTypeOf(offersMedication: boolean): ProviderSlugType {
  return offersMedication ? 'psychiatrist' : 'therapist';
}

export function providerSlugs(row: Pick<ProviderCardRow, 'slug' | 'licensed_states' | 'offers_medication'>): Provider['providerSlugs'] {
  const type = slugTypeOf(row.offers_medication);
  return row.licensed_states.map((s) => {
    const state = s.toLowerCase();
    return { type, state, slug: row.slug, path: `/${type}/${state}/${row.slug}` };
  });
}

export function practiceOf(row: ProviderCardRow): Practice {
  return {
    id: row.practice_id,
    name: row.practice_name,
    address: `${row.address_line1}, ${row.city}, ${row.state} ${row.zipcode}`,
    addressLine1: row.address_line1,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    country: row.country,
    googlePlaceId: row.google_place_id,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.practice_time_zone,
  };
}

/** What a search adds to a card: distance (to a tenth of a mile), open slots and the first of them. */
export function searchFigures(figures: { distanceMiles?: number | null; openSlots?: number | null; firstAvailable?: Date | string | null }): Partial<Provider> {
  const { distanceMiles: d, openSlots, firstAvailable: first } = figures;
  return {
    ...(d !== undefined ? { distanceMiles: d === null ? null : Math.round(d * 10) / 10 } : {}),
    ...(openSlots !== undefined && openSlots !== null ? { openSlotCount: Math.max(0, openSlots) } : {}),
    ...(first !== undefined ? { firstAvailableSlot: first === null ? null : new Date(first).toISOString() } : {}),
  };
}

export function providerOf(row: ProviderCardRow, filters: FilterCatalogue): Provider {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    title: row.title as ProviderTitle,
    filters: row.filter_ids.flatMap((id) => {
      const f = filters.byId.get(id);
      return f ? [{ id: f.id, type: f.type, value: f.value, description: f.description ?? null }] : [];
    }),
    practice: practiceOf(row),
    providerSlugs: providerSlugs(row),
    about: {
      text: row.about,
      locale: row.about_locale as Provider['about']['locale'],
      payrates: { individual: row.pay_individual, follow_up: row.pay_follow_up },
    },
    licensedStates: row.licensed_states,
    specialties: row.specialties as CounselingSpecialty[],
    timeZone: row.time_zone,
    ...searchFigures({ distanceMiles: row.distance_miles, openSlots: row.open_slots, firstAvailable: row.first_available }),
  };
}

/** A page (1-based) of the providers (not removed) by name, narrowed by what is given; each row carries the total. */
export async function providerCardsPage(
  db: Queryable,
  where: { practiceId?: string; stateCode?: string; specialty?: string; offersMedication?: boolean },
  page: number,
): Promise<(ProviderCardRow & { total: string })[]> {
  return db.query<ProviderCardRow & { total: string }>(
    `SELECT ${PROVIDER_CARD_COLUMNS}, count(*) OVER () AS total
       FROM providers p JOIN practices pr ON pr.id = p.practice_id
      WHERE p.removed_at IS NULL AND ($1::uuid IS NULL OR p.practice_id = $1::uuid) AND ($2::text IS NULL OR p.licensed_states @> ARRAY[$2::text])
        AND ($4::text IS NULL OR p.specialties @> ARRAY[$4::text]) AND ($5::boolean IS NULL OR p.offers_medication = $5::boolean)
      ORDER BY p.last_name, p.first_name, p.id
      LIMIT ${constants.pageSize} OFFSET $3`,
    [where.practiceId ?? null, where.stateCode ?? null, (page - 1) * constants.pageSize, where.specialty ?? null, where.offersMedication ?? null],
  );
}

/** A provider (removed or not: the profile says why) by id, by slug, or both. */
export async function providerProfileRow(db: Queryable, providerId: string | undefined, slug: string | undefined) {
  const [row] = await db.query<ProviderCardRow & { removed_reason: string | null }>(
    `SELECT ${PROVIDER_CARD_COLUMNS}, p.removed_reason
       FROM providers p JOIN practices pr ON pr.id = p.practice_id
      WHERE ($1::uuid IS NULL OR p.id = $1::uuid) AND ($2::text IS NULL OR p.slug = $2::text)`,
    [providerId ?? null, slug ?? null],
  );
  return row;
}

/** The filters some provider (not removed) licensed in the state has. */
export async function filterIdsUsedIn(db: Queryable, stateCode: string): Promise<{ id: number }[]> {
  return db.query<{ id: number }>('SELECT DISTINCT unnest(filter_ids) AS id FROM providers WHERE licensed_states @> ARRAY[$1::text] AND removed_at IS NULL', [
    stateCode,
  ]);
}
