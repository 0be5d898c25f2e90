/**
 * The header's account link on a document page (one rendering for everyone, product-spec §6 post-login
 * destinations): "Sign in" for a visitor; for a signed-in person their first name, leading to their
 * own area. The server writes it into the page when the request carries a session (so the first paint
 * is right), and the account island uses the same rule when the page came from a cache without one.
 */
import { derivePermissions, groupsOf } from './permissions';
import { postLoginPath, type PostLoginRoutes } from './roles';

export interface AccountSession {
  signedIn: boolean;
  user?: { firstName: string };
  groups?: readonly unknown[];
}

/** Where and under which words the link leads a signed-in person; undefined for everyone else (the sign-in link stays). */
export function signedInAccountLink(session: AccountSession, destinations: PostLoginRoutes, accountLabel: string): { href: string; text: string } | undefined {
  if (!session.signedIn || !session.user) return undefined;
  const href = postLoginPath(derivePermissions(groupsOf(session.groups ?? [])), destinations);
  if (!href) return undefined;
  return { href, text: `${accountLabel}: ${session.user.firstName}` };
}
