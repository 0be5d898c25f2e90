/**
 * Sessions end: a server-side session behind every token. Sign-out, a change of
 * the account's groups, a confirmed e-mail change (other sessions) and sessionIdleMinutes without a
 * request end it at once; a token without a session signs nobody in.
 */
import { SignJWT } from 'jose';
import { constants } from '@/generated/constants';
import { startTestApp, type TestApp } from '../support/app';
import { callerFor, mailTo, type TestCaller } from '../support/sessions';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
});

afterAll(async () => {
  await t.close();
});

const details = (caller: Pick<TestCaller, 'id' | 'headers'>) =>
  t.app.inject({ method: 'GET', url: `/api/users/${caller.id}/details`, headers: caller.headers });

async function endReasonOf(sessionId: string): Promise<string | null> {
  const [row] = await t.app.database.query<{ end_reason: string | null }>('SELECT end_reason FROM auth_sessions WHERE id = $1', [sessionId]);
  return row!.end_reason;
}

describe('sessions', () => {
  it('signing in with a code starts a session that sign-out ends at once, everywhere the token is', async () => {
    const email = 'jordan.rivera@example.com';
    await t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', remoteAddress: '10.4.0.1', payload: { email } });
    const code = /\b(\d{6})\b/.exec((await mailTo(t.app, email)).find((m) => m.template === 'sign-in-code')!.text)![1];
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', remoteAddress: '10.4.0.1', payload: { email, otp: code } });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json() as { accessToken: string; user: { id: string } };
    const headers = { authorization: `Bearer ${session.accessToken}` };
    expect((await details({ id: session.user.id, headers })).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers });
    expect(out.statusCode).toBe(204);
    const after = await details({ id: session.user.id, headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ errorCode: 'UNAUTHENTICATED' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers })).statusCode).toBe(401);
  });

  it('ends a session when the account loses (or gains) a group', async () => {
    const support = await callerFor(t.app, 'casey.nguyen@example.com');
    expect((await details(support)).statusCode).toBe(200);
    const [before] = await t.app.database.query<{ groups: string[] }>('SELECT groups FROM users WHERE id = $1', [support.id]);
    await t.app.database.query("UPDATE users SET groups = '{support}' WHERE id = $1", [support.id]);
    try {
      expect((await details(support)).statusCode).toBe(401);
      expect(await endReasonOf(support.sessionId)).toBe('groups changed');
      // A new sign-in carries the new groups.
      expect((await details(await callerFor(t.app, support.email))).statusCode).toBe(200);
    } finally {
      await t.app.database.query('UPDATE users SET groups = $2 WHERE id = $1', [support.id, before!.groups]);
    }
  });

  it(`ends a session after ${constants.sessionIdleMinutes} minutes without a request, and not before`, async () => {
    const patient = await callerFor(t.app, 'devon.park@example.com');
    await t.app.database.query("UPDATE auth_sessions SET last_seen_at = now() - make_interval(mins => $2) + interval '1 minute' WHERE id = $1", [
      patient.sessionId,
      constants.sessionIdleMinutes,
    ]);
    expect((await details(patient)).statusCode).toBe(200);
    // Idle by the app's clock, which decides (not the database's).
    await t.app.database.query('UPDATE auth_sessions SET last_seen_at = $2::timestamptz - make_interval(mins => $3) WHERE id = $1', [
      patient.sessionId,
      t.app.clock.now().toISOString(),
      constants.sessionIdleMinutes,
    ]);
    expect((await details(patient)).statusCode).toBe(401);
    expect(await endReasonOf(patient.sessionId)).toBe('idle');
  });

  it("a confirmed e-mail change ends the account's other sessions, not the one that confirmed", async () => {
    const here = await callerFor(t.app, 'avery.johnson@example.com');
    const elsewhere = await callerFor(t.app, 'avery.johnson@example.com');
    const newEmail = 'avery.sessions@example.org';
    expect((await t.app.inject({ method: 'PATCH', url: `/api/users/${here.id}`, headers: here.headers, payload: { email: newEmail } })).statusCode).toBe(200);
    // Asking is not enough: both sessions go on until the code is confirmed.
    expect((await details(elsewhere)).statusCode).toBe(200);
    const code = /\b(\d{6})\b/.exec((await mailTo(t.app, newEmail)).find((m) => m.template === 'email-change-code')!.text)![1]!;
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/users/${here.id}/confirm-email`, headers: here.headers, payload: { code } });
    expect(confirmed.statusCode).toBe(200);
    expect((await details(elsewhere)).statusCode).toBe(401);
    expect(await endReasonOf(elsewhere.sessionId)).toBe('email changed');
    const own = await details(here);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ email: newEmail });
  });

  it('refuses a validly signed token that names no open session', async () => {
    const patient = await callerFor(t.app, 'morgan.lee@example.com');
    const noSession = await new SignJWT({ email: patient.email, userType: 'clinician', groups: patient.groups })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(patient.id)
      .setIssuer('mindful-care')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(t.app.keys.jwt);
    expect((await details({ id: patient.id, headers: { authorization: `Bearer ${noSession}` } })).statusCode).toBe(401);
    const someoneElses = await new SignJWT({
      email: patient.email,
      userType: 'clinician',
      groups: patient.groups,
      sid: (await callerFor(t.app, 'riley.chen@example.com')).sessionId,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(patient.id)
      .setIssuer('mindful-care')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(t.app.keys.jwt);
    expect((await details({ id: patient.id, headers: { authorization: `Bearer ${someoneElses}` } })).statusCode).toBe(401);
  });
});
