/**
 * Languages (issue 22): the API answers in the language the app asks in (Accept-Language), and a mail queued
 * while answering is written in that language.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { messageIn } from '@/domain/messages';
import { mailTo } from '@tests/support/sessions';

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
