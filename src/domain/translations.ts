/**
 * Copy from specs other than messages, in the active language (or the one given): error catalogue
 * sentences, enumeration labels, route titles, mail templates and content documents. Each falls back to
 * the default language's text where a translation lacks it.
 */
import { constants, type Constants } from '../generated/constants';
import { errorCatalogue, type ErrorName } from '../generated/errors';
import { enums, type EnumName } from '../generated/enums';
import { routeById, type RouteId } from '../generated/routes';
import { translations } from '../generated/translations';
import { activeLocale, DEFAULT_LOCALE, type Locale } from './locale';

const translationOf = (locale: Locale) => (locale === DEFAULT_LOCALE ? undefined : translations[locale]);

/** The sentence of an error for an audience (support_web or patient_web), placeholders not yet filled. */
export function errorTemplate(name: ErrorName, audience: string, locale: Locale = activeLocale()): string {
  const entry = errorCatalogue[name];
  const translated = translationOf(locale)?.errors[name];
  const audiences = entry.audiences as Record<string, string | undefined>;
  return translated?.audiences?.[audience] ?? (audiences[audience] !== undefined ? undefined : translated?.message) ?? audiences[audience] ?? entry.message;
}

/** The label of an enumeration value ("Succeeded", "Exitoso"); the value itself for one specs do not list. */
export function enumLabelOf(name: EnumName, value: string, locale: Locale = activeLocale()): string {
  const translated = translationOf(locale)?.enums[name]?.[value]?.label;
  return translated ?? (enums[name].labels as Record<string, string>)[value] ?? value;
}

/** An enumeration's options (value, label, description…) in a language. */
export function enumOptionsOf(name: EnumName, locale: Locale = activeLocale()) {
  const translated = translationOf(locale)?.enums[name] ?? {};
  return enums[name].options.map((o) => ({ ...o, ...(translated[o.value] ?? {}) }));
}

/** A route's title (the page's <title>). */
export function routeTitle(id: RouteId, locale: Locale = activeLocale()): string {
  return translationOf(locale)?.routes[id] ?? routeById[id].title;
}

/** The title of a route given as a whole (its own title where no translation has one). */
export function titleOfRoute(route: { id: string; title: string }, locale: Locale = activeLocale()): string {
  return translationOf(locale)?.routes[route.id] ?? route.title;
}

/** A content document (specs/content) in a language: the same shape, its copy translated. */
export function localizedContent<T extends { id: string }>(doc: T, locale: Locale = activeLocale()): T {
  return (translationOf(locale)?.content[doc.id] as T | undefined) ?? doc;
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
export function constantIn<N extends keyof Constants>(name: N, locale: Locale = activeLocale()): Constants[N] {
  return (translationOf(locale)?.constants[name] as Constants[N] | undefined) ?? constants[name];
}
