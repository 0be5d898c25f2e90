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
    // The schedule's zone, the provider's: the page reads the sessions in it.
    const [provider] = await t.app.database.query<{ time_zone: string }>('SELECT time_zone FROM providers WHERE id = $1', [providerId]);
    expect(res.json().timeZone).toBe(provider!.time_zone);
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

describe('urgent clinical alerts', () => {
  const resolve = (caller: TestCaller, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/care/alerts/${id}/resolve`, headers: caller.headers, payload });
  const taskOf = async (id: string) =>
    (
      await t.app.database.query<{ status: string; version: number; resolution_note: string | null; events: number }>(
        'SELECT status, version, resolution_note, (SELECT count(*)::int FROM task_events e WHERE e.task_id = t.id) AS events FROM tasks t WHERE id = $1',
        [id],
      )
    )[0]!;
  /** A clinical alert as a PHQ-9 raises it, for this provider about this patient. */
  const alertFor = async (provider: string, patient: string) =>
    (
      await t.app.database.query<{ id: string }>(
        `INSERT INTO tasks (kind, subject_type, subject_id, patient_id, provider_id, stage_since, priority, reason, created_at, updated_at)
         VALUES ('clinical_alert', 'measure_response', gen_random_uuid()::text, $1, $2, now(), 'stat', 'PHQ-9 item 9 answered 1 or more', now(), now()) RETURNING id`,
        [patient, provider],
      )
    )[0]!.id;

  it("is never reached on another provider's alert or client: NOT_FOUND, nothing changes, audited", async () => {
    const [colleague] = await t.app.database.query<{ id: string }>('SELECT id FROM providers WHERE id <> $1 AND removed_at IS NULL ORDER BY id LIMIT 1', [
      providerId,
    ]);
    const [stranger] = await t.app.database.query<{ id: string }>(
      'SELECT p.id FROM patients p WHERE p.id NOT IN (SELECT ap.patient_id FROM appointment_patients ap JOIN appointments a ON a.id = ap.appointment_id WHERE a.provider_id = $1) ORDER BY p.created_at LIMIT 1',
      [providerId],
    );
    // The colleague's alert about the colleague's client; and an alert naming this provider about someone who is not their client.
    const theirs = await alertFor(colleague!.id, stranger!.id);
    const notAClient = await alertFor(providerId, stranger!.id);
    for (const id of [theirs, notAClient, '00000000-0000-4000-8000-000000000000']) {
      const before = id.startsWith('0000') ? null : await taskOf(id);
      const res = await resolve(clinician, id, { version: 1, note: 'Called the client.' });
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('NOT_FOUND');
      if (before) expect(await taskOf(id)).toEqual(before);
    }
    expect(await taskOf(theirs)).toMatchObject({ status: 'open', version: 1, resolution_note: null, events: 0 });
    expect((await auditRows(t.app, "action = 'resolveCareAlert' AND record_id = $1", [theirs])).at(-1)).toMatchObject({ outcome: 'denied', status: 404 });
    expect((await auditRows(t.app, "action = 'resolveCareAlert' AND record_id = $1", [stranger!.id])).at(-1)).toMatchObject({ outcome: 'denied' });
  });

  it('needs a note: a blank or missing one changes nothing', async () => {
    const [alert] = (await get(clinician, '/api/care/mbc')).json().items.find((r: { client: { id: string } }) => r.client.id === patientId).alerts;
    const before = await taskOf(alert.id);
    const blank = await resolve(clinician, alert.id, { version: alert.version, note: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errorCode).toBe('TASK_NOTE_REQUIRED');
    expect((await resolve(clinician, alert.id, { version: alert.version })).statusCode).toBe(400);
    expect(await taskOf(alert.id)).toEqual(before);
    expect(before.status).toBe('open');
  });

  it("the clinician resolves their own client's alert with a note: the urgent flag and the urgent-measure need clear, audited", async () => {
    const nenaNeeds = async () =>
      ((await get(clinician, '/api/care/nena')).json().items as { client: { id: string }; needs: string[] }[]).find((i) => i.client.id === patientId)?.needs ??
      [];
    expect(await nenaNeeds()).toContain('urgent_measure');
    const row = (await get(clinician, '/api/care/mbc')).json().items.find((r: { client: { id: string } }) => r.client.id === patientId);
    expect(row.client.urgent).toBe(true);
    expect(row.alerts).toHaveLength(1);
    const [alert] = row.alerts;
    expect(alert).toMatchObject({ priority: 'stat', version: 1 });
    const info = (await get(clinician, `/api/care/clients/${patientId}`)).json();
    expect(info.tasks.find((x: { id: string }) => x.id === alert.id)).toMatchObject({ kind: 'clinical_alert', status: 'open', version: 1 });

    const res = await resolve(clinician, alert.id, { version: alert.version, note: 'Called Jordan; safety plan in place.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'completed', version: 2 });
    expect(await taskOf(alert.id)).toMatchObject({ status: 'completed', resolution_note: 'Called Jordan; safety plan in place.', events: 2 }); // created, completed
    expect((await resolve(clinician, alert.id, { version: 2, note: 'Again' })).statusCode).toBe(409);

    const after = (await get(clinician, '/api/care/mbc')).json().items.find((r: { client: { id: string } }) => r.client.id === patientId);
    expect(after.client.urgent).toBe(false);
    expect(after.alerts).toEqual([]);
    expect((await get(clinician, `/api/care/clients/${patientId}`)).json().client.urgent).toBe(false);
    expect(await nenaNeeds()).not.toContain('urgent_measure');
    expect((await auditRows(t.app, "action = 'task.complete' AND record_id = $1", [alert.id])).at(-1)).toMatchObject({
      outcome: 'success',
      actor_id: clinician.id,
    });
    expect((await auditRows(t.app, "action = 'resolveCareAlert' AND record_id = $1 AND outcome = 'success'", [alert.id])).length).toBe(1);
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
      `INSERT INTO consents (patient_id, user_id, consent_type, version, text, source, signer_name, signer_capacity, signed_by, signed_at, created_by)
       SELECT p.id, p.user_id, 'bookAppointmentConsent', '1', 'Consent text', 'patient_web', 'Someone Else', 'Someone Else, for themself', p.user_id, now(), p.user_id
         FROM patients p WHERE p.id NOT IN
         (SELECT ap.patient_id FROM appointment_patients ap JOIN appointments a ON a.id = ap.appointment_id WHERE a.provider_id = $1) ORDER BY p.created_at LIMIT 1
       RETURNING id, patient_id`,
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
