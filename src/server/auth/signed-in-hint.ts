/**
 * The signed-in hint: a second cookie, beside the session cookie, that only says whom the header's
 * account link is for, so a signed-in person who arrives from another site (a search engine, an
 * e-mail, a partner's page) sees their own link from the first paint instead of "Sign in".
 *
 * Why a second cookie, and why it is safe:
 * - The session cookie is SameSite=Strict (auth/cookie.ts): the browser withholds it on every request
 *   another site starts, top-level navigations included, so a page opened from a link elsewhere is
 *   rendered for a visitor and the account island corrects the header only once its script has run.
 *   Making the session cookie Lax would fix that by letting every cross-site top-level GET carry the
 *   person's authority; this cookie carries none instead.
 * - It authorizes nothing: no endpoint reads it (a caller is only ever the session cookie's or the
 *   Authorization header's token). The server reads it in one place, to draw the header's link on a
 *   document page (plugins/client.ts), in a private, uncached copy of the page; that copy also tells
 *   the account island to check the session and put "Sign in" back when the session is over.
 * - It holds only what the header shows anyway: the first name and which kind of area the person
 *   lands in (a post-login destination key, never an address: the link leads to one of the page's
 *   own destinations). No health information; cookie headers never reach a log (logger.ts redacts
 *   them). Product-spec §3 keeps more than this in the "user" cookie it names (id, names, e-mail, user type).
 * - It is signed (HMAC with a key of its own derived from the server secret): a value planted by
 *   someone else (a sibling subdomain, a tampered copy) cannot make the header show another name.
 * - HttpOnly (no page script needs it), Secure in production, SameSite=Lax (sent on a top-level
 *   navigation from another site, not on another site's requests for images, frames or scripts, so
 *   another site learns nothing: the page goes to the person's own browser), path /, expiring with the
 *   session. It is cleared with the session cookie (sign-out, a token that is no longer valid) and
 *   when the session answer finds it without a session.
 */
import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import { isPostLoginDestination, type AccountHolder } from '@/domain/account-link';
import { sameHash, type ServerKeys } from './secrets';

const MAX_LENGTH = 1024;

function signature(keys: ServerKeys, payload: string): string {
  return createHmac('sha256', keys.hint).update(payload).digest('base64url');
}

/** The cookie's value: the holder as base64url JSON, a dot, its signature. */
export function signedInHintValue(keys: ServerKeys, holder: AccountHolder): string {
  const payload = Buffer.from(JSON.stringify({ n: holder.firstName, d: holder.destination }), 'utf8').toString('base64url');
  return `${payload}.${signature(keys, payload)}`;
}

/** The holder a value names, when the value is one this server signed; undefined for anything else. */
export function readSignedInHint(keys: ServerKeys, value: string | undefined): AccountHolder | undefined {
  if (!value || value.length > MAX_LENGTH) return undefined;
  const [payload, signed, ...rest] = value.split('.');
  if (!payload || !signed || rest.length || !sameHash(signed, signature(keys, payload))) return undefined;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { n?: unknown; d?: unknown };
    if (typeof data.n !== 'string' || !data.n || !isPostLoginDestination(data.d)) return undefined;
    return { firstName: data.n, destination: data.d };
  } catch {
    return undefined;
  }
}

export function setSignedInHint(reply: FastifyReply, holder: AccountHolder, expiresAt: Date): void {
  reply.setCookie(constants.signedInHintCookie, signedInHintValue(reply.server.keys, holder), {
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.secureCookies,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSignedInHint(reply: FastifyReply): void {
  reply.clearCookie(constants.signedInHintCookie, { httpOnly: true, sameSite: 'lax', secure: reply.server.secureCookies, path: '/' });
}

/** Whether the request carries a hint cookie at all (valid or not). */
export function hasSignedInHint(request: FastifyRequest): boolean {
  return Boolean(request.cookies?.[constants.signedInHintCookie]);
}

/** The holder the request's hint names, if it carries one this server signed. */
export function signedInHint(request: FastifyRequest): AccountHolder | undefined {
  return readSignedInHint(request.server.keys, request.cookies?.[constants.signedInHintCookie]);
}
