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
import { PROVIDER_CARD_COLUMNS, providerOf, searchFigures, type ProviderCardRow } from './providers';
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
 * One statement: the page (from provider_search, by its btree index for "most available" or its GiST
 * index for the nearest), the total (an index scan of the state's rows), and the page's providers.
 */
export interface SearchQuery {
  sql: string;
  params: unknown[];
  /** the total alone, over the first countParams parameters (for pages past the last) */
  countSql: string;
  countParams: number;
  /** a filter value no provider can have was asked for */
  impossible: boolean;
}

/**
 * The fewest open slots a listed provider has: at least one unreserved open time inside the search window, so
 * nobody is listed who cannot be booked (no ghosts: "Next available" on every card is a time one can book);
 * more when the request asks for a number of open intakes, plus any intake supply reserved for partners' members.
 */
export function leastOpenSlots(c: Pick<SearchCriteria, 'reserve' | 'minOpenSlots'>): number {
  return c.reserve + Math.max(1, c.minOpenSlots);
}

export function buildSearchQuery(c: SearchCriteria, catalogue: FilterCatalogue): SearchQuery {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [`s.state_code = ${p(c.stateCode)}::text`];
  let impossible = false;
  for (const [type, values] of Object.entries(c.filters) as [FilterType, readonly string[]][]) {
    if (!values.length) continue;
    const ids = values.map((v) => catalogue.idOf(type, v)).filter((id): id is number => id !== undefined);
    if (!ids.length) impossible = true;
    where.push(`s.filter_ids && ${p(ids)}::int[]`);
  }
  if (c.timesOfDay.length) where.push(`(s.time_of_day_mask & ${p(c.timesOfDay.reduce((m, t) => m | timeOfDayBit(t), 0))}::int) <> 0`);
  if (c.availabilityTypes.length)
    where.push(`(s.availability_type_mask & ${p(c.availabilityTypes.reduce((m, t) => m | availabilityTypeBit(t), 0))}::int) <> 0`);
  if (c.planId !== undefined) where.push(`s.plan_ids @> ARRAY[${p(c.planId)}::int]`);
  if (c.b2bClient) where.push('s.accepts_b2b');
  // Written as a bound on open_slots alone, so the index can use it.
  where.push(`s.open_slots >= ${p(leastOpenSlots(c))}::int`);
  const filtered = `FROM provider_search s WHERE ${where.join(' AND ')}`;
  const countSql = `SELECT count(*)::int AS n ${filtered}`;
  const countParams = params.length;

  const point = c.point ? `ll_to_earth(${p(c.point.latitude)}::float8, ${p(c.point.longitude)}::float8)` : undefined;
  const byDistance = c.orderBy === 'distance' && point !== undefined;
  const reserve = p(c.reserve);
  const sql = `WITH page AS (
      SELECT s.provider_id, s.open_slots, s.first_available${byDistance ? `, earth_distance(ll_to_earth(s.latitude, s.longitude), ${point}) AS nearness` : ''}
        ${filtered}
       ORDER BY ${byDistance ? 'nearness, s.provider_id' : 's.open_slots DESC, s.first_available, s.provider_id'}
       LIMIT ${constants.pageSize} OFFSET ${p((c.page - 1) * constants.pageSize)}
    )
    SELECT ${PROVIDER_CARD_COLUMNS},
           ${point ? `earth_distance(ll_to_earth(pr.latitude, pr.longitude), ${point}) / ${METERS_PER_MILE}` : 'NULL::float8'} AS distance_miles,
           page.open_slots - ${reserve}::int AS open_slots, page.first_available,
           (SELECT count(*) ${filtered}) AS total
      FROM page
      JOIN providers p ON p.id = page.provider_id
      JOIN practices pr ON pr.id = p.practice_id
     ORDER BY ${byDistance ? 'page.nearness, page.provider_id' : 'page.open_slots DESC, page.first_available, page.provider_id'}`;
  return { sql, params, countSql, countParams, impossible };
}

/** The search in SQL: what the in-memory index answers too, used until that index is loaded. */
export async function searchProvidersInDatabase(db: Database, criteria: SearchCriteria, catalogue: FilterCatalogue): Promise<SearchResult> {
  const { sql, params, countSql, countParams, impossible } = buildSearchQuery(criteria, catalogue);
  if (impossible) return { items: [], total: 0 };
  const rows = await db.query<ProviderCardRow & { total: string | number }>(sql, params);
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && criteria.page > 1) {
    // Past the last page there is no row to carry the total; count on its own.
    const [counted] = await db.query<{ n: number }>(countSql, params.slice(0, countParams));
    total = counted?.n ?? 0;
  }
  return { items: rows.map((r) => providerOf(r, catalogue)), total };
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
      const rows = await db.query<ProviderCardRow>(
        `SELECT ${PROVIDER_CARD_COLUMNS} FROM providers p JOIN practices pr ON pr.id = p.practice_id WHERE p.id = ANY($1::uuid[])`,
        [ids],
      );
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
