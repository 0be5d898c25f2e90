/**
 * Plain links and forms of the site in the page's language. The router's own links (Link, navigate,
 * Navigate) work below the language's prefix and add it themselves; an <a href>, a form's action or a
 * full page load does not, so it goes through pageHref: "/therapists" on a Spanish page is "/es/therapists".
 */
import { activeLocale, localizedPath } from '@/domain/locale';

/** A site address in the page's language; other addresses (another site, tel:, #anchor) as they are. */
export function pageHref(href: string): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  return localizedPath(href, activeLocale());
}
