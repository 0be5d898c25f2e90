/**
 * What the verification screens rely on (/app/verify/consent, /app/verify-user-payment): an account
 * holder signs and verifies the booking consent of their minor, the account's patient list then shows it
 * as given (the portal's "Sign consent" to-do clears), every step writes an audit row, and another
 * account's consent or patient answers 404 exactly like one that does not exist.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { constants } from '@/generated/constants';

let t: TestApp;
let jordan: TestCaller;
let avery: TestCaller;
let miaId: string;
const unknownId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  avery = await callerFor(t.app, 'avery.johnson@example.com');
  const [mia] = await t.app.database.query<{ id: string }>("SELECT id FROM patients WHERE user_id = $1 AND relationship = 'Child'", [jordan.id]);
  miaId = mia!.id;
}, 180_000);
afterAll(async () => t?.close());

async function consentsOfMia() {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/patients', headers: jordan.headers });
  return (res.json().items as { id: string; consents?: { isConsentProvided: boolean }[] }[]).find((p) => p.id === miaId)?.consents ?? [];
}

async function auditRows(recordId: string) {
  return t.app.database.query<{ action: string; outcome: string; status: number | null }>(
    'SELECT action, outcome, status FROM audit_log WHERE record_id = $1 ORDER BY id',
    [recordId],
  );
}

describe('consent verification of a patient on the account', () => {
  it('signs and verifies, the patient list shows the consent given, and each step is audited', async () => {
    expect(await consentsOfMia()).toEqual([]);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/patients/${miaId}/consent`,
      headers: jordan.headers,
      payload: { consentType: 'bookAppointmentConsent' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await consentsOfMia()).map((c) => c.isConsentProvided)).toEqual([false]);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/patients/consent/${id}/sign`, headers: jordan.headers, payload: { agree: true } })).statusCode,
    ).toBe(200);
    const verified = await t.app.inject({ method: 'POST', url: `/api/patients/consent/${id}/verify`, headers: jordan.headers });
    expect(verified.json()).toMatchObject({ verified: true, consent: { id, signed: true, verified: true, version: constants.consentTemplateVersion } });
    expect((await consentsOfMia()).map((c) => c.isConsentProvided)).toEqual([true]);
    const actions = (await auditRows(id)).filter((r) => r.outcome === 'success').map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['createPatientConsent', 'signConsent', 'verifyConsent']));
  });

  it("answers another account's consent exactly like an unknown one, and audits the refusal", async () => {
    const id = (
      await t.app.inject({ method: 'POST', url: `/api/patients/${miaId}/consent`, headers: jordan.headers, payload: { consentType: 'bookAppointmentConsent' } })
    ).json().id as string;
    for (const url of [`/api/patients/consent/${id}/verify`, `/api/patients/consent/${unknownId}/verify`]) {
      const res = await t.app.inject({ method: 'POST', url, headers: avery.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('NOT_FOUND');
    }
    const theirs = await t.app.inject({ method: 'POST', url: `/api/patients/consent/${id}/sign`, headers: avery.headers, payload: { agree: true } });
    const unknown = await t.app.inject({ method: 'POST', url: `/api/patients/consent/${unknownId}/sign`, headers: avery.headers, payload: { agree: true } });
    expect([theirs.statusCode, theirs.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect(theirs.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/patients/${miaId}/consent`,
          headers: avery.headers,
          payload: { consentType: 'bookAppointmentConsent' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/consent-template?patientIds[]=${miaId}`, headers: avery.headers })).statusCode).toBe(404);
    // still unsigned: the refused calls changed nothing
    expect((await t.app.inject({ method: 'POST', url: `/api/patients/consent/${id}/verify`, headers: jordan.headers })).json()).toMatchObject({
      verified: false,
      consent: { signed: false },
    });
    expect(await auditRows(id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'signConsent', outcome: 'denied', status: 404 }),
        expect.objectContaining({ action: 'verifyConsent', outcome: 'denied', status: 404 }),
      ]),
    );
    // signing without agreeing is refused
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/patients/consent/${id}/sign`, headers: jordan.headers, payload: { agree: false } })).statusCode,
    ).toBe(400);
  });
});

describe('card kept on file for a patient on the account', () => {
  async function nonceFor(caller: TestCaller, number: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patient-cards/tokenize',
      headers: caller.headers,
      payload: { number, expiration: '12/39', cvv: '123' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().nonce as string;
  }

  it('saves an approved card for the minor and lists it; refuses a declined card', async () => {
    const approved = constants.testCardNumbers.approved[0]!;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/patient-cards',
      headers: jordan.headers,
      payload: { patientId: miaId, nonce: await nonceFor(jordan, approved.number) },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ patientId: miaId, brand: approved.brand, last4: approved.number.slice(-4) });
    const listed = await t.app.inject({ method: 'GET', url: `/api/patient-cards/patient/${miaId}`, headers: jordan.headers });
    expect(listed.json().items.map((c: { id: string }) => c.id)).toContain(saved.json().id);
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/patient-cards',
      headers: jordan.headers,
      payload: { patientId: miaId, nonce: await nonceFor(jordan, constants.testCardNumbers.declined[0]!.number) },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().errorCode).toBe('CARD_DECLINED');
  });

  it("refuses another account's patient exactly like an unknown one", async () => {
    const nonce = await nonceFor(avery, constants.testCardNumbers.approved[0]!.number);
    const theirs = await t.app.inject({ method: 'POST', url: '/api/patient-cards', headers: avery.headers, payload: { patientId: miaId, nonce } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/patient-cards', headers: avery.headers, payload: { patientId: unknownId, nonce } });
    expect(theirs.statusCode).toBe(404);
    expect([theirs.statusCode, theirs.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect((await t.app.inject({ method: 'GET', url: `/api/patient-cards/patient/${miaId}`, headers: avery.headers })).statusCode).toBe(404);
  });
});

describe("date of birth confirmed against the patient's record", () => {
  const check = (caller: TestCaller, patientId: string, dob: string) =>
    t.app.inject({ method: 'POST', url: `/api/patients/${patientId}/verify-date-of-birth`, headers: caller.headers, payload: { dob } });

  it('confirms the right date and refuses a wrong one with the catalogue error; another account gets 404 like an unknown patient', async () => {
    expect((await check(jordan, miaId, '2015-03-02')).json()).toEqual({ verified: true });
    const wrong = await check(jordan, miaId, '2015-03-03');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errorCode).toBe('DOB_MISMATCH');
    const theirs = await check(avery, miaId, '2015-03-02');
    const unknown = await check(avery, unknownId, '2015-03-02');
    expect(theirs.statusCode).toBe(404);
    expect([theirs.statusCode, theirs.json()]).toEqual([unknown.statusCode, unknown.json()]);
    expect((await check(jordan, miaId, '03/02/2015')).statusCode).toBe(400);
    const rows = await auditRows(miaId);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'verifyPatientDateOfBirth', outcome: 'success' }),
        expect.objectContaining({ action: 'verifyPatientDateOfBirth', outcome: 'failure', status: 422 }),
        expect.objectContaining({ action: 'verifyPatientDateOfBirth', outcome: 'denied', status: 404 }),
      ]),
    );
  });

  it('locks the check after the allowed wrong dates, even for the right date', async () => {
    const [self] = await t.app.database.query<{ id: string; dob: string }>(
      "SELECT id, to_char(date_of_birth, 'YYYY-MM-DD') AS dob FROM patients WHERE user_id = $1 AND relationship = 'Self'",
      [jordan.id],
    );
    for (let i = 0; i < constants.otpMaxWrongTries; i += 1) expect((await check(jordan, self!.id, '1970-01-01')).json().errorCode).toBe('DOB_MISMATCH');
    const locked = await check(jordan, self!.id, self!.dob);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorCode).toBe('DOB_CHECK_LOCKED');
  });
});
