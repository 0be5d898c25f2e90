/**
 * Provider search (GET /providers/search): licensed in the visitor's state, every filter type of
 * product-spec §3, ordered by distance or by most open slots, pageSize per page, with the intake
 * supply reserve described in specs/api/providers.yaml. One query finds the page and its total.
 */
import { constants } from '../../generated/constants';
import type { Provider, SearchProvidersQuery } from '../../generated/entities';
import type { FilterType, SortOption } from '../../generated/enums';
import type { Database } from '../db/connection';
import { availabilityTypeBit, timeOfDayBit } from './availability';
import type { FilterCatalogue } from './filters';
import { PROVIDER_CARD_COLUMNS, providerOf, type ProviderCardRow } from './providers';

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
const FILTER_PARAMS = ['area_of_concern', 'language', 'counseling_approach', 'client_age_group', 'gender', 'insurance_id', 'counseling_type', 'tag'] as const satisfies readonly FilterType[];

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

export function buildSearchQuery(c: SearchCriteria, catalogue: FilterCatalogue): { sql: string; params: unknown[]; impossible: boolean } {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [`p.licensed_states @> ARRAY[${p(c.stateCode)}::text]`, 'p.removed_at IS NULL'];
  let impossible = false;
  for (const [type, values] of Object.entries(c.filters) as [FilterType, readonly string[]][]) {
    if (!values.length) continue;
    const ids = values.map((v) => catalogue.idOf(type, v)).filter((id): id is number => id !== undefined);
    if (!ids.length) impossible = true;
    where.push(`p.filter_ids && ${p(ids)}::int[]`);
  }
  if (c.timesOfDay.length) where.push(`(a.time_of_day_mask & ${p(c.timesOfDay.reduce((m, t) => m | timeOfDayBit(t), 0))}::int) <> 0`);
  if (c.availabilityTypes.length) where.push(`(a.availability_type_mask & ${p(c.availabilityTypes.reduce((m, t) => m | availabilityTypeBit(t), 0))}::int) <> 0`);
  if (c.planId !== undefined) where.push(`p.plan_ids @> ARRAY[${p(c.planId)}::int]`);
  if (c.b2bClient) where.push('p.accepts_b2b');
  const reserve = p(c.reserve);
  if (c.reserve > 0 || c.minOpenSlots > 0) where.push(`a.open_slots - ${reserve}::int >= ${p(Math.max(1, c.minOpenSlots))}::int`);

  const distance = c.point
    ? `earth_distance(ll_to_earth(pr.latitude, pr.longitude), ll_to_earth(${p(c.point.latitude)}::float8, ${p(c.point.longitude)}::float8)) / ${METERS_PER_MILE}`
    : 'NULL::float8';
  const order = c.orderBy === 'distance' && c.point
    ? 'distance_miles, a.open_slots DESC, p.id'
    : 'a.open_slots DESC, a.first_available NULLS LAST, p.id';
  const sql = `SELECT ${PROVIDER_CARD_COLUMNS}, ${distance} AS distance_miles, a.open_slots - ${reserve}::int AS open_slots, a.first_available,
                      count(*) OVER () AS total
                 FROM providers p
                 JOIN practices pr ON pr.id = p.practice_id
                 JOIN provider_availability a ON a.provider_id = p.id
                WHERE ${where.join(' AND ')}
                ORDER BY ${order}
                LIMIT ${constants.pageSize} OFFSET ${p((c.page - 1) * constants.pageSize)}`;
  return { sql, params, impossible };
}

export async function searchProviders(db: Database, criteria: SearchCriteria, catalogue: FilterCatalogue): Promise<SearchResult> {
  const { sql, params, impossible } = buildSearchQuery(criteria, catalogue);
  if (impossible) return { items: [], total: 0 };
  const rows = await db.query<ProviderCardRow & { total: string | number }>(sql, params);
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && criteria.page > 1) {
    // Past the last page the window count is not there; count on its own.
    const counted = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql.replace(/ORDER BY[\s\S]*$/, '')}) x`, params.slice(0, -1));
    total = counted[0]?.n ?? 0;
  }
  return { items: rows.map((r) => providerOf(r, catalogue)), total };
}
