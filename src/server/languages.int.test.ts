/**
 * Languages (issue 22): the API answers in the language the app asks in (Accept-Language), and a mail queued
 * while answering is written in that language.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { messageIn } from '@/domain/messages';
import { callerFor, mailTo } from '@tests/support/sessions';
import { signUp } from '@tests/support/sign-up';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
});

afterAll(async () => {
  await t.close();
});

describe('the API in a language', () => {
  it('explains a field error in the language the app asks in', async () => {
    const ask = (language: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', headers: { 'accept-language': language }, payload: { email: 'not-an-address' } });
    const spanish = await ask('es-MX,es;q=0.9,en;q=0.8');
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().errors[0].reason).toBe(messageIn('es', 'validation.email.invalid'));
    expect(messageIn('es', 'validation.email.invalid')).not.toBe(messageIn('en-US', 'validation.email.invalid'));
    const english = await ask('en-US');
    expect(english.json().errors[0].reason).toBe(messageIn('en-US', 'validation.email.invalid'));
  });
});

describe('mail in a language', () => {
  it('writes the sign-in mail in the language the visitor asked in, and in English for an English visitor', async () => {
    const ask = (email: string, language: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', headers: { 'accept-language': language }, payload: { email }, remoteAddress });
    expect((await ask('lucia.munoz@example.com', 'es', '10.22.0.1')).statusCode).toBeLessThan(300);
    expect((await ask('lucy.miller@example.com', 'en-US', '10.22.0.2')).statusCode).toBeLessThan(300);
    const [spanish] = await mailTo(t.app, 'lucia.munoz@example.com');
    const [english] = await mailTo(t.app, 'lucy.miller@example.com');
    expect(spanish?.subject).toMatch(/^Su código para iniciar sesión es \d+|^Su enlace para iniciar sesión/);
    expect(english?.subject).toMatch(/^Your /);
  });
});

describe("an account's language", () => {
  it('is chosen in the account, shown with it, and its mail follows it whatever language the request is in', async () => {
    const email = 'jose.munoz@example.com';
    expect((await signUp(t.app, { email, firstName: 'José', lastName: 'Muñoz', dateOfBirth: '1988-04-02' })).statusCode).toBe(200);
    const jose = await callerFor(t.app, email);
    const chosen = await t.app.inject({ method: 'PATCH', url: `/api/users/${jose.id}`, headers: jose.headers, payload: { language: 'es' } });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().language).toBe('es');
    const refused = await t.app.inject({ method: 'PATCH', url: `/api/users/${jose.id}`, headers: jose.headers, payload: { language: 'xx' } });
    expect(refused.statusCode).toBe(400);

    const before = (await mailTo(t.app, email)).length;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-email-otp',
      headers: { 'accept-language': 'en-US' },
      payload: { email },
      remoteAddress: '10.22.0.3',
    });
    const mails = await mailTo(t.app, email);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]?.subject).toMatch(/^Su código para iniciar sesión es \d+/);
  });
});
