/**
 * Credentials in the browser (product-spec §3, §4): the access token and the signed-in user in
 * cookies that expire with the token (the user cookie keeps only id, firstName, lastName, email
 * and userType); the skip-email access token in session storage; super-admin impersonation data
 * in session storage. Nothing else about the session is stored.
 */
import Cookies from 'js-cookie';
import { constants } from '../../../generated/constants';
import type { UserType } from '../../../generated/enums';
import type { Impersonation } from '../../api/transport';

export interface CookieUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  userType: UserType;
}

/** What a successful sign-in answers. */
export interface SignInResult {
  accessToken: string;
  tokenType: 'Bearer';
  /** ISO date-time */
  expiresAt: string;
  user: CookieUser & Record<string, unknown>;
  groups: string[];
  /** a third-party agent's partner */
  businessPartner?: Record<string, unknown> & { partnershipCode?: string };
  /** where the e-mailed sign-in link asked to go afterwards */
  redirectTo?: string;
}

export function cookieUser(user: CookieUser): CookieUser {
  const { id, firstName, lastName, email, userType } = user;
  return { id, firstName, lastName, email, userType };
}

const cookieOptions = (expires: Date) => ({ expires, sameSite: 'lax' as const, secure: window.location.protocol === 'https:', path: '/' });

export function storeSession(result: SignInResult): void {
  const expires = new Date(result.expiresAt);
  Cookies.set(constants.accessTokenCookie, result.accessToken, cookieOptions(expires));
  Cookies.set(constants.userCookie, JSON.stringify(cookieUser(result.user)), cookieOptions(expires));
}

/** The signed-in person changed their name or e-mail: the user cookie follows, expiring with the token as before. */
export function updateStoredUser(user: CookieUser, expiresAt: string | undefined): void {
  if (!storedAccessToken()) return;
  Cookies.set(constants.userCookie, JSON.stringify(cookieUser(user)), cookieOptions(expiresAt ? new Date(expiresAt) : new Date(Date.now() + 60 * 60 * 1000)));
}

export function storedAccessToken(): string | undefined {
  return Cookies.get(constants.accessTokenCookie);
}

export function storedUser(): CookieUser | undefined {
  const raw = Cookies.get(constants.userCookie);
  if (!raw) return undefined;
  try {
    return cookieUser(JSON.parse(raw) as CookieUser);
  } catch {
    return undefined;
  }
}

export function clearSession(): void {
  Cookies.remove(constants.accessTokenCookie, { path: '/' });
  Cookies.remove(constants.userCookie, { path: '/' });
}

export function storeSkipEmailToken(token: string): void {
  window.sessionStorage.setItem(constants.skipEmailTokenStorageKey, token);
}

export function skipEmailToken(): string | undefined {
  return window.sessionStorage.getItem(constants.skipEmailTokenStorageKey) ?? undefined;
}

export function clearSkipEmailToken(): void {
  window.sessionStorage.removeItem(constants.skipEmailTokenStorageKey);
}

/** The token calls carry: the session's, else the one given when e-mail verification was skipped. */
export function bearerToken(): string | undefined {
  return storedAccessToken() ?? skipEmailToken();
}

export function storeImpersonation(value: Impersonation): void {
  window.sessionStorage.setItem(constants.impersonationStorageKey, JSON.stringify(value));
}

export function storedImpersonation(): Impersonation | undefined {
  const raw = window.sessionStorage.getItem(constants.impersonationStorageKey);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<Impersonation>;
    return typeof value.providerId === 'string' && typeof value.ehrProfileCode === 'string' ? { providerId: value.providerId, ehrProfileCode: value.ehrProfileCode } : undefined;
  } catch {
    return undefined;
  }
}

export function clearImpersonation(): void {
  window.sessionStorage.removeItem(constants.impersonationStorageKey);
}
