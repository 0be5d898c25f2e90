/**
 * A signed-in person's header on a document page, from the first paint: the page is rendered once
 * for everyone (and cached) with the "Sign in" link; when the request carries a session, the server
 * writes the person's own link into that copy (the rule of src/domain/account-link.ts, the one the
 * account island uses) and marks it settled, so no "Sign in" flashes before the island runs.
 */
import { signedInAccountLink, type AccountSession } from '@/domain/account-link';
import type { PostLoginRoutes } from '@/domain/roles';
import { ACCOUNT_LABEL_ATTRIBUTE, ACCOUNT_SETTLED_ATTRIBUTE, DESTINATIONS_ATTRIBUTE, ISLAND_ATTRIBUTE } from '@/client/islands/names';

const ACCOUNT_LINK = new RegExp(`<a ([^>]*${ISLAND_ATTRIBUTE}="account"[^>]*)>([^<]*)</a>`);

function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`${name}="([^"]*)"`).exec(attributes);
  return match ? unescapeAttribute(match[1]!) : undefined;
}

/** Whether a page has the document header's account link (a page the server may personalise). */
export function hasAccountLink(html: string): boolean {
  return ACCOUNT_LINK.test(html);
}

/** The page with the signed-in person's account link; the page as it was for anyone else. */
export function withAccountLink(html: string, session: AccountSession): string {
  const match = ACCOUNT_LINK.exec(html);
  if (!match) return html;
  const attributes = match[1]!;
  let destinations: PostLoginRoutes;
  try {
    destinations = JSON.parse(attribute(attributes, DESTINATIONS_ATTRIBUTE) ?? '{}') as PostLoginRoutes;
  } catch {
    return html;
  }
  const link = signedInAccountLink(session, destinations, attribute(attributes, ACCOUNT_LABEL_ATTRIBUTE) ?? '');
  if (!link) return html;
  const settled = `${attributes.replace(/href="[^"]*"/, () => `href="${escapeHtml(link.href)}"`)} ${ACCOUNT_SETTLED_ATTRIBUTE}=""`;
  return `${html.slice(0, match.index)}<a ${settled}>${escapeHtml(link.text)}</a>${html.slice(match.index + match[0].length)}`;
}
