/**
 * The browser's session: the token in an HttpOnly, SameSite cookie that the
 * server sets on sign-in and clears on sign-out; requests that change state and are signed in by
 * that cookie must carry the app's request header and come from this site (cross-site request
 * forgery), while Bearer requests of API clients are exempt; beside it a signed-in hint (SameSite=Lax)
 * that names whom the header's link is for and authorizes nothing; the skip-e-mail path's session may
 * finish its one booking and nothing else, and leaves the address unverified.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { windowStart } from '@/domain/rate-limits';
import { readSignedInHint } from '@/server/auth/signed-in-hint';
import { startTestApp, type TestApp } from '../support/app';
import { bookingBody, consentGiven, makeSlots, selfPatientOf } from '../support/booking';
import { auditRows, callerFor, mailTo } from '../support/sessions';

let t: TestApp;
let ips = 0;
/** Each sign-in from an address of its own, clear of the per-IP limits of the other tests. */
const nextIp = () => `10.77.${Math.floor((ips += 1) / 250)}.${(ips % 250) + 1}`;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
});

afterAll(async () => {
  await t.close();
});

afterEach(() => t.app.flags.force({}));

const app = { [constants.csrfHeader]: constants.csrfHeaderValue };
/** The request headers of a browser page of this site that holds the session cookie. */
const browser = (token: string, extra: Record<string, string> = {}) => ({ cookie: `${constants.accessTokenCookie}=${token}`, ...extra });

function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === constants.accessTokenCookie);
}

function hintCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === constants.signedInHintCookie);
}

async function signInWithCode(email: string) {
  const remoteAddress = nextIp();
  await t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', remoteAddress, payload: { email } });
  const code = /\b(\d{6})\b/.exec((await mailTo(t.app, email)).find((m) => m.template === 'sign-in-code')!.text)![1];
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', remoteAddress, payload: { email, otp: code } });
  expect(res.statusCode).toBe(200);
  return res;
}

describe('the session cookie', () => {
  it('is set on sign-in HttpOnly and SameSite=Strict, expiring with the token, and signs the browser in by itself', async () => {
    const res = await signInWithCode('jordan.rivera@example.com');
    const cookie = sessionCookie(res)!;
    const body = res.json() as { accessToken: string; expiresAt: string; user: { id: string } };
    expect(cookie).toMatchObject({ value: body.accessToken, httpOnly: true, sameSite: 'Strict', path: '/' });
    // Secure only in production (plain http in development and tests).
    expect(cookie.secure).toBeFalsy();
    expect(new Date(cookie.expires!).getTime()).toBe(new Date(body.expiresAt).getTime());

    const who = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: browser(cookie.value) });
    expect(who.json()).toMatchObject({
      signedIn: true,
      user: { id: body.user.id, email: 'jordan.rivera@example.com' },
      groups: ['patient'],
      bookingOnly: false,
    });
    const details = await t.app.inject({ method: 'GET', url: `/api/users/${body.user.id}/details`, headers: browser(cookie.value) });
    expect(details.statusCode).toBe(200);
  });

  it('answers signedIn false without a session, and drops a cookie whose session is over', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session' })).json()).toEqual({ signedIn: false });
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: browser('not.a.token') });
    expect(forged.json()).toEqual({ signedIn: false });
    expect(sessionCookie(forged)).toMatchObject({ value: '' });
  });

  it('is Secure in production', async () => {
    const secure = t.app.secureCookies;
    expect(secure).toBe(false);
    // The flag the auth plugin derives from NODE_ENV=production (src/server/plugins/auth.ts).
    (t.app as { secureCookies: boolean }).secureCookies = true;
    try {
      const res = await signInWithCode('riley.chen@example.com');
      expect(sessionCookie(res)).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: true });
    } finally {
      (t.app as { secureCookies: boolean }).secureCookies = secure;
    }
  });

  it('sign-out ends the server session and clears the cookie', async () => {
    const res = await signInWithCode('avery.johnson@example.com');
    const token = sessionCookie(res)!.value;
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: browser(token, app) });
    expect(out.statusCode).toBe(204);
    const cleared = sessionCookie(out)!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    // The token is over wherever a copy of it is: in a cookie or as a Bearer token.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: browser(token) })).json()).toEqual({ signedIn: false });
    const bearer = await t.app.inject({ method: 'GET', url: '/api/users/patients', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(401);
  });
});

