/**
 * Provider search (GET /providers/search): licensed in the visitor's state, every filter type of
 * product-spec §3, ordered by distance or by most open slots, pageSize per page, with the intake
 * supply reserve described in specs/api/providers.yaml. Answered from the in-memory index
 * (search-index.ts) when loaded, else by one SQL statement that finds the page and its total.
 */
import { constants } from '@/generated/constants';
import type { Provider, SearchProvidersQuery } from '@/generated/entities';
import type { FilterType, SortOption } from '@/generated/enums';
import type { Database } from '../db/connection';
import { availabilityTypeBit, timeOfDayBit } from './availability';
import type { FilterCatalogue } from './filters';
import { all, first, qb, sql } from '../db/typed';
import { PROVIDER_CARD, providerCards, providerOf, searchFigures } from './providers';
import type { SearchIndex } from './search-index';

export interface SearchCriteria {
  stateCode: string;
  point?: { latitude: number; longitude: number };
  /** filter type to values: any value of a type matches, every type must match */
  filters: Partial<Record<FilterType, readonly string[]>>;
  availabilityTypes: readonly ('online' | 'in_person')[];
  timesOfDay: readonly ('early_morning' | 'morning' | 'afternoon' | 'evening')[];
  planId?: number;
  b2bClient?: boolean;
  orderBy: SortOption;
  page: number;
  /** open intake slots kept back from this search (0: none) */
  reserve: number;
  /** least unreserved open slots a provider needs */
  minOpenSlots: number;
}

export interface SearchResult {
  items: Provider[];
  total: number;
}

const METERS_PER_MILE = 1609.344;

/** The cards of these providers (the in-memory search reads only the page's): one statement, the same text every time. */
export const providerCardsOf = (ids: readonly string[]) => providerCards().where('p.id', '=', sql<string>`ANY(${ids}::uuid[])`);

/** Query parameters that name provider filters, by filter type. */
const FILTER_PARAMS = [
  'area_of_concern',
  'language',
  'counseling_approach',
  'client_age_group',
  'gender',
  'insurance_id',
  'counseling_type',
  'tag',
] as const satisfies readonly FilterType[];

/** The search a request asks for, once its point and intake reserve are known. */
export function criteriaFromQuery(q: SearchProvidersQuery, point: SearchCriteria['point'], reserve: number): SearchCriteria {
  return {
    stateCode: q.state_code,
    point,
    filters: Object.fromEntries(FILTER_PARAMS.map((k) => [k, q[k] ?? []])),
    availabilityTypes: q.availability_type ?? [],
    timesOfDay: q.time_of_day ?? [],
    planId: q.insurance,
    b2bClient: q.b2b_client,
    orderBy: q.orderBy ?? (point ? 'distance' : 'most_available'),
    page: q.page ?? 1,
    reserve,
    minOpenSlots: q.total_available_intakes ?? 0,
  };
}

/**
 * The fewest open slots a listed provider has: at least one unreserved open time inside the search window, so
 * nobody is listed who cannot be booked (no ghosts: "Next available" on every card is a time one can book);
 * more when the request asks for a number of open intakes, plus any intake supply reserved for partners' members.
 */
export function leastOpenSlots(c: Pick<SearchCriteria, 'reserve' | 'minOpenSlots'>): number {
  return c.reserve + Math.max(1, c.minOpenSlots);
}

/** provider_search rows the criteria match (filter ids resolved with the catalogue); null when a filter value no provider can have was asked for. */
function matchingRows(c: SearchCriteria, catalogue: FilterCatalogue) {
  let query = qb.selectFrom('provider_search as s').where('s.state_code', '=', c.stateCode);
  for (const [type, values] of Object.entries(c.filters) as [FilterType, readonly string[]][]) {
    if (!values.length) continue;
    const ids = values.map((v) => catalogue.idOf(type, v)).filter((id): id is number => id !== undefined);
    if (!ids.length) return null;
    query = query.where(sql<boolean>`s.filter_ids && ${ids}::int[]`);
  }
  if (c.timesOfDay.length) query = query.where(sql<boolean>`(s.time_of_day_mask & ${c.timesOfDay.reduce((m, t) => m | timeOfDayBit(t), 0)}::int) <> 0`);
  if (c.availabilityTypes.length)
    query = query.where(sql<boolean>`(s.availability_type_mask & ${c.availabilityTypes.reduce((m, t) => m | availabilityTypeBit(t), 0)}::int) <> 0`);
  if (c.planId !== undefined) query = query.where(sql<boolean>`s.plan_ids @> ARRAY[${c.planId}::int]`);
  if (c.b2bClient) query = query.where('s.accepts_b2b', '=', true);
  // Written as a bound on open_slots alone, so the index can use it.
  return query.where('s.open_slots', '>=', sql<number>`${leastOpenSlots(c)}::int`);
}

