/** Providers as stored and as the API shows them (product-spec §3 Provider, §2 friendly URLs). */
import type { Practice, Provider } from '@/generated/entities';
import type { CounselingSpecialty, ProviderSlugType, ProviderTitle } from '@/generated/enums';
import { constants } from '@/generated/constants';
import type { Queryable } from '../db/connection';
import { all, first, qb, sql, type RowOf } from '../db/typed';
import type { FilterCatalogue } from './filters';

/** What a provider's card shows: columns of providers p joined with practices pr, as one select list. */
export const PROVIDER_CARD = [
  'p.id',
  'p.first_name',
  'p.last_name',
  'p.title',
  'p.slug',
  'p.about',
  'p.about_locale',
  sql<number>`p.pay_individual::float8`.as('pay_individual'),
  sql<number | null>`p.pay_follow_up::float8`.as('pay_follow_up'),
  'p.time_zone',
  'p.licensed_states',
  'p.specialties',
  'p.filter_ids',
  'p.offers_medication',
  'pr.id as practice_id',
  'pr.name as practice_name',
  'pr.address_line1',
  'pr.city',
  'pr.state',
  'pr.zipcode',
  'pr.country',
  'pr.google_place_id',
  'pr.latitude',
  'pr.longitude',
  'pr.time_zone as practice_time_zone',
] as const;

/** Providers p with their practice pr, as cards. */
export const providerCards = () => qb.selectFrom('providers as p').innerJoin('practices as pr', 'pr.id', 'p.practice_id').select(PROVIDER_CARD);

export type ProviderCardRow = RowOf<ReturnType<typeof providerCards>>;

/** Psychiatric prescribers are listed as psychiatrists, everyone else as therapists. */
export function slugTypeOf(offersMedication: boolean): ProviderSlugType {
  return offersMedication ? 'psychiatrist' : 'therapist';
}

export function providerSlugs(row: { slug: string; licensed_states: string[]; offers_medication: boolean }): Provider['providerSlugs'] {
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
  };
}

/** A page (1-based) of the providers (not removed) by name, narrowed by what is given; each row carries the total. */
export async function providerCardsPage(
  db: Queryable,
  where: { practiceId?: string; stateCode?: string; specialty?: string; offersMedication?: boolean },
  page: number,
) {
  return all(
    db,
    providerCards()
      .select(sql<string>`count(*) OVER ()`.as('total'))
      .where('p.removed_at', 'is', null)
      .$if(where.practiceId !== undefined, (q) => q.where('p.practice_id', '=', where.practiceId!))
      .$if(where.stateCode !== undefined, (q) => q.where(sql<boolean>`p.licensed_states @> ARRAY[${where.stateCode}::text]`))
      .$if(where.specialty !== undefined, (q) => q.where(sql<boolean>`p.specialties @> ARRAY[${where.specialty}::text]`))
      .$if(where.offersMedication !== undefined, (q) => q.where('p.offers_medication', '=', where.offersMedication!))
      .orderBy('p.last_name')
      .orderBy('p.first_name')
      .orderBy('p.id')
      .limit(constants.pageSize)
      .offset((page - 1) * constants.pageSize),
  );
}

/** A provider (removed or not: the profile says why) by id, by slug, or both. */
export async function providerProfileRow(db: Queryable, providerId: string | undefined, slug: string | undefined) {
  return first(
    db,
    providerCards()
      .select('p.removed_reason')
      .$if(providerId !== undefined, (q) => q.where('p.id', '=', providerId!))
      .$if(slug !== undefined, (q) => q.where('p.slug', '=', slug!)),
  );
}

/** The filters some provider (not removed) licensed in the state has. */
export async function filterIdsUsedIn(db: Queryable, stateCode: string) {
  return all(
    db,
    qb
      .selectFrom('providers')
      .select(sql<number>`unnest(filter_ids)`.as('id'))
      .distinct()
      .where(sql<boolean>`licensed_states @> ARRAY[${stateCode}::text]`)
      .where('removed_at', 'is', null),
  );
}
