/**
 * Credentials in the browser (product-spec §3, §4): the access token is in an HttpOnly
 * cookie the server sets on sign-in and clears on sign-out, so no script here reads or writes it;
 * the app learns who is signed in from GET /auth/session. Super-admin impersonation data is kept in
 * session storage. Nothing else about the session is stored.
 */
import * as runtimeConstants from '@/generated/constants/runtime';
import type { UserType } from '@/generated/enums';
import type { AuthSession, FlagDecision } from '@/generated/entities';
import type { Impersonation } from '@/client/api/transport';

export interface CookieUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  userType: UserType;
  /** the zone the account chose, when it chose one (staff screens read times in it) */
  timeZone?: string;
}

/** What a successful sign-in answers (AuthSession of specs/entities). */
export type SignInResult = AuthSession;

export function cookieUser(user: CookieUser): CookieUser {
  const { id, firstName, lastName, email, userType, timeZone } = user;
  return { id, firstName, lastName, email, userType, ...(timeZone ? { timeZone } : {}) };
}

/**
 * Who is signed in, as GET /auth/session answers it. The browser never holds the token: the
 * server keeps it in an HttpOnly cookie scripts cannot read (src/server/auth/cookie.ts).
 */
export interface CurrentSession {
  signedIn: true;
  user: CookieUser;
  groups: string[];
  /** ISO date-time */
  expiresAt: string;
  /** a skip-e-mail session: it may finish its booking and nothing else */
  bookingOnly: boolean;
  businessPartner?: Record<string, unknown> & { partnershipCode?: string };
  /** the person's user flags, decided by the server with this answer */
  flags?: FlagDecision;
}

export function storeImpersonation(value: Impersonation): void {
  window.sessionStorage.setItem(runtimeConstants.impersonationStorageKey, JSON.stringify(value));
}

export function storedImpersonation(): Impersonation | undefined {
  const raw = window.sessionStorage.getItem(runtimeConstants.impersonationStorageKey);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<Impersonation>;
    return typeof value.providerId === 'string' && typeof value.ehrProfileCode === 'string'
      ? { providerId: value.providerId, ehrProfileCode: value.ehrProfileCode }
      : undefined;
  } catch {
    return undefined;
  }
}

export function clearImpersonation(): void {
  window.sessionStorage.removeItem(runtimeConstants.impersonationStorageKey);
}
