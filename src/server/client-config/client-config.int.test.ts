import { startTestApp, type TestApp } from '@tests/support/app';
import { mailTo } from '@tests/support/sessions';
import { loadConfig } from '@/server/config';
import { demoAccounts } from '@/server/db/seed/demo-accounts';

const patient = demoAccounts.find((a) => a.role === 'Patient')!;

// Two apps for the file (each start is a database and an app build): one with Google sign-in set up, and one
// without it whose sign-in codes expire at once (a test-only setting, which client-config must not tell either).
let withGoogle: TestApp;
let withoutGoogle: TestApp;
beforeAll(async () => {
  withGoogle = await startTestApp({ env: { GOOGLE_CLIENT_ID: 'client-1.apps.example' } });
  withoutGoogle = await startTestApp({ seed: true, env: { TEST_SIGN_IN_LIFETIME_SECONDS: '0' } });
}, 90_000);
afterAll(async () => {
  await withGoogle.close();
  await withoutGoogle.close();
});

describe('GET /api/client-config', () => {
  it('tells the browser the Google client id when Google sign-in is set up', async () => {
    const res = await withGoogle.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ googleClientId: 'client-1.apps.example' });
  });

  it('says nothing of Google when it is not set up, and never more than the public settings', async () => {
    const res = await withoutGoogle.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.json()).toEqual({});
    expect(res.body).not.toMatch(/secret|jwt|smtp/i);
  });
});

describe('TEST_SIGN_IN_LIFETIME_SECONDS', () => {
  it('is refused outside tests', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', TEST_SIGN_IN_LIFETIME_SECONDS: '0' })).toThrow(/for tests only/);
    expect(loadConfig({ NODE_ENV: 'test', TEST_SIGN_IN_LIFETIME_SECONDS: '0' }).testSignInLifetimeSeconds).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).testSignInLifetimeSeconds).toBeUndefined();
  });

  describe('at 0 seconds, codes and links are expired when they arrive', () => {
    it('refuses the e-mailed code as OTP_INVALID', async () => {
      await withoutGoogle.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', payload: { email: patient.email } });
      const [mail] = await mailTo(withoutGoogle.app, patient.email);
      const otp = /\b(\d{6})\b/.exec(mail!.subject)![1];
      const res = await withoutGoogle.app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', payload: { email: patient.email, otp } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ errorCode: 'OTP_INVALID' });
    });

    it('refuses the e-mailed link as LOGIN_LINK_INVALID', async () => {
      await withoutGoogle.app.inject({ method: 'POST', url: '/api/auth/send-magic-link', payload: { email: patient.email } });
      const [mail] = await mailTo(withoutGoogle.app, patient.email);
      const token = /loginToken=([A-Za-z0-9_-]+)/.exec(mail!.text)![1];
      const res = await withoutGoogle.app.inject({ method: 'GET', url: `/api/auth/verify-token/${token}` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ errorCode: 'LOGIN_LINK_INVALID' });
    });
  });
});
