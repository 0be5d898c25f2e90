/**
 * Provider search in memory: the rows of provider_search, per state, already in "most available"
 * order, filtered with bit masks, and the cards of providers it has shown. A search reads the
 * database only for cards it has not shown yet, so it stays fast under load (the SQL search of
 * search.ts gives the same answers, and serves until this is loaded). Reloaded whenever
 * provider_search changes (checked every few seconds), so every API process follows the refreshes
 * of any other; whatever changes a provider's card refreshes its provider_search rows.
 */
import { LRUCache } from 'lru-cache';
import type { Provider } from '@/generated/entities';
import type { FilterType } from '@/generated/enums';
import type { Database } from '../db/connection';
import { all, first, qb, sql } from '../db/typed';
import { availabilityTypeBit, searchColumns, timeOfDayBit } from './availability';
import type { FilterCatalogue } from './filters';
import { leastOpenSlots, type SearchCriteria } from './search';
import { constants } from '@/generated/constants';
import { activeLocale } from '@/domain/locale';

/** Radius of the earth the earthdistance extension uses, in meters, so distances agree with SQL. */
const EARTH_RADIUS_M = 6_378_168;
const METERS_PER_MILE = 1609.344;

interface Entry {
  providerId: string;
  openSlots: number;
  firstAvailable: number;
  firstAvailableAt: Date | null;
  timeOfDayMask: number;
  availabilityTypeMask: number;
  filterBits: Uint32Array;
  planIds: readonly number[];
  acceptsB2b: boolean;
  latitude: number;
  longitude: number;
}

export interface SearchHit {
  providerId: string;
  openSlots: number;
  firstAvailable: Date | null;
  distanceMiles: number | null;
}

function bitsOf(ids: readonly number[], words: number): Uint32Array {
  const bits = new Uint32Array(words);
  for (const id of ids) bits[id >>> 5]! |= 1 << (id & 31);
  return bits;
}

function overlaps(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i += 1) if ((a[i]! & b[i]!) !== 0) return true;
  return false;
}

/** Great-circle distance in miles, as earth_distance(ll_to_earth(...), ll_to_earth(...)) computes it. */
export function milesBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return (2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))) / METERS_PER_MILE;
}

/**
 * Indexes 0..count-1 of the first `limit` items in the order `before` defines: a bounded insertion
 * for the first pages (no sort of thousands of rows per search), a full sort beyond.
 */
function firstInOrder(count: number, limit: number, before: (a: number, b: number) => boolean): number[] {
  if (limit > 200) {
    return Array.from({ length: count }, (_, i) => i)
      .sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0))
      .slice(0, limit);
  }
  const top: number[] = [];
  for (let i = 0; i < count; i += 1) {
    if (top.length === limit && !before(i, top[top.length - 1]!)) continue;
    let at = top.length;
    while (at > 0 && before(i, top[at - 1]!)) at -= 1;
    top.splice(at, 0, i);
    if (top.length > limit) top.pop();
  }
  return top;
}

/** Provider cards kept with an index; a reload (provider_search changed) starts afresh. */
const CARD_CACHE_SIZE = 20_000;
/**
 * Serialized answers kept with an index, by the search asked (a page is ~30 kB of JSON, and writing
 * it is most of a search's cost): the popular searches (a state, its first pages) are answered
 * without searching or serializing again until provider_search changes.
 */
const RESPONSE_CACHE_BYTES = 48 * 1024 * 1024;

export class SearchIndex {
  private readonly cards = new Map<string, Provider>();
  private readonly responses = new LRUCache<string, Buffer>({ maxSize: RESPONSE_CACHE_BYTES, sizeCalculation: (body, key) => body.length + key.length });

  private constructor(
    private readonly byState: ReadonlyMap<string, readonly Entry[]>,
    private readonly words: number,
    /** the provider_search version it was loaded at */
    readonly version: string,
  ) {}

  /** What provider_search holds now, as a number that moves with every change (migration 0005). */
  static async version(db: Database): Promise<string> {
    const row = await first(db, qb.selectFrom('provider_search_version').select(sql<string>`version::text`.as('version')));
    return row?.version ?? '-';
  }

  static async load(db: Database): Promise<SearchIndex> {
    const version = await SearchIndex.version(db);
    const rows = await all(
      db,
      qb
        .selectFrom('provider_search')
        .select(searchColumns)
        .orderBy('state_code')
        .orderBy('open_slots', 'desc')
        .orderBy('first_available')
        .orderBy('provider_id'),
    );

    const maxFilterId = rows.reduce((m, r) => r.filter_ids.reduce((x, id) => Math.max(x, id), m), 0);
    const words = (maxFilterId >>> 5) + 1;
    const byState = new Map<string, Entry[]>();
    for (const r of rows) {
      const first = r.first_available === null ? null : new Date(r.first_available);
      const entry: Entry = {
        providerId: r.provider_id,
        openSlots: r.open_slots,
        firstAvailable: first ? first.getTime() : Number.POSITIVE_INFINITY,
        firstAvailableAt: first,
        timeOfDayMask: r.time_of_day_mask,
        availabilityTypeMask: r.availability_type_mask,
        filterBits: bitsOf(r.filter_ids, words),
        planIds: r.plan_ids,
        acceptsB2b: r.accepts_b2b,
        latitude: r.latitude,
        longitude: r.longitude,
      };
      const list = byState.get(r.state_code);
      if (list) list.push(entry);
      else byState.set(r.state_code, [entry]);
    }
    return new SearchIndex(byState, words, version);
  }

