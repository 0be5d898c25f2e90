/**
 * A public page in every language: its canonical address in the page's own language and the
 * hreflang alternates that tell search engines the same page exists in the others, with x-default for
 * the default language's. Loaders give canonical addresses without a language prefix (the route's
 * path); the page's language is put in here, once for every page.
 */
import { DEFAULT_LOCALE, LOCALES, localeOfPath, localizedPath, type Locale } from './locale';

export interface LanguageAlternate {
  /** a language tag of specs/constants/locales.yaml, or x-default */
  hreflang: string;
  href: string;
}

export interface PageLanguageLinks {
  canonical: string;
  alternates: LanguageAlternate[];
}

/**
 * "https://x.org/therapists?page=2" read in Spanish → canonical "https://x.org/es/therapists?page=2" and
 * alternates en-US, es and x-default. An address of another site is left as it is, with no alternates.
 */
export function pageLanguageLinks(canonical: string, origin: string, locale: Locale): PageLanguageLinks {
  const base = origin.replace(/\/+$/, '');
  if (!canonical.startsWith(`${base}/`) && canonical !== base) return { canonical, alternates: [] };
  const rest = canonical.slice(base.length) || '/';
  const cut = rest.search(/[?#]/);
  const path = cut === -1 ? rest : rest.slice(0, cut);
  const tail = cut === -1 ? '' : rest.slice(cut);
  const bare = localeOfPath(path).path;
  const inLanguage = (tag: Locale) => `${base}${localizedPath(bare, tag)}${tail}`;
  return {
    canonical: inLanguage(locale),
    alternates: [...LOCALES.map((l) => ({ hreflang: l.tag, href: inLanguage(l.tag) })), { hreflang: 'x-default', href: inLanguage(DEFAULT_LOCALE) }],
  };
}
