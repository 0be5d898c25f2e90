/**
 * A signed-in person's header on a document page, from the first paint: the page is rendered once
 * for everyone (and cached) with the "Sign in" link; when the request carries a session, the server
 * writes the person's own link into that copy (the rule of src/domain/account-link.ts, the one the
 * account island uses) and marks it settled, so no "Sign in" flashes before the island runs. When it
 * carries only the signed-in hint (src/server/auth/signed-in-hint.ts: arriving from another site, the
 * session cookie withheld), the link is written from the hint and marked so that the island checks the
 * session and puts the sign-in link back if it is over.
 */
import { accountLinkOf, signedInAccountLink, type AccountHolder, type AccountLink, type AccountSession } from '@/domain/account-link';
import type { PostLoginRoutes } from '@/domain/roles';
import { ACCOUNT_HINT_ATTRIBUTE, ACCOUNT_LABEL_ATTRIBUTE, ACCOUNT_SETTLED_ATTRIBUTE, DESTINATIONS_ATTRIBUTE, ISLAND_ATTRIBUTE } from '@/client/islands/names';
import { accountFaceHtml } from '@/client/islands/account-face';
import { escapeHtml } from '@/domain/html';

type Link = { href: string; text: string };

const ACCOUNT_LINK = new RegExp(`<a ([^>]*${ISLAND_ATTRIBUTE}="account"[^>]*)>([^<]*)</a>`);

function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes);
  return match ? unescapeAttribute(match[1]!) : undefined;
}

/** Whether a page has the document header's account link (a page the server may personalise). */
export function hasAccountLink(html: string): boolean {
  return ACCOUNT_LINK.test(html);
}

/**
 * The page with the account link `linkFor` gives in place of the sign-in link (drawn as the app's account
 * button: account-face.ts), and the mark `markOf` makes of the link it replaced.
 */
function replaceAccountLink(
  html: string,
  linkFor: (destinations: PostLoginRoutes, label: string) => AccountLink | undefined,
  markOf: (signIn: Link) => string,
): string {
  const match = ACCOUNT_LINK.exec(html);
  if (!match) return html;
  const attributes = match[1]!;
  let destinations: PostLoginRoutes;
  try {
    destinations = JSON.parse(attribute(attributes, DESTINATIONS_ATTRIBUTE) ?? '{}') as PostLoginRoutes;
  } catch {
    return html;
  }
  const link = linkFor(destinations, attribute(attributes, ACCOUNT_LABEL_ATTRIBUTE) ?? '');
  if (!link) return html;
  const signIn = { href: attribute(attributes, 'href') ?? '', text: unescapeAttribute(match[2]!) };
  const written = `${attributes.replace(/(^|\s)href="[^"]*"/, (_all, before: string) => `${before}href="${escapeHtml(link.href)}"`)} ${markOf(signIn)}`;
  return `${html.slice(0, match.index)}<a ${written}>${accountFaceHtml(link)}</a>${html.slice(match.index + match[0].length)}`;
}

/** The page with the signed-in person's account link (their session came with the request); the page as it was for anyone else. */
export function withAccountLink(html: string, session: AccountSession): string {
  return replaceAccountLink(
    html,
    (destinations, label) => signedInAccountLink(session, destinations, label),
    () => `${ACCOUNT_SETTLED_ATTRIBUTE}=""`,
  );
}

/** The page with the account link of the signed-in hint's holder (no session came with the request), for the island to confirm. */
export function withHintedAccountLink(html: string, holder: AccountHolder): string {
  return replaceAccountLink(
    html,
    (destinations, label) => accountLinkOf(holder, destinations, label),
    (signIn) => `${ACCOUNT_HINT_ATTRIBUTE}="${escapeHtml(JSON.stringify(signIn))}"`,
  );
}
