/**
 * Signed-in browsers for the patient portal tests: a real sign-in through the API's one-time code
 * (read from the dev mailbox), then the session set the way the client stores it
 * (src/client/runtime/auth/credentials.ts: the token and user cookies, expiring with the token).
 */
import type { BrowserContext } from 'playwright-core';
import { constants } from '@/generated/constants';
import type { SignInResult } from '@/client/runtime/auth/credentials';
import { baseUrl } from './harness';
import { mailMoment, oneTimeCodeFor } from './mailbox';

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Signs in with a one-time code e-mailed to the address; answers what the sign-in answered. */
export async function signInWithCode(email: string): Promise<SignInResult> {
  const since = mailMoment();
  const sent = await api('/auth/send-email-otp', { body: { email } });
  if (sent.status >= 300) throw new Error(`send-email-otp answered ${sent.status}`);
  const code = await oneTimeCodeFor(email, since);
  const verified = await api<SignInResult>('/auth/verify-email-otp', { body: { email, otp: code } });
  if (verified.status !== 200) throw new Error(`verify-email-otp answered ${verified.status}`);
  return verified.body;
}

/** A new account through the API as a visitor makes one (verify first): a code to the address, then the code with the person's details. */
export async function signUpWithCode(
  email: string,
  newAccount: { firstName: string; lastName: string; dateOfBirth?: string; partnershipCode?: string },
): Promise<SignInResult> {
  const since = mailMoment();
  const sent = await api('/auth/send-email-otp', { body: { email } });
  if (sent.status >= 300) throw new Error(`send-email-otp answered ${sent.status}`);
  const code = await oneTimeCodeFor(email, since);
  const created = await api<SignInResult>('/auth/verify-email-otp', { body: { email, otp: code, newAccount } });
  if (created.status !== 200) throw new Error(`verify-email-otp with newAccount answered ${created.status}`);
  return created.body;
}

/** Puts a session into a browser context as the server sets it on sign-in: an HttpOnly, SameSite=Strict cookie. */
export async function openSession(context: BrowserContext, session: SignInResult): Promise<void> {
  const url = new URL(baseUrl());
  const expires = Math.floor(new Date(session.expiresAt).getTime() / 1000);
  await context.addCookies([
    { name: constants.accessTokenCookie, value: session.accessToken, domain: url.hostname, path: '/', expires, sameSite: 'Strict', httpOnly: true },
  ]);
}

/** A call to the API as a signed-in person (test set-up: booking a session to act on). */
export function apiAs<T>(session: SignInResult, path: string, init: { method?: string; body?: unknown } = {}) {
  return api<T>(path, { ...init, token: session.accessToken });
}