/**
 * The search in SQL: `page`, one statement that finds the page (from provider_search, by its btree index for "most
 * available" or its GiST index for the nearest), the total (an index scan of the state's rows) and the page's
 * providers; `count`, the total alone (for pages past the last). Null when a filter value no provider can have was asked for.
 */
export function buildSearchQuery(c: SearchCriteria, catalogue: FilterCatalogue) {
  const matching = matchingRows(c, catalogue);
  if (!matching) return null;
  const point = c.point ? sql<unknown>`ll_to_earth(${c.point.latitude}::float8, ${c.point.longitude}::float8)` : undefined;
  const byDistance = c.orderBy === 'distance' && point !== undefined;
  const page = qb
    .with('page', () => {
      const rows = matching
        .select(['s.provider_id', 's.open_slots', 's.first_available'])
        .select(sql<number>`${byDistance ? sql`earth_distance(ll_to_earth(s.latitude, s.longitude), ${point})` : sql`NULL::float8`}`.as('nearness'));
      return (
        byDistance
          ? rows.orderBy('nearness').orderBy('s.provider_id')
          : rows.orderBy('s.open_slots', 'desc').orderBy('s.first_available').orderBy('s.provider_id')
      )
        .limit(constants.pageSize)
        .offset((c.page - 1) * constants.pageSize);
    })
    .selectFrom('page')
    .innerJoin('providers as p', 'p.id', 'page.provider_id')
    .innerJoin('practices as pr', 'pr.id', 'p.practice_id')
    .select(PROVIDER_CARD)
    .select([
      sql<number | null>`${point ? sql`earth_distance(ll_to_earth(pr.latitude, pr.longitude), ${point}) / ${sql.lit(METERS_PER_MILE)}` : sql`NULL::float8`}`.as(
        'distance_miles',
      ),
      sql<number>`page.open_slots - ${c.reserve}::int`.as('open_slots'),
      'page.first_available',
      matching
        .select(sql<string>`count(*)`.as('n'))
        .$asScalar()
        .as('total'),
    ]);
  return {
    page: byDistance
      ? page.orderBy('page.nearness').orderBy('page.provider_id')
      : page.orderBy('page.open_slots', 'desc').orderBy('page.first_available').orderBy('page.provider_id'),
    count: matching.select(sql<number>`count(*)::int`.as('n')),
  };
}

/** The search in SQL: what the in-memory index answers too, used until that index is loaded. */
export async function searchProvidersInDatabase(db: Database, criteria: SearchCriteria, catalogue: FilterCatalogue): Promise<SearchResult> {
  const search = buildSearchQuery(criteria, catalogue);
  if (!search) return { items: [], total: 0 };
  const rows = await all(db, search.page);
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && criteria.page > 1) {
    // Past the last page there is no row to carry the total; count on its own.
    const counted = await first(db, search.count);
    total = counted?.n ?? 0;
  }
  return {
    items: rows.map((r) => ({
      ...providerOf(r, catalogue),
      ...searchFigures({ distanceMiles: r.distance_miles, openSlots: r.open_slots, firstAvailable: r.first_available }),
    })),
    total,
  };
}

/** Search with the in-memory index when it is loaded (reading only the page's providers), else in SQL. */
export async function searchProviders(
  db: Database,
  criteria: SearchCriteria,
  catalogue: FilterCatalogue,
  index: SearchIndex | undefined,
): Promise<SearchResult> {
  if (!index) return searchProvidersInDatabase(db, criteria, catalogue);
  const { hits, total } = index.find(criteria, catalogue);
  if (!hits.length) return { items: [], total };
  const cards = await index.cardsOf(
    hits.map((h) => h.providerId),
    async (ids) => {
      const rows = await all(db, providerCardsOf(ids));
      return rows.map((r) => providerOf(r, catalogue));
    },
  );
  const items = hits.flatMap((h): Provider[] => {
    const card = cards.get(h.providerId);
    if (!card) return [];
    return [{ ...card, ...searchFigures({ distanceMiles: h.distanceMiles, openSlots: h.openSlots, firstAvailable: h.firstAvailable }) }];
  });
  return { items, total };
}
