import { startTestApp, type TestApp } from '@tests/support/app';
import { issuePatientToken } from '@/server/front-desk/patient-token';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { selfPatientOf } from '@tests/support/booking';
import { pdfText as readPdf } from '@tests/support/pdf';

const pdfText = async (bytes: Buffer) => (await readPdf(bytes)).text;
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';

let t: TestApp;
let jordan: TestCaller;
let avery: TestCaller;
let sam: TestCaller;
let self: { id: string; firstName: string; lastName: string };
let mia: { id: string; first_name: string; last_name: string };

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  avery = await callerFor(t.app, 'avery.johnson@example.com');
  sam = await callerFor(t.app, 'sam.okafor@example.com');
  self = await selfPatientOf(t.app.database, jordan.id);
  [mia] = (await t.app.database.query<{ id: string; first_name: string; last_name: string }>(
    "SELECT id, first_name, last_name FROM patients WHERE user_id = $1 AND relationship = 'Child'",
    [jordan.id],
  )) as [typeof mia];
}, 180_000);
afterAll(async () => t?.close());

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_m, k: string) => String(values[k]));

describe('consent', () => {
  it('gives the template for the patients asked (bracket-format ids), with the guardian wording for a minor', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/patients/consent-template?patientIds[]=${self.id}&patientIds[]=${mia.id}`,
      headers: jordan.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      consentType: 'bookAppointmentConsent',
      version: constants.consentTemplateVersion,
      title: messages['consent.bookAppointmentConsent.title'],
    });
    expect(body.patients[0]).toMatchObject({ patientId: self.id, isMinor: false, signerCapacity: null });
    expect(body.patients[1]).toMatchObject({
      patientId: mia.id,
      isMinor: true,
      signerCapacity: fill(messages['consent.guardianOf'], { patient: `${mia.first_name} ${mia.last_name}` }),
    });
    expect(body.patients[1].consentText).toContain(`${mia.first_name} ${mia.last_name}`);
    const payment = await t.app.inject({
      method: 'GET',
      url: `/api/patients/consent-template?patientIds[]=${self.id}&consentType=paymentConsent&selfPayConsentCategory=switchToSelfPay`,
      headers: jordan.headers,
    });
    expect(payment.json().consentText).toBe(fill(messages['consent.paymentConsent.text.switchToSelfPay'], { patient: `${self.firstName} ${self.lastName}` }));
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/consent-template?patientIds[]=${mia.id}`, headers: avery.headers })).statusCode).toBe(404);
  });

  it("creates, signs and verifies a minor's consent, and the PDF says who signed, for whom, when, and the text", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/patients/${mia.id}/consent`,
      headers: jordan.headers,
      payload: { consentType: 'bookAppointmentConsent' },
    });
    expect(created.statusCode).toBe(201);
    const consent = created.json();
    expect(consent).toMatchObject({ patientId: mia.id, signed: false, verified: false, version: constants.consentTemplateVersion });
    const unsigned = await t.app.inject({ method: 'POST', url: `/api/patients/consent/${consent.id}/verify`, headers: jordan.headers });
    expect(unsigned.json()).toMatchObject({ verified: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${mia.id}/consent-pdf/${consent.id}`, headers: jordan.headers })).json().errorCode).toBe(
      'CONSENT_NOT_SIGNED',
    );
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/patients/consent/${consent.id}/sign`, headers: avery.headers, payload: { agree: true } })).statusCode,
    ).toBe(404);
    const signed = await t.app.inject({ method: 'POST', url: `/api/patients/consent/${consent.id}/sign`, headers: jordan.headers, payload: { agree: true } });
    expect(signed.statusCode).toBe(200);
    const guardian = fill(messages['consent.guardianOf'], { patient: `${mia.first_name} ${mia.last_name}` });
    expect(signed.json()).toMatchObject({ signed: true, signerName: 'Jordan Rivera', signerCapacity: guardian });
    const verified = await t.app.inject({ method: 'POST', url: `/api/patients/consent/${consent.id}/verify`, headers: jordan.headers });
    expect(verified.json()).toMatchObject({ verified: true, consent: { verified: true } });

    const pdf = await t.app.inject({ method: 'GET', url: `/api/patients/${mia.id}/consent-pdf/${consent.id}`, headers: jordan.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(guardian);
    expect(text).toContain(fill(messages['consent.pdf.signer'], { signer: `Jordan Rivera (${guardian})` }).replace(/\s+/g, ' '));
    expect(text).toContain(fill(messages['consent.pdf.patient'], { patient: `${mia.first_name} ${mia.last_name}` }));
    expect(text).toContain(messages['consent.bookAppointmentConsent.title']);
    expect(text).toContain(fill(messages['consent.pdf.version'], { version: constants.consentTemplateVersion }));
    const year = new Date().getUTCFullYear();
    expect(text).toMatch(new RegExp(`${fill(messages['consent.pdf.signedAt'], { date: '' }).trim()} .*${year}`));
    // the text, wrapped across lines, reads the same
    expect(text).toContain(consent.text.replace(/\s+/g, ' ').slice(0, 120));
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${mia.id}/consent-pdf/${consent.id}`, headers: avery.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${self.id}/consent-pdf/${consent.id}`, headers: jordan.headers })).statusCode).toBe(404);
  });

  it('front desk signs with the patient present and verifies; patients may not use the front-desk calls', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: `/api/patients/${self.id}/consent`,
        headers: sam.headers,
        payload: { consentType: 'paymentConsent', selfPayConsentCategory: 'selfPay' },
      })
    ).json();
    const [{ dob }] = (await t.app.database.query<{ dob: string }>("SELECT to_char(date_of_birth, 'YYYY-MM-DD') AS dob FROM patients WHERE id = $1", [
      self.id,
    ])) as [{ dob: string }];
    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/front-desk/patient-auth',
      headers: sam.headers,
      payload: { patientId: self.id, dateOfBirth: dob },
    });
    expect(auth.statusCode).toBe(200);
    const { patientToken } = auth.json();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/patient-tasks/consent/${created.id}/sign`,
          headers: jordan.headers,
          payload: { agree: true, signerName: 'Jordan Rivera', patientToken },
        })
      ).statusCode,
    ).toBe(403);
    // Without the patient's own confirmation on the device, nobody signs for them.
    const [other] = await t.app.database.query<{ id: string }>('SELECT id FROM patients WHERE id <> $1 AND date_of_birth IS NOT NULL LIMIT 1', [self.id]);
    const otherToken = (await issuePatientToken(t.app.keys, other!.id, t.app.clock.now())).token;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/patient-tasks/consent/${created.id}/sign`,
      headers: sam.headers,
      payload: { agree: true, signerName: 'Jordan Rivera', patientToken: otherToken },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('PATIENT_TOKEN_INVALID');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/front-desk/patient-auth',
          headers: sam.headers,
          payload: { patientId: self.id, dateOfBirth: '1900-01-01' },
        })
      ).json().errorCode,
    ).toBe('DOB_MISMATCH');
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/patient-tasks/consent/${created.id}/sign`,
      headers: sam.headers,
      payload: { agree: true, signerName: 'Jordan Rivera', patientToken },
    });
    expect(signed.json()).toMatchObject({
      signed: true,
      source: 'support_web',
      signerCapacity: fill(messages['consent.signedBySelf'], { signer: 'Jordan Rivera' }),
    });
    expect((await t.app.inject({ method: 'POST', url: `/api/patient-tasks/consent/${created.id}/verify`, headers: sam.headers })).json().verified).toBe(true);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/patients/${self.id}/consent-pdf/${created.id}`, headers: jordan.headers });
    expect(await pdfText(pdf.rawPayload)).toContain(messages['consent.paymentConsent.title']);
  });
});