describe('the signed-in hint', () => {
  it('is set beside the session HttpOnly and SameSite=Lax, expiring with it, naming only the first name and the kind of area', async () => {
    const res = await signInWithCode('jordan.rivera@example.com');
    const hint = hintCookie(res)!;
    expect(hint).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(hint.secure).toBeFalsy();
    expect(new Date(hint.expires!).getTime()).toBe(new Date(sessionCookie(res)!.expires!).getTime());
    expect(readSignedInHint(t.app.keys, hint.value)).toEqual({ firstName: 'Jordan', destination: 'patientDashboardHome' });
    expect(hint.value).not.toContain(sessionCookie(res)!.value);
  });

  it('authorizes nothing: alone it is no session, and any endpoint refuses it', async () => {
    const res = await signInWithCode('jordan.rivera@example.com');
    const userId = (res.json() as { user: { id: string } }).user.id;
    const onlyHint = { cookie: `${constants.signedInHintCookie}=${hintCookie(res)!.value}` };
    const details = await t.app.inject({ method: 'GET', url: `/api/users/${userId}/details`, headers: onlyHint });
    expect(details.statusCode).toBe(401);
    // The session answer (a same-site call carries the session cookie too) finds no session: the hint goes.
    const who = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: onlyHint });
    expect(who.json()).toEqual({ signedIn: false });
    expect(hintCookie(who)).toMatchObject({ value: '' });
    // With the session, the hint stays.
    const both = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `${onlyHint.cookie}; ${browser(sessionCookie(res)!.value).cookie}` },
    });
    expect(both.json()).toMatchObject({ signedIn: true });
    expect(hintCookie(both)).toBeUndefined();
  });

  it('goes with the session at sign-out', async () => {
    const res = await signInWithCode('avery.johnson@example.com');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: browser(sessionCookie(res)!.value, app) });
    expect(out.statusCode).toBe(204);
    expect(hintCookie(out)).toMatchObject({ value: '' });
  });
});

