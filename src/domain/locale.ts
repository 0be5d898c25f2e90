/**
 * The language people read the product in. Languages are declared in specs/constants/locales.yaml; each
 * has a tag (its spec files' suffix and <html lang>), the locale Intl formats with, and the path prefix of
 * its public pages. Every formatter (messages, dates, times, money, lists) reads the active language unless
 * given one, so adding a language means adding spec files, not editing formatters.
 */
import * as localesConstants from '../generated/constants/locales';

export type Locale = string;

export interface LocaleDefinition {
  tag: Locale;
  intl: string;
  name: string;
  pathPrefix: string;
}

export const DEFAULT_LOCALE: Locale = localesConstants.defaultLocale;
export const LOCALES: readonly LocaleDefinition[] = localesConstants.locales;

/**
 * The Intl locale of values machines read, never people: the digits of a calendar day in a zone, the
 * case folding of names compared for matching. Fixed, whatever language the page is in.
 */
export const MACHINE_LOCALE = 'en-US';

export function isLocale(tag: unknown): tag is Locale {
  return typeof tag === 'string' && LOCALES.some((l) => l.tag === tag);
}

export function localeDefinition(tag: Locale): LocaleDefinition {
  return LOCALES.find((l) => l.tag === tag) ?? LOCALES.find((l) => l.tag === DEFAULT_LOCALE)!;
}

/** The locale Intl formats a language with ("es" → "es-US"); an Intl locale given directly passes through. */
export function intlLocale(tag: Locale): string {
  return LOCALES.find((l) => l.tag === tag)?.intl ?? tag;
}

/**
 * The language an Accept-Language header asks for first among ours ("es-MX,es;q=0.9,en;q=0.8" → "es");
 * the default language when it names none of them.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const wanted = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { range: range.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((w) => w.range && w.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { range } of wanted) {
    const exact = LOCALES.find((l) => l.tag.toLowerCase() === range || l.intl.toLowerCase() === range);
    if (exact) return exact.tag;
    const primary = range.split('-')[0];
    const sameLanguage = LOCALES.find((l) => l.tag.toLowerCase().split('-')[0] === primary);
    if (sameLanguage) return sameLanguage.tag;
  }
  return DEFAULT_LOCALE;
}

/** The language of a public path and the path without its prefix: "/es/app/providers" → es, "/app/providers". */
export function localeOfPath(pathname: string): { locale: Locale; path: string } {
  for (const l of LOCALES) {
    if (!l.pathPrefix) continue;
    if (pathname === l.pathPrefix || pathname === `${l.pathPrefix}/`) return { locale: l.tag, path: '/' };
    if (pathname.startsWith(`${l.pathPrefix}/`)) return { locale: l.tag, path: pathname.slice(l.pathPrefix.length) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** An address of the API ("/api", "/api/…"): it answers in the language asked for (Accept-Language), so it has no language prefix. */
export function isApiPath(path: string): boolean {
  return /^\/api(?:[/?#]|$)/.test(path);
}

/**
 * The same page in another language: "/app/providers" → "/es/app/providers", keeping a query or fragment
 * ("/app/sessions?session=1" → "/es/app/sessions?session=1"). An address of the API stays as it is.
 */
export function localizedPath(path: string, locale: Locale): string {
  if (isApiPath(path)) return path;
  const cut = path.search(/[?#]/);
  const [pathname, tail] = cut === -1 ? [path, ''] : [path.slice(0, cut), path.slice(cut)];
  const { path: bare } = localeOfPath(pathname);
  const prefix = localeDefinition(locale).pathPrefix;
  return `${prefix ? (bare === '/' ? `${prefix}/` : `${prefix}${bare}`) : bare}${tail}`;
}

let source: () => Locale | undefined = () => undefined;

/**
 * Where the active language comes from: the page's language in the browser, the request's or the
 * recipient's on the server (an AsyncLocalStorage, see src/server/locale.ts). Set once at start-up;
 * returns the source it replaces (the server renderer falls back to it outside a render).
 */
export function setLocaleSource(next: () => Locale | undefined): () => Locale | undefined {
  const previous = source;
  source = next;
  return previous;
}

/** The language being written in now. */
export function activeLocale(): Locale {
  const tag = source();
  return isLocale(tag) ? tag : DEFAULT_LOCALE;
}
