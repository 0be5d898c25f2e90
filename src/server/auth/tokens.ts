/** Access tokens: JWT (HS256) carrying the permission groups of product-spec §6, expiring per accessTokenLifetimeMinutes. */
import { SignJWT, jwtVerify } from 'jose';
import { constants } from '@/generated/constants';
import { enums, type PermissionGroup, type UserType } from '@/generated/enums';
import type { ServerKeys } from './secrets';

export interface TokenClaims {
  sub: string;
  email: string;
  userType: UserType;
  groups: PermissionGroup[];
  /** business partner of a third-party agent */
  bp?: string;
  /** the server-side session (auth/server-sessions.ts) the token belongs to */
  sid: string;
  exp: number;
  iat: number;
}

const ISSUER = 'mindful-care';

/** An access token for a session started with auth/server-sessions.ts startSession. */
export async function issueAccessToken(
  keys: ServerKeys,
  subject: { id: string; email: string; userType: UserType; groups: readonly string[]; businessPartnerId?: string | null; sessionId: string },
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + constants.accessTokenLifetimeMinutes * 60;
  const claims: Record<string, unknown> = { email: subject.email, userType: subject.userType, groups: [...subject.groups], sid: subject.sessionId };
  if (subject.businessPartnerId) claims.bp = subject.businessPartnerId;
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject.id)
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(keys.jwt);
  return { token, expiresAt: new Date(exp * 1000) };
}

const groupValues = new Set<string>(enums.permissionGroup.values);
const userTypes = new Set<string>(enums.userType.values);

/**
 * Tokens already verified, by their exact text (signature included), with their claims: a caller sends
 * the same token with every request for its lifetime, and its signature need not be checked again (the
 * session behind it still is, on every request). Expiry is checked on every use. Bounded: the oldest
 * entries go first. Per key, so a changed secret verifies afresh.
 */
const VERIFIED_MAX = 10_000;
const verifiedByKey = new WeakMap<Uint8Array, Map<string, TokenClaims>>();

/** The token's claims, or undefined when it is malformed, forged or expired at `now`. */
export async function verifyAccessToken(keys: ServerKeys, token: string, now: Date): Promise<TokenClaims | undefined> {
  let verified = verifiedByKey.get(keys.jwt);
  if (!verified) verifiedByKey.set(keys.jwt, (verified = new Map()));
  const known = verified.get(token);
  // Expired as jose decides it: at the whole second of `exp` (a copy: callers own what they are given).
  if (known) return known.exp > Math.floor(now.getTime() / 1000) ? { ...known, groups: [...known.groups] } : undefined;
  const claims = await verifyAfresh(keys, token, now);
  if (claims) {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { ...claims, groups: [...claims.groups] });
  }
  return claims;
}

async function verifyAfresh(keys: ServerKeys, token: string, now: Date): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.jwt, { algorithms: ['HS256'], issuer: ISSUER, requiredClaims: ['sub', 'exp', 'iat'], currentDate: now });
    const { sub, email, userType, groups, bp, sid, exp, iat } = payload as Partial<TokenClaims>;
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof userType !== 'string' || !userTypes.has(userType)) return undefined;
    // A token without a session (issued before sessions existed) no longer signs anyone in.
    if (typeof sid !== 'string' || !/^[0-9a-f-]{36}$/i.test(sid)) return undefined;
    if (!Array.isArray(groups) || !groups.every((g) => typeof g === 'string' && groupValues.has(g))) return undefined;
    return { sub, email, userType, groups, bp: typeof bp === 'string' ? bp : undefined, sid, exp: exp!, iat: iat! };
  } catch {
    return undefined;
  }
}