describe('cross-site request forgery', () => {
  it("refuses a cookie-signed change without the app's request header, audited, and changes nothing", async () => {
    const res = await signInWithCode('jordan.rivera@example.com');
    const token = sessionCookie(res)!.value;
    const userId = (res.json() as { user: { id: string } }).user.id;
    const forged = await t.app.inject({ method: 'PATCH', url: `/api/users/${userId}`, headers: browser(token), payload: { lastName: 'Forged' } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ errorCode: 'CROSS_SITE_REQUEST_REFUSED', message: errorCatalogue.CROSS_SITE_REQUEST_REFUSED.message });
    const [row] = await t.app.database.query<{ last_name: string }>('SELECT last_name FROM users WHERE id = $1', [userId]);
    expect(row!.last_name).toBe('Rivera');
    const audited = await auditRows(t.app, "action = 'updateUser' AND status = 403");
    expect(audited.at(-1)).toMatchObject({ outcome: 'denied', details: { reason: 'cross-site request: no app request header' } });
    // Sign-out too: another site cannot sign a person out.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: browser(token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: browser(token) })).json()).toMatchObject({ signedIn: true });
  });

  it("refuses a cookie-signed change from another site's Origin, even with the header", async () => {
    const token = sessionCookie(await signInWithCode('jordan.rivera@example.com'))!.value;
    for (const origin of ['https://evil.example', 'null']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: browser(token, { ...app, origin }) });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('CROSS_SITE_REQUEST_REFUSED');
    }
    // This site's own pages (PUBLIC_URL, or the host the request reached) may.
    const own = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: browser(token, { ...app, origin: new URL(t.app.publicUrl).origin }) });
    expect(own.statusCode).toBe(204);
  });

  it('lets reads through without the header, and exempts Bearer requests of API clients', async () => {
    const patient = await callerFor(t.app, 'jordan.rivera@example.com');
    const token = patient.headers.authorization!.replace('Bearer ', '');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/patients', headers: browser(token) })).statusCode).toBe(200);
    // A browser never adds an Authorization header by itself, so such a request is no forgery.
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${patient.id}`,
      headers: { ...patient.headers, origin: 'https://evil.example' },
      payload: { lastName: 'Rivera' },
    });
    expect(change.statusCode).toBe(200);
  });
});

describe('the skip-e-mail session', () => {
  const person = { firstName: 'Skip', lastName: 'Visitor', dateOfBirth: '1990-02-03' };

  async function skip() {
    t.app.flags.force({ skipEmailVerification: 'skip' });
    const email = `skip.${randomUUID().slice(0, 8)}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/create-skip-email-verification',
      remoteAddress: nextIp(),
      payload: { email, ...person },
    });
    expect(res.statusCode).toBe(201);
    const token = sessionCookie(res)!.value;
    return { email, token, userId: (res.json() as { user: { id: string } }).user.id, headers: browser(token, app) };
  }

  it('may finish its one booking and nothing else, and leaves the address unverified', async () => {
    const s = await skip();
    const who = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: s.headers });
    expect(who.json()).toMatchObject({ signedIn: true, bookingOnly: true, user: { email: s.email } });

    // The booking steps read the new account's own details and people; nothing else is reachable with it.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/patients', headers: s.headers })).statusCode).toBe(200);
    for (const request of [
      { method: 'GET' as const, url: `/api/users/billing?userId=${s.userId}` },
      { method: 'GET' as const, url: `/api/patients?userId=${s.userId}` },
      { method: 'PATCH' as const, url: `/api/users/${s.userId}`, payload: { email: `other.${randomUUID().slice(0, 8)}@example.com` } },
    ]) {
      const res = await t.app.inject({ ...request, headers: s.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('SESSION_SCOPE_LIMITED');
    }
    expect((await auditRows(t.app, 'actor_id = $1 AND status = 403', [s.userId])).map((r) => r.details.reason)).toContain('booking-only session');

    // The booking: a hold, a card and the appointment.
    const [slot, second] = await makeSlots(t.app.database, 2);
    const held = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/holds',
      headers: s.headers,
      payload: { slotId: slot!.id, providerId: slot!.providerId },
    });
    expect(held.statusCode).toBe(201);
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/patient-cards/tokenize',
      headers: s.headers,
      payload: { number: constants.testCardNumbers.approved[0]!.number, expiration: '12/39', cvv: '123' },
    });
    expect(card.statusCode).toBe(201);
    const self = await selfPatientOf(t.app.database, s.userId);
    const body = bookingBody(held.json().holdId, slot!, [{ id: self.id, consents: consentGiven() }], { selfPay: true, payment: { nonce: card.json().nonce } });
    const key = randomUUID();
    const booked = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: { ...s.headers, 'idempotency-key': key }, payload: body });
    expect(booked.statusCode).toBe(201);
    // Its replay answers the same booking; a second booking is refused.
    const replay = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: { ...s.headers, 'idempotency-key': key }, payload: body });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(booked.json().id);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/holds',
      headers: s.headers,
      payload: { slotId: second!.id, providerId: second!.providerId },
    });
    const secondBooking = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...s.headers, 'idempotency-key': randomUUID() },
      payload: bookingBody(again.json().holdId, second!, [{ id: self.id, consents: consentGiven() }], { selfPay: true, payment: { nonce: card.json().nonce } }),
    });
    expect(secondBooking.statusCode).toBe(403);
    expect(secondBooking.json().errorCode).toBe('SESSION_SCOPE_LIMITED');

    const [user] = await t.app.database.query<{ email_verified_at: string | null }>('SELECT email_verified_at FROM users WHERE id = $1', [s.userId]);
    expect(user!.email_verified_at).toBeNull();

    // Confirming the address with a sign-in code gives a full session, verifies it, and ends the booking-only session.
    const full = await signInWithCode(s.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: s.headers })).json()).toEqual({ signedIn: false });
    const token = sessionCookie(full)!.value;
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: browser(token) })).json()).toMatchObject({ bookingOnly: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${s.userId}/details`, headers: browser(token) })).statusCode).toBe(200);
    const [verified] = await t.app.database.query<{ email_verified_at: string | null }>('SELECT email_verified_at FROM users WHERE id = $1', [s.userId]);
    expect(verified!.email_verified_at).not.toBeNull();
  });
});

describe('GET /users/exists', () => {
  it('tells an anonymous caller nothing, and is limited per staff account', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/exists?email=jordan.rivera%40example.com' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/users/exists?email=nobody.here%40example.com' });
    expect(anonymous.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(anonymous.body).toBe(unknown.body);

    const support = await callerFor(t.app, 'sam.okafor@example.com');
    const limit = constants.accountLookupsPerCallerPerHour * t.app.rateLimitFactor;
    // Its window is spent at once (as many calls would): the next lookup is refused and audited.
    await t.app.database.query("INSERT INTO rate_counters (scope, key, window_start, count, last_at) VALUES ('account-lookup:caller', $1, $2, $3, $4)", [
      support.id,
      windowStart(t.app.clock.now(), 60).toISOString(),
      limit,
      t.app.clock.now().toISOString(),
    ]);
    const refused = await t.app.inject({ method: 'GET', url: '/api/users/exists?email=jordan.rivera%40example.com', headers: support.headers });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('RATE_LIMITED');
  });
});
