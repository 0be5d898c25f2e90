/**
 * Copy from specs other than messages, in the active language (or the one given): error catalogue
 * sentences, enumeration labels, route titles and descriptions, mail templates and content documents. Each falls back to
 * the default language's text where a translation lacks it.
 */
import { copyConstants, type CopyConstants } from '../generated/constants/copy';
import { errorCatalogue, type ErrorName } from '../generated/errors';
import type { Enumeration } from '../generated/enums';
import { routeById, type RouteId } from '../generated/routes';
import { translations } from '../generated/translations';
import { activeLocale, DEFAULT_LOCALE, type Locale } from './locale';

const translationOf = (locale: Locale) => (locale === DEFAULT_LOCALE ? undefined : translations[locale]);

/**
 * The sentence of an error for an audience (support_web or patient_web; none: the entry's own message),
 * placeholders not yet filled.
 */
export function errorTemplate(name: ErrorName, audience?: string, locale: Locale = activeLocale()): string {
  const entry = errorCatalogue[name];
  const translated = translationOf(locale)?.errors[name];
  if (audience === undefined) return translated?.message ?? entry.message;
  const audiences = entry.audiences as Record<string, string | undefined>;
  return translated?.audiences?.[audience] ?? (audiences[audience] !== undefined ? undefined : translated?.message) ?? audiences[audience] ?? entry.message;
}

/**
 * The label of an enumeration value ("Succeeded", "Exitoso"); the value itself for one specs do not list. The
 * enumeration is given itself (`enumLabelOf(moneyEnums.paymentStatus, v)`), not by name, so a screen loads only the
 * enumerations it shows.
 */
export function enumLabelOf(enumeration: Enumeration, value: string, locale: Locale = activeLocale()): string {
  const translated = translationOf(locale)?.enums[enumeration.name]?.[value]?.label;
  return translated ?? (enumeration.labels as Readonly<Record<string, string>>)[value] ?? value;
}

/** An enumeration's options (value, label, description…) in a language. */
export function enumOptionsOf<E extends Enumeration>(enumeration: E, locale: Locale = activeLocale()): E['options'] {
  const translated = translationOf(locale)?.enums[enumeration.name] ?? {};
  return enumeration.options.map((o) => ({ ...o, ...(translated[o.value] ?? {}) })) as unknown as E['options'];
}

/** A route's title (the page's <title>). */
export function routeTitle(id: RouteId, locale: Locale = activeLocale()): string {
  return titleOfRoute(routeById[id], locale);
}

/** The title of a route given as a whole (its own title where no translation has one). */
export function titleOfRoute(route: { id: string; title: string }, locale: Locale = activeLocale()): string {
  return translationOf(locale)?.routes[route.id]?.title ?? route.title;
}

/** The description of a route given as a whole (the page's meta description), in a language; undefined for a route without one. */
export function descriptionOfRoute(route: { id: string; description?: string }, locale: Locale = activeLocale()): string | undefined {
  if (route.description === undefined) return undefined;
  return translationOf(locale)?.routes[route.id]?.description ?? route.description;
}

/** A content document (specs/content) in a language: the same shape, its copy translated. */
export function localizedContent<T extends { id: string }>(doc: T, locale: Locale = activeLocale()): T {
  return localizedDocument('content', doc, locale);
}

/** A mail template's subject, text and html in a language. */
export function mailTemplateIn<T extends { id: string; subject: string; text: string; html?: string }>(template: T, locale: Locale): T {
  const translated = translationOf(locale)?.mail[template.id];
  return translated ? { ...template, ...translated } : template;
}

/**
 * A constant people read (marked `copy` in specs/constants: the self-pay label, cancellation reasons, the PHQ-9 items…)
 * in a language: the same shape, its words translated.
 */
export function constantIn<N extends keyof CopyConstants>(name: N, locale: Locale = activeLocale()): CopyConstants[N] {
  return (translationOf(locale)?.constants[name] as CopyConstants[N] | undefined) ?? copyConstants[name];
}

/** The kinds of spec document whose copy a language translates in place (same shape, its words replaced). */
export type DocumentKind = 'content' | 'forms' | 'flows';

type Tree = Record<string, unknown>;
const overlaid = new WeakMap<object, Map<Locale, unknown>>();

/** The document with every text the translation gives at the same place put over the default language's. */
function overlay(base: unknown, translated: unknown): unknown {
  if (typeof base === 'string') return typeof translated === 'string' ? translated : base;
  if (Array.isArray(base)) return Array.isArray(translated) && translated.length === base.length ? base.map((item, i) => overlay(item, translated[i])) : base;
  if (base && typeof base === 'object' && translated && typeof translated === 'object' && !Array.isArray(translated)) {
    const out: Tree = {};
    for (const [key, value] of Object.entries(base)) out[key] = overlay(value, (translated as Tree)[key]);
    return out;
  }
  return base;
}

/**
 * A content document, form or flow (src/generated/content, forms, flows) in a language: the same object
 * with its words translated where the language's spec file has them; computed once per language.
 */
export function localizedDocument<T extends { id: string }>(kind: DocumentKind, doc: T, locale: Locale = activeLocale()): T {
  const translated = translationOf(locale)?.[kind][doc.id];
  if (!translated) return doc;
  let byLocale = overlaid.get(doc);
  if (!byLocale) overlaid.set(doc, (byLocale = new Map()));
  let out = byLocale.get(locale) as T | undefined;
  if (!out) byLocale.set(locale, (out = overlay(doc, translated) as T));
  return out;
}

/**
 * A document whose every read is in the active language at the time of the read: what a module imports
 * once (`const copy = liveDocument('content', searchCopy)`) reads Spanish on a Spanish page or request and
 * English on an English one, with no language threaded through the screens.
 */
export function liveDocument<T extends { id: string }>(kind: DocumentKind, doc: T): T {
  return new Proxy(doc, {
    get: (_target, property) => Reflect.get(localizedDocument(kind, doc) as object, property),
    getOwnPropertyDescriptor: (target, property) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target, property);
      return descriptor && 'value' in descriptor ? { ...descriptor, value: Reflect.get(localizedDocument(kind, doc) as object, property) } : descriptor;
    },
  });
}
