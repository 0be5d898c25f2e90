import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, makeSlots, selfPatientOf } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';

let t: TestApp;
let clinician: TestCaller;
let jordan: TestCaller;
let providerId: string;
let patientId: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  clinician = await callerFor(t.app, 'morgan.lee@example.com');
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  [{ provider_id: providerId }] = (await t.app.database.query<{ provider_id: string }>('SELECT provider_id FROM users WHERE id = $1', [clinician.id])) as [
    { provider_id: string },
  ];
  const self = await selfPatientOf(t.app.database, jordan.id);
  patientId = self.id;
  const [slot] = await makeSlots(t.app.database, 1, { providerId });
  const { booked } = await bookSlot(t.app, jordan, slot!, [{ id: self.id, consents: consentGiven() }], {
    insuranceId: await insurePatient(t.app.database, self.id, { acceptedAt: slot!.practiceId }),
  });
  expect(booked?.statusCode).toBe(201);
}, 180_000);
afterAll(async () => t?.close());

const get = (caller: TestCaller, url: string) => t.app.inject({ method: 'GET', url, headers: caller.headers });

describe("a clinician's clients", () => {
  it("lists the provider's clients with their next session and care status, searchable by name, audited", async () => {
    const res = await get(clinician, '/api/care/clients');
    expect(res.statusCode).toBe(200);
    const jordanRow = res.json().items.find((c: { id: string }) => c.id === patientId);
    expect(jordanRow).toMatchObject({ firstName: 'Jordan', lastName: 'Rivera', careStatus: 'in_care', latest: { phq9: null, gad7: null } });
    expect(jordanRow.nextSession).not.toBeNull();
    expect((await get(clinician, '/api/care/clients?q=jord')).json().items.map((c: { id: string }) => c.id)).toContain(patientId);
    expect((await get(clinician, '/api/care/clients?q=zzzz')).json().items).toEqual([]);
    expect((await auditRows(t.app, "action = 'listCareClients' AND actor_id = $1", [clinician.id])).at(-1)).toMatchObject({
      record_type: 'provider',
      record_id: providerId,
      outcome: 'success',
    });
  });

  it('opens one client with what a clinician needs, audited; keeps notes', async () => {
    const res = await get(clinician, `/api/care/clients/${patientId}`);
    expect(res.json()).toMatchObject({ client: { id: patientId } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sessions.length).toBeGreaterThan(0);
    expect(body.insurances.length).toBeGreaterThan(0);
    expect(body.consents.length).toBeGreaterThan(0);
    expect(body.contact.email).toBe('jordan.rivera@example.com');
    expect(body.progress.phq9).toMatchObject({ due: true, trend: null });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/patients/save-note',
      headers: clinician.headers,
      payload: { patientId, noteType: 'clinical_handoff', text: 'Prefers mornings.' },
    });
    expect(saved.statusCode).toBe(201);
    expect((await get(clinician, `/api/care/clients/${patientId}`)).json().notes[0]).toMatchObject({ text: 'Prefers mornings.', authorName: 'Morgan Lee' });
    expect((await auditRows(t.app, "action = 'getCareClient' AND actor_id = $1", [clinician.id])).at(-1)).toMatchObject({
      record_type: 'patient',
      record_id: patientId,
      outcome: 'success',
    });
  });

  it("never opens another provider's client: NOT_FOUND like an unknown patient, audited", async () => {
    const [other] = await t.app.database.query<{ id: string }>(
      // Someone else's patient (the partner member, or anyone the provider has never seen).
      'SELECT p.id FROM patients p WHERE p.id NOT IN (SELECT ap2.patient_id FROM appointment_patients ap2 JOIN appointments a2 ON a2.id = ap2.appointment_id WHERE a2.provider_id = $1) ORDER BY p.created_at LIMIT 1',
      [providerId],
    );
    for (const id of [other!.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await get(clinician, `/api/care/clients/${id}`);
      expect(res.statusCode).toBe(404);
      expect((await auditRows(t.app, "action = 'getCareClient' AND record_id = $1", [id])).at(-1)).toMatchObject({ outcome: 'denied' });
      const note = await t.app.inject({
        method: 'POST',
        url: '/api/patients/save-note',
        headers: clinician.headers,
        payload: { patientId: id, noteType: 'general', text: 'x' },
      });
      expect(note.statusCode).toBe(404);
    }
  });
});

