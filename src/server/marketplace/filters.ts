/**
 * The filter catalogue (product-spec §3 Filter), kept in memory for a minute: search resolves
 * filter values to ids and provider cards name their filters without another query. Each filter's words come in
 * the request's language (filters.translations).
 */
import type { Filter } from '@/generated/entities';
import type { FilterType } from '@/generated/enums';
import type { Database } from '../db/connection';
import { all, qb } from '../db/typed';
import { activeLocale, type Locale } from '@/domain/locale';

const TTL_MS = 60_000;

export interface FilterCatalogue {
  all: Filter[];
  byId: Map<number, Filter>;
  /** "type\u0000value" to id */
  idOf(type: FilterType, value: string): number | undefined;
}

type FilterWords = { displayValue?: string; description?: string };

/** The catalogue as stored: each filter with its words in the other languages. */
interface StoredCatalogue {
  all: Filter[];
  translations: Map<number, Record<string, FilterWords>>;
  byLocale: Map<Locale, FilterCatalogue>;
}

const cache = new WeakMap<Database, { at: number; catalogue: Promise<StoredCatalogue> }>();

async function load(db: Database): Promise<StoredCatalogue> {
  const rows = await all(
    db,
    qb
      .selectFrom('filters')
      .select(['id', 'type', 'value', 'description', 'display_value', 'priority', 'mapping_value', 'translations'])
      .orderBy('type')
      .orderBy('priority')
      .orderBy('display_value'),
  );
  const filters: Filter[] = rows.map((r) => ({
    id: r.id,
    type: r.type as FilterType,
    value: r.value,
    description: r.description,
    displayValue: r.display_value,
    priority: r.priority,
    mappingValue: r.mapping_value,
  }));
  const translations = new Map(
    rows.map((r) => [r.id, (typeof r.translations === 'string' ? JSON.parse(r.translations) : (r.translations ?? {})) as Record<string, FilterWords>]),
  );
  return { all: filters, translations, byLocale: new Map() };
}

/** The catalogue with each filter's words in a language (the default language's where it has none). */
function inLocale(stored: StoredCatalogue, locale: Locale): FilterCatalogue {
  let catalogue = stored.byLocale.get(locale);
  if (catalogue) return catalogue;
  const all = stored.all.map((f) => {
    const words = stored.translations.get(f.id)?.[locale];
    return words ? { ...f, displayValue: words.displayValue ?? f.displayValue, description: words.description ?? f.description } : f;
  });
  // Search resolves a filter by its value, which is the same in every language.
  const byKey = new Map(all.map((f) => [`${f.type}\u0000${f.value.toLowerCase()}`, f.id]));
  catalogue = { all, byId: new Map(all.map((f) => [f.id, f])), idOf: (type, value) => byKey.get(`${type}\u0000${value.toLowerCase()}`) };
  stored.byLocale.set(locale, catalogue);
  return catalogue;
}

/** The filter catalogue in the request's language (the active locale). */
export async function filterCatalogue(db: Database, now = Date.now(), locale: Locale = activeLocale()): Promise<FilterCatalogue> {
  const hit = cache.get(db);
  if (hit && now - hit.at < TTL_MS) return inLocale(await hit.catalogue, locale);
  const catalogue = load(db);
  cache.set(db, { at: now, catalogue });
  catalogue.catch(() => cache.delete(db));
  return inLocale(await catalogue, locale);
}
