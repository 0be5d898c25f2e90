/** New clients needing attention before their first session (/care/v1/nena). */
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';

let t: TestApp;
let clinician: TestCaller;
let providerId: string;
let practiceId: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  clinician = await callerFor(t.app, 'morgan.lee@example.com');
  [{ provider_id: providerId, practice_id: practiceId }] = (await t.app.database.query<{ provider_id: string; practice_id: string }>(
    'SELECT u.provider_id, p.practice_id FROM users u JOIN providers p ON p.id = u.provider_id WHERE u.id = $1',
    [clinician.id],
  )) as [{ provider_id: string; practice_id: string }];
}, 180_000);
afterAll(async () => t?.close());

/** A new account and patient with a session with the clinician's provider, `days` from now (negative: past). */
async function clientWithSession(name: string, days: number): Promise<{ userId: string; patientId: string }> {
  const db = t.app.database;
  const [user] = await db.query<{ id: string }>(
    "INSERT INTO users (email, first_name, last_name, user_type, groups) VALUES ($1, $2, 'Nena', 'patient', '{patient}') RETURNING id",
    [`${name}.nena@example.com`, name],
  );
  const [patient] = await db.query<{ id: string }>(
    "INSERT INTO patients (user_id, first_name, last_name, date_of_birth, relationship) VALUES ($1, $2, 'Nena', '1990-01-01', 'Self') RETURNING id",
    [user!.id, name],
  );
  const [a] = await db.query<{ id: string }>(
    `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
     VALUES ($1, $2, $3, tstzrange(now() + make_interval(days => $4::int) + interval '7 hours', now() + make_interval(days => $4::int) + interval '7 hours 50 minutes'),
             'online', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1, 12000) RETURNING id`,
    [user!.id, providerId, practiceId, days],
  );
  await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [a!.id, patient!.id]);
  return { userId: user!.id, patientId: patient!.id };
}

it('lists new clients with what they need before their first session; a returning client is not new', async () => {
  const fresh = await clientWithSession('Avery', 9);
  await t.app.database.query(
    "INSERT INTO consents (patient_id, user_id, consent_type, version, text, source, created_by) VALUES ($1, $2, 'bookAppointmentConsent', '1', 'Consent', 'patient_web', $2)",
    [fresh.patientId, fresh.userId],
  );
  const returning = await clientWithSession('Blair', -9);
  const db = t.app.database;
  const [later] = await db.query<{ id: string }>(
    `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
     VALUES ($1, $2, $3, tstzrange(now() + interval '10 days 3 hours', now() + interval '10 days 4 hours'), 'online', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1, 12000) RETURNING id`,
    [returning.userId, providerId, practiceId],
  );
  await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [later!.id, returning.patientId]);

  const res = await t.app.inject({ method: 'GET', url: '/api/care/nena', headers: clinician.headers });
  expect(res.statusCode).toBe(200);
  const items = res.json().items as { client: { id: string }; needs: string[] }[];
  expect(items.find((i) => i.client.id === fresh.patientId)?.needs).toEqual(['intake_check_in', 'consent_unsigned']);
  expect(items.map((i) => i.client.id)).not.toContain(returning.patientId);
  expect((await auditRows(t.app, "action = 'getCareNena' AND actor_id = $1", [clinician.id])).at(-1)).toMatchObject({
    record_type: 'provider',
    record_id: providerId,
    outcome: 'success',
  });

  for (const instrument of ['phq9', 'gad7'] as const) {
    const answers = instrument === 'phq9' ? [0, 0, 0, 0, 0, 0, 0, 0, 0] : [0, 0, 0, 0, 0, 0, 0];
    const patient = await callerFor(t.app, 'avery.nena@example.com');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/patients/${fresh.patientId}/measures`, headers: patient.headers, payload: { instrument, answers } }))
        .statusCode,
    ).toBe(201);
  }
  const after = (await t.app.inject({ method: 'GET', url: '/api/care/nena', headers: clinician.headers })).json().items as {
    client: { id: string };
    needs: string[];
  }[];
  expect(after.find((i) => i.client.id === fresh.patientId)?.needs).toEqual(['consent_unsigned']);
});

it("is the clinician's own: patients and support are refused", async () => {
  for (const email of ['jordan.rivera@example.com', 'sam.okafor@example.com']) {
    expect((await t.app.inject({ method: 'GET', url: '/api/care/nena', headers: (await callerFor(t.app, email)).headers })).statusCode).toBe(403);
  }
});