describe('measurement-based care', () => {
  it('the patient sees a PHQ-9 due, completes it with item 9 answered; the clinician gets an urgent alert task and sees score, band and flag', async () => {
    const due = await get(jordan, `/api/patients/${patientId}/measures`);
    expect(due.statusCode).toBe(200);
    expect(due.json().due).toEqual(['phq9', 'gad7']);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/patients/${patientId}/measures`,
      headers: jordan.headers,
      payload: { instrument: 'phq9', answers: [1, 2, 1, 1, 2, 1, 1, 0, 1] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ instrument: 'phq9', total: 10, band: 'moderate', bandLabel: 'Moderate', urgent: true });
    expect((await get(jordan, `/api/patients/${patientId}/measures`)).json().due).toEqual(['gad7']);
    const [task] = await t.app.database.query<{ kind: string; priority: string; status: string }>(
      'SELECT kind, priority, status FROM tasks WHERE patient_id = $1 AND provider_id = $2',
      [patientId, providerId],
    );
    expect(task).toEqual({ kind: 'clinical_alert', priority: 'stat', status: 'open' });
    const dashboard = await get(clinician, '/api/care/mbc');
    expect(dashboard.statusCode).toBe(200);
    const row = dashboard.json().items[0];
    expect(row.client).toMatchObject({ id: patientId, urgent: true, latest: { phq9: { total: 10, bandLabel: 'Moderate' } } });
    expect(row.progress.phq9).toMatchObject({ baseline: 10, latest: 10, trend: null, due: false });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/patients/${patientId}/measures`,
          headers: jordan.headers,
          payload: { instrument: 'gad7', answers: [1, 1] },
        })
      ).statusCode,
    ).toBe(400);
    expect((await get(clinician, `/api/patients/${patientId}/measures`)).statusCode).toBe(403);
  });
});

describe("a client's signed consents as PDFs", () => {
  it("a clinician downloads their own client's signed consent; another patient's answers NOT_FOUND, audited", async () => {
    const consents = (await get(clinician, `/api/care/clients/${patientId}`)).json().consents as { id: string; signedAt: string | null }[];
    const signed = consents.find((c) => c.signedAt !== null)!;
    expect(signed).toBeDefined();
    const own = await get(clinician, `/api/patients/${patientId}/consent-pdf/${signed.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toContain('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await auditRows(t.app, "action = 'getConsentPdf' AND actor_id = $1", [clinician.id])).at(-1)).toMatchObject({
      outcome: 'success',
      record_type: 'consent',
      record_id: signed.id,
    });

    // A signed consent of someone who never had a session with the clinician's provider.
    const [theirs] = await t.app.database.query<{ id: string; patient_id: string }>(
      `SELECT c.id, c.patient_id FROM consents c WHERE c.signed_at IS NOT NULL AND c.patient_id NOT IN
         (SELECT ap.patient_id FROM appointment_patients ap JOIN appointments a ON a.id = ap.appointment_id WHERE a.provider_id = $1) ORDER BY c.created_at LIMIT 1`,
      [providerId],
    );
    expect(theirs).toBeDefined();
    const other = await get(clinician, `/api/patients/${theirs!.patient_id}/consent-pdf/${theirs!.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().errorCode).toBe('NOT_FOUND');
    expect((await auditRows(t.app, "action = 'getConsentPdf' AND record_id = $1", [theirs!.patient_id])).at(-1)).toMatchObject({ outcome: 'denied' });
    // Another patient's consent named under the clinician's own client is not found either.
    expect((await get(clinician, `/api/patients/${patientId}/consent-pdf/${theirs!.id}`)).statusCode).toBe(404);
    // The patient still reaches their own.
    expect((await get(jordan, `/api/patients/${patientId}/consent-pdf/${signed.id}`)).statusCode).toBe(200);
  });
});
