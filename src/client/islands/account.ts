/**
 * The header's "Sign in" on a document page (one rendering for everyone). A request that carries a
 * session gets the page with the person's link already written by the server (src/server/pages/
 * account-link.ts); for the rest (e.g. a page kept by the browser), once the session answer
 * says the person is signed in, the link names their account and leads to their own area (the
 * post-login destination of product-spec §6), as the app's account menu does. A link the server
 * wrote from the signed-in hint alone (a page opened from another site) is checked the same way, and
 * becomes the sign-in link again when the session answer says nobody is signed in.
 */
import { createApiClient, type Transport } from '@/generated/client/api';
import { signedInAccountLink } from '@/domain/account-link';
import type { PostLoginRoutes } from '@/domain/roles';
import { APP_SOURCE_HEADER, DEFAULT_APP_SOURCE } from '@/domain/app-source';
import { ACCOUNT_HINT_ATTRIBUTE, ACCOUNT_LABEL_ATTRIBUTE, ACCOUNT_SETTLED_ATTRIBUTE, DESTINATIONS_ATTRIBUTE } from './names';
import { showsAccountFace, writeAccountFace } from './account-face';

/** GET calls with the session cookie; the answer's JSON, or an error for any other status. */
const transport: Transport<undefined> = async (route) => {
  const response = await fetch(`/api${route.path}`, {
    method: route.method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', [APP_SOURCE_HEADER]: DEFAULT_APP_SOURCE },
  });
  if (!response.ok) throw new Error(`${route.id} answered ${response.status}`);
  return response.json() as Promise<unknown>;
};

export async function account(link: HTMLAnchorElement): Promise<void> {
  // The server already wrote the signed-in person's link (the request carried their session).
  if (link.hasAttribute(ACCOUNT_SETTLED_ATTRIBUTE)) return;
  const destinations = JSON.parse(link.getAttribute(DESTINATIONS_ATTRIBUTE) ?? '{}') as PostLoginRoutes;
  let session: Awaited<ReturnType<ReturnType<typeof createApiClient<undefined>>['getAuthSession']>>;
  try {
    session = await createApiClient(transport).getAuthSession({});
  } catch {
    return; // the link stays as it is: it still leads somewhere that works
  }
  const signedIn = signedInAccountLink(session, destinations, link.getAttribute(ACCOUNT_LABEL_ATTRIBUTE) ?? '');
  const hinted = link.getAttribute(ACCOUNT_HINT_ATTRIBUTE);
  link.removeAttribute(ACCOUNT_HINT_ATTRIBUTE);
  if (signedIn) {
    if (link.getAttribute('href') !== signedIn.href) link.href = signedIn.href;
    // The face the server writes (account-face.ts), unless it is there already: nothing in the header moves.
    if (!showsAccountFace(link, signedIn)) writeAccountFace(link, signedIn);
    return;
  }
  // Written from the hint, but the session is over: the sign-in link it replaced comes back.
  if (!hinted || session.signedIn) return;
  const signIn = JSON.parse(hinted) as { href: string; text: string };
  if (link.getAttribute('href') !== signIn.href) link.href = signIn.href;
  if (link.textContent !== signIn.text) link.textContent = signIn.text;
}
