import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, mailTo } from '@tests/support/sessions';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';

const CLIENT_ID = 'test-client.apps.example';
let t: TestApp;
let jwksDir: string;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;

const patient = demoAccounts.find((a) => a.role === 'Patient')!;
const member = demoAccounts.find((a) => a.dobCheckRequired)!;
const agent = demoAccounts.find((a) => a.userType === 'third_party_support')!;

let ipCounter = 0;
/** Each test signs in from its own address, so per-IP limits of one test never leak into another. */
const freshIp = () => `10.1.0.${(ipCounter += 1)}`;

beforeAll(async () => {
  const google = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  googleKey = google.privateKey;
  strangerKey = stranger.privateKey;
  jwksDir = mkdtempSync(join(tmpdir(), 'jwks-'));
  const file = join(jwksDir, 'jwks.json');
  writeFileSync(file, JSON.stringify({ keys: [{ ...(await exportJWK(google.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] }));
  t = await startTestApp({ seed: true, env: { GOOGLE_JWKS_URL: pathToFileURL(file).href, GOOGLE_CLIENT_ID: CLIENT_ID } });
}, 90_000); // a fresh database and the demo seed take a while on a busy machine

afterAll(async () => {
  await t.close();
  rmSync(jwksDir, { recursive: true, force: true });
});

async function sendOtp(email: string, ip: string, isRetry?: boolean) {
  return t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', remoteAddress: ip, payload: { email, ...(isRetry ? { isRetry } : {}) } });
}

async function latestCode(email: string): Promise<string> {
  const [mail] = await mailTo(t.app, email);
  const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function verifyOtp(email: string, otp: string, ip: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', remoteAddress: ip, payload: { email, otp } });
}

async function latestLinkToken(email: string): Promise<string> {
  const [mail] = await mailTo(t.app, email);
  const token = /loginToken=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no link mailed to ${email}`);
  return token;
}

describe('one-time codes', () => {
  it('signs in with the mailed code, once, with the groups in an expiring token', async () => {
    const ip = freshIp();
    expect((await sendOtp(patient.email, ip)).json()).toEqual({ sent: true, expiresInMinutes: constants.otpExpiryMinutes });
    const code = await latestCode(patient.email);
    const res = await verifyOtp(patient.email, code, ip);
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({
      tokenType: 'Bearer',
      user: { email: patient.email, firstName: patient.firstName, userType: 'patient' },
      groups: patient.groups,
    });
    const claims = decodeJwt(session.accessToken);
    expect(claims).toMatchObject({ sub: session.user.id, email: patient.email, userType: 'patient', groups: patient.groups });
    expect(claims.exp! * 1000).toBe(Date.parse(session.expiresAt));
    expect(claims.exp! - claims.iat!).toBe(constants.accessTokenLifetimeMinutes * 60);

    const again = await verifyOtp(patient.email, code, ip);
    expect(again.statusCode).toBe(errorCatalogue.OTP_INVALID.status);
    expect(again.json()).toMatchObject({ errorCode: 'OTP_INVALID', message: errorCatalogue.OTP_INVALID.message });
  });

  it('keeps only a keyed hash of the code, valid for the configured minutes', async () => {
    const ip = freshIp();
    await sendOtp(agent.email, ip);
    const code = await latestCode(agent.email);
    const [row] = await t.db.database.query<{ code_hash: string; minutes: number }>(
      'SELECT code_hash, extract(epoch FROM expires_at - created_at)::int / 60 AS minutes FROM sign_in_codes WHERE email = $1 ORDER BY created_at DESC, (used_at IS NULL) DESC LIMIT 1',
      [agent.email],
    );
    expect(row!.code_hash).not.toContain(code);
    expect(row!.minutes).toBe(constants.otpExpiryMinutes);
  });

  it('refuses an expired code', async () => {
    const ip = freshIp();
    const email = 'devon.park@example.com';
    await sendOtp(email, ip);
    const code = await latestCode(email);
    // A second before the app's clock (which decides), not the database's.
    await t.db.database.query('UPDATE sign_in_codes SET expires_at = $2 WHERE email = $1 AND used_at IS NULL', [
      email,
      new Date(t.app.clock.now().getTime() - 1000).toISOString(),
    ]);
    expect((await verifyOtp(email, code, ip)).json().errorCode).toBe('OTP_INVALID');
  });

  it('re-sending retires the earlier code', async () => {
    const ip = freshIp();
    const email = 'sam.okafor@example.com';
    await sendOtp(email, ip);
    const first = await latestCode(email);
    await sendOtp(email, ip, true);
    const second = await latestCode(email);
    if (first !== second) expect((await verifyOtp(email, first, ip)).statusCode).toBe(errorCatalogue.OTP_INVALID.status);
    expect((await verifyOtp(email, second, ip)).statusCode).toBe(200);
  });

  it(`locks a code after ${constants.otpMaxWrongTries} wrong tries, even against the right code`, async () => {
    const ip = freshIp();
    const email = 'morgan.lee@example.com';
    await sendOtp(email, ip);
    const code = await latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < constants.otpMaxWrongTries; i += 1) expect((await verifyOtp(email, wrong, ip)).json().errorCode).toBe('OTP_INVALID');
    expect((await verifyOtp(email, code, ip)).json().errorCode).toBe('OTP_INVALID');
  });

  it('answers an unknown address exactly like a known one and mails it a code: verify first, create after', async () => {
    const ip = freshIp();
    const email = 'nobody.here@example.com';
    const res = await sendOtp(email, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: true, expiresInMinutes: constants.otpExpiryMinutes });
    expect((await mailTo(t.app, email)).map((m) => m.template)).toEqual(['sign-in-code']);
    expect((await verifyOtp(email, '123456' === (await latestCode(email)) ? '654321' : '123456', ip)).json().errorCode).toBe('OTP_INVALID');
    const code = await latestCode(email);
    // The right code proves the address; with no account yet, the server asks who the person is and creates nothing.
    const details = await verifyOtp(email, code, ip);
    expect(details.statusCode).toBe(409);
    expect(details.json().errorCode).toBe('SIGN_UP_DETAILS_REQUIRED');
    expect(await t.app.database.query('SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0);
    const badPartner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email-otp',
      remoteAddress: ip,
      payload: { email, otp: code, newAccount: { firstName: 'No', lastName: 'Body', partnershipCode: 'NOPE-123' } },
    });
    expect(badPartner.json().errorCode).toBe('PARTNERSHIP_CODE_INVALID');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email-otp',
      remoteAddress: ip,
      payload: { email, otp: code, newAccount: { firstName: 'No', lastName: 'Body', dateOfBirth: '1990-04-05' } },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().user).toMatchObject({ email, firstName: 'No', lastName: 'Body', userType: 'patient' });
    const [row] = await t.app.database.query<{ verified: boolean }>('SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1', [email]);
    expect(row!.verified).toBe(true);
    // Single use: the code that created the account is spent.
    expect((await verifyOtp(email, code, ip)).json().errorCode).toBe('OTP_INVALID');
  });

  it('tells no anonymous caller whether an address has an account, and lets nobody create one without its code', async () => {
    const exists = await t.app.inject({ method: 'GET', url: `/api/users/exists?email=${encodeURIComponent(patient.email)}` });
    expect(exists.statusCode).toBe(401);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/users/create',
      payload: { email: 'not.mine@example.com', firstName: 'Not', lastName: 'Mine' },
    });
    expect(create.statusCode).toBe(401);
    expect(await t.app.database.query('SELECT 1 FROM users WHERE email = $1', ['not.mine@example.com'])).toHaveLength(0);
  });

  it('limits codes sent to one address per hour', async () => {
    const email = 'casey.nguyen@example.com';
    for (let i = 0; i < constants.signInSendsPerAccountPerHour; i += 1) expect((await sendOtp(email, freshIp())).statusCode).toBe(200);
    const res = await sendOtp(email, freshIp());
    expect(res.statusCode).toBe(429);
    expect(res.json().errorCode).toBe('SIGN_IN_RATE_LIMITED');
  });

  it('limits codes requested from one IP per hour', async () => {
    const ip = freshIp();
    const addresses = Array.from({ length: constants.signInSendsPerIpPerHour }, (_, i) => `visitor${i}@example.com`);
    for (const email of addresses) expect((await sendOtp(email, ip)).statusCode).toBe(200);
    expect((await sendOtp('one.more@example.com', ip)).statusCode).toBe(429);
  });

  it('limits failed attempts per account per hour, even from many addresses', async () => {
    const email = 'riley.chen@example.com';
    for (let i = 0; i < constants.signInFailuresPerAccountPerHour; i += 1) expect((await verifyOtp(email, '999999', freshIp())).statusCode).toBe(401);
    expect((await verifyOtp(email, '999999', freshIp())).json().errorCode).toBe('SIGN_IN_RATE_LIMITED');
  });

  it('limits failed attempts per account from one address without locking out the owner elsewhere', async () => {
    const email = 'morgan.lee@example.com';
    const attacker = freshIp();
    let refusedAt = 0;
    for (let i = 1; i <= constants.signInFailuresPerAccountPerSourcePerHour + 1 && !refusedAt; i += 1) {
      if ((await verifyOtp(email, '999999', attacker)).statusCode === 429) refusedAt = i;
    }
    // The back-off (or the per-source limit) stops the attacker before the account-wide budget is spent.
    expect(refusedAt).toBeGreaterThan(constants.signInBackoffFreeFailures);
    expect(refusedAt).toBeLessThanOrEqual(constants.signInFailuresPerAccountPerSourcePerHour + 1);
    const owner = freshIp();
    expect((await sendOtp(email, owner)).statusCode).toBe(200);
    expect((await verifyOtp(email, await latestCode(email), owner)).statusCode).toBe(200);
  });

  it('validates the body with the spec messages and rejects unknown fields', async () => {
    const short = await verifyOtp(patient.email, '12345', freshIp());
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0]).toMatchObject({ field: 'otp', reason: messages['validation.otp.length'] });
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', payload: { email: patient.email } });
    expect(missing.json().errors[0]).toMatchObject({ field: 'otp', reason: messages['validation.otp.required'] });
    const extra = await t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', payload: { email: patient.email, admin: true } });
    expect(extra.json().errors[0]).toMatchObject({ field: 'admin', keyword: 'additionalProperties' });
    const script = await t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', payload: { email: "<script>alert(1)</script>' OR 1=1 --" } });
    expect(script.statusCode).toBe(400);
    expect(script.json().errors[0]).toMatchObject({ field: 'email', reason: messages['validation.email.invalid'] });
  });
});

describe('magic links', () => {
  it('signs in once with the mailed token of at least 128 bits, and returns where to go', async () => {
    const ip = freshIp();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-magic-link',
      remoteAddress: ip,
      payload: { email: patient.email, redirectTo: '/app/patient/dashboard/home' },
    });
    expect(sent.json()).toEqual({ sent: true, expiresInMinutes: constants.loginTokenExpiryMinutes });
    const token = await latestLinkToken(patient.email);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    // An English reader's link opens the sign-in page with no language prefix.
    expect((await mailTo(t.app, patient.email))[0]?.text).toContain(`${t.app.publicUrl}/login?redirect=true&loginToken=${token}`);
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/login/${token}`, remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: patient.email }, redirectTo: '/app/patient/dashboard/home' });
    const reuse = await t.app.inject({ method: 'GET', url: `/api/auth/login/${token}`, remoteAddress: ip });
    expect(reuse.statusCode).toBe(errorCatalogue.LOGIN_LINK_INVALID.status);
    expect(reuse.json().errorCode).toBe('LOGIN_LINK_INVALID');
  });

  it('verify-token signs in at once when no date of birth is needed', async () => {
    const ip = freshIp();
    await t.app.inject({ method: 'POST', url: '/api/auth/send-magic-link', remoteAddress: ip, payload: { email: agent.email } });
    const token = await latestLinkToken(agent.email);
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/verify-token/${token}`, remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { email: agent.email, userType: 'third_party_support' },
      businessPartner: { partnershipCode: agent.partnershipCode },
    });
    expect(decodeJwt(res.json().accessToken).bp).toBe(res.json().businessPartner.id);
  });

  it('asks for the date of birth when the account requires it, and accepts only the right one', async () => {
    const ip = freshIp();
    await t.app.inject({ method: 'POST', url: '/api/auth/send-magic-link', remoteAddress: ip, payload: { email: member.email } });
    const token = await latestLinkToken(member.email);
    for (const url of [`/api/auth/verify-token/${token}`, `/api/auth/login/${token}`, `/api/auth/login/${token}?dob=1999-01-01`]) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: ip });
      expect(res.statusCode).toBe(errorCatalogue.DOB_REQUIRED.status);
      expect(res.json()).toMatchObject({ errorCode: 'DOB_REQUIRED', message: errorCatalogue.DOB_REQUIRED.message });
    }
    const ok = await t.app.inject({ method: 'GET', url: `/api/auth/login/${token}?dob=${member.dateOfBirth}`, remoteAddress: ip });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(member.email);
  });

  it('stops a token after too many wrong dates of birth', async () => {
    const ip = freshIp();
    await t.app.inject({ method: 'POST', url: '/api/auth/send-magic-link', remoteAddress: ip, payload: { email: member.email } });
    const token = await latestLinkToken(member.email);
    for (let i = 0; i < constants.otpMaxWrongTries; i += 1) {
      await t.app.inject({ method: 'GET', url: `/api/auth/login/${token}?dob=2000-01-0${i + 1}`, remoteAddress: freshIp() });
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/login/${token}?dob=${member.dateOfBirth}`, remoteAddress: freshIp() });
    expect(res.json().errorCode).toBe('LOGIN_LINK_INVALID');
  });

  it('refuses an expired or unknown token', async () => {
    const ip = freshIp();
    await t.app.inject({ method: 'POST', url: '/api/auth/send-magic-link', remoteAddress: ip, payload: { email: patient.email } });
    const token = await latestLinkToken(patient.email);
    await t.db.database.query('UPDATE login_tokens SET expires_at = $1 WHERE used_at IS NULL', [new Date(t.app.clock.now().getTime() - 1000).toISOString()]);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/login/${token}`, remoteAddress: ip })).json().errorCode).toBe('LOGIN_LINK_INVALID');
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/login/${'A'.repeat(43)}`, remoteAddress: ip })).json().errorCode).toBe('LOGIN_LINK_INVALID');
    expect((await t.app.inject({ method: 'GET', url: "/api/auth/login/abc'%20OR%201=1" })).statusCode).toBe(400);
  });
});

