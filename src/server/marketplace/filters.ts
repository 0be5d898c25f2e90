/**
 * The filter catalogue (product-spec §3 Filter), kept in memory for a minute: search resolves
 * filter values to ids and provider cards name their filters without another query.
 */
import type { Filter } from '@/generated/entities';
import type { FilterType } from '@/generated/enums';
import type { Database } from '../db/connection';

const TTL_MS = 60_000;

export interface FilterCatalogue {
  all: Filter[];
  byId: Map<number, Filter>;
  /** "type\u0000value" to id */
  idOf(type: FilterType, value: string): number | undefined;
}

const cache = new WeakMap<Database, { at: number; catalogue: Promise<FilterCatalogue> }>();

async function load(db: Database): Promise<FilterCatalogue> {
  const rows = await db.query<{
    id: number;
    type: FilterType;
    value: string;
    description: string | null;
    display_value: string;
    priority: number;
    mapping_value: string | null;
  }>('SELECT id, type, value, description, display_value, priority, mapping_value FROM filters ORDER BY type, priority, display_value');
  const all: Filter[] = rows.map((r) => ({
    id: r.id,
    type: r.type,
    value: r.value,
    description: r.description,
    displayValue: r.display_value,
    priority: r.priority,
    mappingValue: r.mapping_value,
  }));
  const byKey = new Map(all.map((f) => [`${f.type}\u0000${f.value.toLowerCase()}`, f.id]));
  return { all, byId: new Map(all.map((f) => [f.id, f])), idOf: (type, value) => byKey.get(`${type}\u0000${value.toLowerCase()}`) };
}

export function filterCatalogue(db: Database, now = Date.now()): Promise<FilterCatalogue> {
  const hit = cache.get(db);
  if (hit && now - hit.at < TTL_MS) return hit.catalogue;
  const catalogue = load(db);
  cache.set(db, { at: now, catalogue });
  catalogue.catch(() => cache.delete(db));
  return catalogue;
}
