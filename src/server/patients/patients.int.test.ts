/** The account's patients, one patient and its changes with the §5 rules, and the support patient calls; reach: a patient only their own account's, a third-party agent only their partner's members', staff any; anything else 404 and audited. */
import { auditRows } from '@tests/support/sessions';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { addDaysIso, todayIso } from '@/domain/dates';
import { DEMO_PATIENT_EMAIL } from '@/server/db/seed/patients-insurance';
import { agent, avery, averySelf, jordan, jordanSelf, mia, startPatientsApp, support, t } from './patients-world';

startPatientsApp();

describe('GET /api/patients', () => {
  it("lists the caller's own patients, Self first, with scheduling-system ids", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/patients', headers: jordan.headers });
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    // Jordan's two children (Mia and Leo) come after Self.
    expect(items.map((p: { relationship: string }) => p.relationship)).toEqual(['Self', 'Child', 'Child']);
    expect(items[0]).toMatchObject({
      id: jordanSelf,
      firstName: 'Jordan',
      isMinor: false,
      licenseKey: constants.schedulingLicenseKey,
      ehrId: expect.stringMatching(/^P\d+$/),
    });
    expect(items.find((p: { id: string }) => p.id === mia)).toMatchObject({ id: mia, isMinor: true });
  });

  it("answers another account's patients to staff, and 404 to another patient", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/patients?userId=${jordan.id}`, headers: support.headers })).json().items).toHaveLength(3);
    const res = await t.app.inject({ method: 'GET', url: `/api/patients?userId=${jordan.id}`, headers: avery.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('NOT_FOUND');
  });
});

describe('GET and PUT /api/patients/{id}', () => {
  it('reads a dependant, and audits the read', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/${mia}?userId=${jordan.id}`, headers: jordan.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: mia, firstName: 'Mia', relationship: 'Child', userId: jordan.id });
    const rows = await auditRows(t.app, "action = 'getPatient' AND record_id = $1", [mia]);
    expect(rows.at(-1)).toMatchObject({ actor_id: jordan.id, outcome: 'success', record_type: 'patient' });
  });

  it('answers 404, the same as for no patient, to a caller who may not reach it, and to a wrong userId', async () => {
    for (const [caller, url] of [
      [avery, `/api/patients/${mia}`],
      [agent, `/api/patients/${mia}`],
      [jordan, `/api/patients/${averySelf}`],
      [jordan, `/api/patients/${mia}?userId=${avery.id}`],
      [jordan, '/api/patients/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: caller.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().description).toBe(errorCatalogue.NOT_FOUND.message);
    }
    expect((await auditRows(t.app, "action = 'getPatient' AND outcome = 'denied'")).length).toBeGreaterThanOrEqual(5);
  });

  it("lets a third-party agent reach their partner's members only", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${averySelf}`, headers: agent.headers })).statusCode).toBe(200);
  });

  it('changes details, and forgets the phone check when the number changes', async () => {
    await t.db.database.query('UPDATE patients SET phone_number_valid = true WHERE id = $1', [mia]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/patients/${mia}`,
      headers: jordan.headers,
      payload: { lastName: 'Rivera-Cruz', phoneNumber: '(512) 555-0143', gender: 'Female' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lastName: 'Rivera-Cruz', phoneNumber: '(512) 555-0143', phoneNumberValid: null, firstName: 'Mia' });
  });

  it('validates with the §5 messages of the Patient entity', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/patients/${mia}`,
      headers: jordan.headers,
      payload: { firstName: 'M1a', dateOfBirth: addDaysIso(todayIso(), 1) },
    });
    expect(res.statusCode).toBe(400);
    const reasons = Object.fromEntries(res.json().errors.map((e: { field: string; reason: string }) => [e.field, e.reason]));
    expect(reasons.firstName).toBe(messages['validation.firstName.invalid']);
    expect(reasons.dateOfBirth).toBe(messages['validation.date.notInPast']);
    const phone = await t.app.inject({ method: 'PUT', url: `/api/patients/${mia}`, headers: jordan.headers, payload: { phoneNumber: '123' } });
    expect(phone.json().errors[0]).toMatchObject({ field: 'phoneNumber', reason: messages['validation.phone.invalid'] });
    const empty = await t.app.inject({ method: 'PUT', url: `/api/patients/${mia}`, headers: jordan.headers, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps one Self per account', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/patients/${mia}`, headers: jordan.headers, payload: { relationship: 'Self' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'relationship', reason: messages['validation.relationship.selfTaken'] });
  });

  it('needs a date of birth unless the relationship is a child kind', async () => {
    await t.db.database.query('UPDATE patients SET date_of_birth = NULL WHERE id = $1', [mia]);
    const res = await t.app.inject({ method: 'PUT', url: `/api/patients/${mia}`, headers: jordan.headers, payload: { relationship: 'Spouse' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'dateOfBirth', reason: messages['validation.dateOfBirth.required'] });
    const ok = await t.app.inject({ method: 'PUT', url: `/api/patients/${mia}`, headers: jordan.headers, payload: { relationship: 'Stepchild' } });
    expect(ok.statusCode).toBe(200);
    await t.app.inject({ method: 'PUT', url: `/api/patients/${mia}`, headers: jordan.headers, payload: { relationship: 'Child', dateOfBirth: '2015-03-02' } });
  });

  it("refuses a change to someone else's patient without changing it", async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/patients/${averySelf}`, headers: jordan.headers, payload: { lastName: 'Taken' } });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.database.query<{ last_name: string }>('SELECT last_name FROM patients WHERE id = $1', [averySelf]);
    expect(row!.last_name).toBe('Johnson');
  });
});

describe('support patient calls', () => {
  it('show the patient with account, insurances and notes, and change demographics with the same rules', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/support/patients/${jordanSelf}`, headers: support.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ patient: { id: jordanSelf }, account: { id: jordan.id, email: DEMO_PATIENT_EMAIL } });
    expect(res.json().insurances.length).toBeGreaterThanOrEqual(2);
    expect(res.json().notes.length).toBeGreaterThanOrEqual(1);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/support/patients/${jordanSelf}`,
      headers: support.headers,
      payload: { phoneNumber: '(512) 555-0100', phoneNumberValid: true },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().patient).toMatchObject({ phoneNumber: '(512) 555-0100', phoneNumberValid: true });
    const bad = await t.app.inject({ method: 'PUT', url: `/api/support/patients/${jordanSelf}`, headers: support.headers, payload: { relationship: 'Child' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'relationship', reason: messages['validation.relationship.holderIsSelf'] });
  });

  it("are for staff only, and an agent reaches only their partner's members", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/support/patients/${jordanSelf}`, headers: jordan.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/support/patients/${jordanSelf}`, headers: agent.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/support/patients/${averySelf}`, headers: agent.headers })).statusCode).toBe(200);
  });
});