  /**
   * The cards of these providers (without the search's distance and availability), from memory
   * when this index has served them before, else read with `load` and kept.
   */
  async cardsOf(ids: readonly string[], load: (missing: string[]) => Promise<Provider[]>): Promise<Map<string, Provider>> {
    // A card names its filters in the request's language, so each language keeps its own copy of a card.
    const keyOf = (id: string) => `${activeLocale()}\u0000${id}`;
    const missing = ids.filter((id) => !this.cards.has(keyOf(id)));
    if (missing.length) {
      if (this.cards.size + missing.length > CARD_CACHE_SIZE) this.cards.clear();
      for (const card of await load(missing)) this.cards.set(keyOf(card.id), card);
    }
    return new Map(ids.flatMap((id) => (this.cards.has(keyOf(id)) ? [[id, this.cards.get(keyOf(id))!] as const] : [])));
  }

  /**
   * The serialized answer to a search: kept from an earlier identical search of this index, else
   * made by `answer` and kept. Everything in an answer comes from this index and its cards, so it
   * stays right for as long as the index does.
   */
  async response(searchKey: string, answer: () => Promise<string>): Promise<Buffer> {
    const kept = this.responses.get(searchKey);
    if (kept !== undefined) return kept;
    // Kept as UTF-8 bytes: sent as they are, not encoded again per request.
    const body = Buffer.from(await answer());
    this.responses.set(searchKey, body);
    return body;
  }

  /** The page of hits and the total, in the order and with the filters of SearchCriteria (see search.ts). */
  find(c: SearchCriteria, catalogue: FilterCatalogue): { hits: SearchHit[]; total: number } {
    const groups: Uint32Array[] = [];
    for (const [type, values] of Object.entries(c.filters) as [FilterType, readonly string[]][]) {
      if (!values.length) continue;
      const ids = values.map((v) => catalogue.idOf(type, v)).filter((id): id is number => id !== undefined && id >>> 5 < this.words);
      if (!ids.length) return { hits: [], total: 0 };
      groups.push(bitsOf(ids, this.words));
    }
    const timeMask = c.timesOfDay.reduce((m, t) => m | timeOfDayBit(t), 0);
    const typeMask = c.availabilityTypes.reduce((m, t) => m | availabilityTypeBit(t), 0);
    // No ghosts: a provider without an open time in the search window is not listed (leastOpenSlots, search.ts).
    const leastOpen = leastOpenSlots(c);
    const matches = (e: Entry) =>
      e.openSlots >= leastOpen &&
      (timeMask === 0 || (e.timeOfDayMask & timeMask) !== 0) &&
      (typeMask === 0 || (e.availabilityTypeMask & typeMask) !== 0) &&
      (c.planId === undefined || e.planIds.includes(c.planId)) &&
      (!c.b2bClient || e.acceptsB2b) &&
      groups.every((g) => overlaps(e.filterBits, g));

    const entries = this.byState.get(c.stateCode) ?? [];
    const from = (c.page - 1) * constants.pageSize;
    const to = from + constants.pageSize;
    const point = c.point;
    const distanceOf = (e: Entry) => (point ? milesBetween(e.latitude, e.longitude, point.latitude, point.longitude) : null);
    const hit = (e: Entry, distance = distanceOf(e)): SearchHit => ({
      providerId: e.providerId,
      openSlots: e.openSlots - c.reserve,
      firstAvailable: e.firstAvailableAt,
      distanceMiles: distance,
    });

    if (c.orderBy === 'distance' && point) {
      const matched: Entry[] = [];
      for (const e of entries) if (matches(e)) matched.push(e);
      const distances = new Float64Array(matched.length);
      matched.forEach((e, i) => (distances[i] = distanceOf(e)!));
      const before = (a: number, b: number) =>
        distances[a]! < distances[b]! || (distances[a] === distances[b] && matched[a]!.providerId < matched[b]!.providerId);
      return {
        hits: firstInOrder(matched.length, to, before)
          .slice(from)
          .map((i) => hit(matched[i]!, distances[i]!)),
        total: matched.length,
      };
    }
    if (!groups.length && timeMask === 0 && typeMask === 0 && c.planId === undefined && !c.b2bClient && leastOpen === Number.NEGATIVE_INFINITY) {
      return { hits: entries.slice(from, to).map((e) => hit(e)), total: entries.length };
    }
    // Entries are kept in "most available" order: the page is the matches from `from` to `to`.
    const hits: SearchHit[] = [];
    let total = 0;
    for (const e of entries) {
      if (!matches(e)) continue;
      if (total >= from && total < to) hits.push(hit(e));
      total += 1;
    }
    return { hits, total };
  }
}
