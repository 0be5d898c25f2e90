/**
 * Documents in the account's language: a person who signs up on a Spanish page has a Spanish
 * account; their consent PDF and Good Faith Estimate PDF are written in Spanish whatever language the
 * download is asked in, and "José Muñoz" prints as written (the embedded Unicode font).
 */
import { drainJobs, startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, mailTo, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, makeSlots, selfPatientOf } from '@tests/support/booking';
import { pdfText } from '@tests/support/pdf';
import { constants } from '@/generated/constants';
import { messageIn } from '@/domain/messages';
import { DEFAULT_LOCALE } from '@/domain/locale';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
}, 180_000);
afterAll(async () => t?.close());

/** Signs up as the booking's new-account step does, from a page in the given language. */
async function signUpIn(language: string, email: string, firstName: string, lastName: string, remoteAddress: string): Promise<TestCaller> {
  const headers = { 'accept-language': language };
  const sent = await t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', headers, remoteAddress, payload: { email } });
  expect(sent.statusCode).toBe(200);
  const otp = /\b(\d{6})\b/.exec((await mailTo(t.app, email)).find((m) => m.template === 'sign-in-code')?.text ?? '')?.[1];
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email-otp',
    headers,
    remoteAddress,
    payload: { email, otp, newAccount: { firstName, lastName, dateOfBirth: '1988-04-02' } },
  });
  expect(created.statusCode).toBe(200);
  return callerFor(t.app, email);
}

const english = { 'accept-language': 'en-US' };

describe("documents in the account's language", () => {
  let jose: TestCaller;

  it('records the language of the page a person signs up on', async () => {
    jose = await signUpIn('es-MX,es;q=0.9', 'jose.munoz.docs@example.com', 'José', 'Muñoz', '10.31.0.1');
    const lucy = await signUpIn('en-US,en;q=0.9', 'lucy.docs@example.com', 'Lucy', 'Miller', '10.31.0.2');
    const details = async (c: TestCaller) => (await t.app.inject({ method: 'GET', url: `/api/users/${c.id}/details`, headers: c.headers })).json();
    expect((await details(jose)).language).toBe('es');
    expect((await details(lucy)).language).toBe(DEFAULT_LOCALE);
  });

  it('writes the consent PDF of a Spanish account in Spanish, with "José Muñoz" exactly as written', async () => {
    const self = await selfPatientOf(t.app.database, jose.id);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/patients/${self.id}/consent`,
      headers: jose.headers,
      payload: { consentType: 'bookAppointmentConsent' },
    });
    expect(created.statusCode).toBe(201);
    const consent = created.json();
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/patients/consent/${consent.id}/sign`, headers: jose.headers, payload: { agree: true } })).statusCode,
    ).toBe(200);

    // Asked for in English: the account's language wins.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/patients/${self.id}/consent-pdf/${consent.id}`, headers: { ...jose.headers, ...english } });
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('José Muñoz');
    expect(text).toContain(messageIn('es', 'consent.pdf.title'));
    expect(text).toContain(messageIn('es', 'consent.pdf.patient', { patient: 'José Muñoz' }));
    expect(text).toContain(messageIn('es', 'consent.bookAppointmentConsent.title'));
    expect(messageIn('es', 'consent.pdf.title')).not.toBe(messageIn(DEFAULT_LOCALE, 'consent.pdf.title'));
    expect(text).not.toContain(messageIn(DEFAULT_LOCALE, 'consent.pdf.title'));
  });

  it('writes the Good Faith Estimate of a Spanish account in Spanish, by e-mail and in the portal', async () => {
    const self = await selfPatientOf(t.app.database, jose.id);
    const [slot] = await makeSlots(t.app.database, 1, { providerOffset: 31 });
    const nonce = (
      await t.app.inject({
        method: 'POST',
        url: '/api/patient-cards/tokenize',
        headers: jose.headers,
        payload: { number: constants.testCardNumbers.approved[0]!.number, expiration: '12/39', cvv: '123' },
      })
    ).json().nonce;
    const { booked } = await bookSlot(t.app, jose, slot!, [{ id: self.id, consents: consentGiven() }], {
      selfPay: true,
      selfPayConsentCategory: 'selfPay',
      payment: { nonce },
    });
    expect(booked?.statusCode).toBe(201);
    const appointment = booked!.json();
    await drainJobs(t.app);
    const mail = (await mailTo(t.app, jose.email)).find((m) => m.template === 'good-faith-estimate');
    const attached = mail!.attachments!.find((a) => a.contentType === 'application/pdf')!;
    const mailed = (await pdfText(Buffer.from(attached.content, 'base64'))).text;
    const res = await t.app.inject({ method: 'GET', url: `/api/appointments/${appointment.id}/good-faith-estimate`, headers: { ...jose.headers, ...english } });
    expect(res.statusCode).toBe(200);
    const portal = (await pdfText(res.rawPayload)).text;
    for (const text of [mailed, portal]) {
      expect(text).toContain(messageIn('es', 'document.gfe.title'));
      expect(text).toContain('José Muñoz');
      expect(text).not.toContain(messageIn(DEFAULT_LOCALE, 'document.gfe.title'));
      // The period it covers in the Spanish form of a date ("26 nov 2026"), not the US one ("11/26/2026").
      expect(text).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
    }
    expect(mail!.text).toMatch(/del \d{1,2} [a-z]+\.? \d{4} al \d{1,2} [a-z]+\.? \d{4}/);
    // The confirmation's video room opens in the account's language, in the mail and in its calendar entry.
    const confirmation = (await mailTo(t.app, jose.email)).find((m) => m.template === 'appointment-confirmation');
    expect(confirmation!.text).toContain(`${t.app.publicUrl}/es/app/visit/${appointment.id}`);
    const ics = confirmation!.attachments!.find((a) => a.filename.endsWith('.ics'))!.content.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(`URL:${t.app.publicUrl}/es/app/visit/${appointment.id}`);
  });
});
