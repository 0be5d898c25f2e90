/**
 * The header's account link on a document page (one rendering for everyone, product-spec §6 post-login
 * destinations): "Sign in" for a visitor; for a signed-in person their first name, leading to their
 * own area. The server writes it into the page when the request carries a session (so the first paint
 * is right), or a signed-in hint (src/server/auth/signed-in-hint.ts: a person arriving from another site,
 * whose SameSite=Strict session cookie the browser withholds), and the account island uses the same rule
 * when the page came without one.
 */
import { derivePermissions, groupsOf } from './permissions';
import { postLoginDestination, postLoginDestinations, type PostLoginDestination, type PostLoginRoutes } from './roles';

export interface AccountSession {
  signedIn: boolean;
  user?: { firstName: string };
  groups?: readonly unknown[];
}

/** Whom the link is for: their first name and the kind of area they land in (from their roles). */
export interface AccountHolder {
  firstName: string;
  destination: PostLoginDestination;
}

export function isPostLoginDestination(value: unknown): value is PostLoginDestination {
  return typeof value === 'string' && (postLoginDestinations as readonly string[]).includes(value);
}

/** The holder of a signed-in session; undefined for a visitor. */
export function accountHolderOf(session: AccountSession): AccountHolder | undefined {
  if (!session.signedIn || !session.user) return undefined;
  return { firstName: session.user.firstName, destination: postLoginDestination(derivePermissions(groupsOf(session.groups ?? []))) };
}

/**
 * A signed-in person's account link: where it leads, its name (`text`, "<label>: <first name>") and the two
 * words the header shows of it (src/client/islands/account-face.ts: the initial, and the name where it fits).
 */
export interface AccountLink {
  href: string;
  text: string;
  label: string;
  name: string;
}

/** The link for an account holder: one of the page's own destinations (never an address from elsewhere), under their name. */
export function accountLinkOf(holder: AccountHolder, destinations: PostLoginRoutes, accountLabel: string): AccountLink | undefined {
  const href = isPostLoginDestination(holder.destination) ? destinations[holder.destination] : undefined;
  if (!href) return undefined;
  return { href, text: `${accountLabel}: ${holder.firstName}`, label: accountLabel, name: holder.firstName };
}

/** Where and under which words the link leads a signed-in person; undefined for everyone else (the sign-in link stays). */
export function signedInAccountLink(session: AccountSession, destinations: PostLoginRoutes, accountLabel: string): AccountLink | undefined {
  const holder = accountHolderOf(session);
  return holder ? accountLinkOf(holder, destinations, accountLabel) : undefined;
}
