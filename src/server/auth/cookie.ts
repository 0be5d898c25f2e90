/**
 * The browser's session cookie and the protection of cookie-signed requests
 * against cross-site request forgery.
 *
 * The access token travels in an HttpOnly cookie (page scripts cannot read it, so an injected script
 * cannot carry it away), SameSite=Strict (another site's pages never make the browser send it),
 * Secure in production, expiring with the token. API clients keep sending `Authorization: Bearer`.
 *
 * Forgery protection, for requests that change state and are signed in by the cookie only:
 * 1. the app's own header (constants.csrfHeader) must be there. A cross-site page can make a browser
 *    send a form or a "simple" request, but not one with a custom header: that needs a CORS preflight,
 *    and this server answers none (no CORS plugin), so the browser never sends it. This is OWASP's
 *    "custom request header" defence for APIs called by fetch; it needs no token state on the server
 *    and nothing a script must read, unlike a double-submit token (@fastify/csrf-protection), whose
 *    token the page would have to fetch and keep.
 * 2. an `Origin` header, when the browser sends one, must be this site's (defence in depth, e.g.
 *    against a browser or proxy that lets a custom header through).
 * 3. SameSite=Strict on the cookie (a third, independent layer).
 * Bearer requests are exempt: a browser never attaches an Authorization header by itself.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import { clearSignedInHint } from './signed-in-hint';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(constants.accessTokenCookie, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: reply.server.secureCookies,
    path: '/',
    expires: expiresAt,
  });
}

/** The session cookie goes, and the signed-in hint with it (auth/signed-in-hint.ts). */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(constants.accessTokenCookie, { httpOnly: true, sameSite: 'strict', secure: reply.server.secureCookies, path: '/' });
  clearSignedInHint(reply);
}

/** The access token of the session cookie, if the request carries one. */
export function cookieToken(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[constants.accessTokenCookie];
  return value && /^[A-Za-z0-9_.-]{1,4096}$/.test(value) ? value : undefined;
}

/** The origin (scheme://host[:port]) a browser would name for this site, as the request reached us. */
function ownOrigins(request: FastifyRequest): Set<string> {
  const origins = new Set<string>([new URL(request.server.publicUrl).origin]);
  const host = request.headers.host;
  if (host) origins.add(`${request.protocol}://${host}`);
  return origins;
}

/**
 * Why a cookie-signed request must be refused as cross-site, or undefined when it may go on.
 * Safe methods change nothing and are never refused.
 */
export function crossSiteReason(request: FastifyRequest): string | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  if (request.headers[constants.csrfHeader] !== constants.csrfHeaderValue) return 'no app request header';
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null' && !ownOrigins(request).has(origin)) return 'foreign origin';
  if (origin === 'null') return 'opaque origin';
  return undefined;
}

/**
 * Why a page's own form post (sent by the browser without a script: the language switcher's,
 * pages/language-choice.ts) must be refused as cross-site, or undefined when it may go on. A form cannot
 * carry the app's header, so what the browser itself says decides. Its Fetch Metadata first: Sec-Fetch-Site
 * must be same-origin. The Origin header alone cannot say it: under this site's Referrer-Policy (no-referrer)
 * a browser sends "Origin: null" with a form post even from this site's own page; so Origin is heard only when
 * it names a site (another site's is refused), and a browser that sends no Sec-Fetch-Site must name this site
 * as its Origin. Anything else is refused, since nothing then tells this site's page from another's.
 * SameSite=Strict keeps the session cookie off a cross-site post anyway.
 */
export function formCrossSiteReason(request: FastifyRequest): string | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const origin = request.headers.origin;
  const namedOrigin = typeof origin === 'string' && origin !== 'null' ? origin : undefined;
  if (namedOrigin !== undefined && !ownOrigins(request).has(namedOrigin)) return 'foreign origin';
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' ? undefined : `sent from ${site}`;
  if (namedOrigin !== undefined) return undefined;
  return origin === 'null' ? 'opaque origin' : 'no origin';
}