describe('Google sign-in', () => {
  const idToken = (key: CryptoKey, { aud = CLIENT_ID, ...claims }: Record<string, unknown>, expiresIn = '5m') =>
    new SignJWT({ email: patient.email, email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer('https://accounts.google.com')
      .setAudience(aud as string)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(key);

  it('signs in with a token signed by the key set, returning relayState', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/google-sso',
      remoteAddress: freshIp(),
      payload: { jwtToken: await idToken(googleKey, {}), relayState: '/app/providers' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: patient.email }, relayState: '/app/providers' });
  });

  it.each([
    ['another key', async () => idToken(strangerKey, {})],
    ['another audience', async () => idToken(googleKey, { aud: 'someone-else' })],
    ['an expired token', async () => idToken(googleKey, {}, '-1m')],
    ['an unverified e-mail', async () => idToken(googleKey, { email_verified: false })],
  ])('refuses %s', async (_label, make) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/google-sso', remoteAddress: freshIp(), payload: { jwtToken: await make() } });
    expect(res.statusCode).toBe(errorCatalogue.GOOGLE_SIGN_IN_FAILED.status);
    expect(res.json().errorCode).toBe('GOOGLE_SIGN_IN_FAILED');
  });
});

describe('access tokens', () => {
  it('stop working at once when the account is disabled', async () => {
    const ip = freshIp();
    await t.app.inject({ method: 'POST', url: '/api/auth/send-magic-link', remoteAddress: ip, payload: { email: 'alex.kim@example.com' } });
    const session = (await t.app.inject({ method: 'GET', url: `/api/auth/login/${await latestLinkToken('alex.kim@example.com')}`, remoteAddress: ip })).json();
    const headers = { authorization: `Bearer ${session.accessToken}` };
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${session.user.id}/details`, headers })).statusCode).toBe(200);
    await t.db.database.query('UPDATE users SET disabled_at = now() WHERE id = $1', [session.user.id]);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${session.user.id}/details`, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('UNAUTHENTICATED');
  });

  it('are refused when forged or malformed', async () => {
    const forged = await new SignJWT({ email: patient.email, userType: 'support', groups: ['support'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-4000-8000-000000000000')
      .setIssuer('mindful-care')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    for (const authorization of [`Bearer ${forged}`, 'Bearer not.a.token', 'Basic abc']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/patients', headers: { authorization } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('the audit trail of sign-in', () => {
  it('records successes and failures with the account, method, outcome and address, never the secret', async () => {
    const rows = await auditRows(t.app, "action = 'signIn'");
    expect(rows.some((r) => r.outcome === 'success' && r.details.method === 'otp' && r.ip !== null && r.actor_id !== null)).toBe(true);
    expect(rows.some((r) => r.outcome === 'success' && r.details.method === 'google')).toBe(true);
    expect(rows.some((r) => r.outcome === 'failure' && r.details.reason === 'wrong code')).toBe(true);
    expect(rows.some((r) => r.outcome === 'failure' && r.details.method === 'link')).toBe(true);
    expect(JSON.stringify(rows)).not.toMatch(/\b\d{6}\b.*otp|loginToken/);
  });

  it('cannot be changed or deleted, even by the database owner', async () => {
    await expect(t.db.database.query("UPDATE audit_log SET outcome = 'success'")).rejects.toThrow(/append-only/);
    await expect(t.db.database.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.db.database.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
  });
});
