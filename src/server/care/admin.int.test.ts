/** Clinical admin: find, edit and remove providers; removal answers 204 on the profile and raises red alerts. */
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';
import { selfPatientOf } from '@tests/support/booking';
import { messages } from '@/generated/messages';

let t: TestApp;
let admin: TestCaller;
let provider: { id: string; first_name: string; last_name: string; practice_id: string; slug: string };

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  admin = await callerFor(t.app, 'casey.nguyen@example.com');
  [provider] = (await t.app.database.query<typeof provider>(
    'SELECT id, first_name, last_name, practice_id, slug FROM providers WHERE removed_at IS NULL AND id NOT IN (SELECT provider_id FROM users WHERE provider_id IS NOT NULL) ORDER BY id OFFSET 7 LIMIT 1',
  )) as [typeof provider];
}, 180_000);
afterAll(async () => t?.close());

const url = (rest = '') => `/api/care/admin/providers${rest}`;

it('finds providers by name and reads one with the practices to choose from', async () => {
  const list = await t.app.inject({ method: 'GET', url: url(`?q=${encodeURIComponent(provider.last_name)}`), headers: admin.headers });
  expect(list.statusCode).toBe(200);
  expect(list.json().items.map((p: { id: string }) => p.id)).toContain(provider.id);
  const one = await t.app.inject({ method: 'GET', url: url(`/${provider.id}`), headers: admin.headers });
  expect(one.json()).toMatchObject({ id: provider.id, removedReason: null, profile: { practiceId: provider.practice_id } });
  expect(one.json().practices.length).toBeGreaterThan(0);
  expect(one.json().profilePath).toMatch(new RegExp(`/${provider.slug}$`));
  expect((await auditRows(t.app, "action = 'getAdminProvider' AND actor_id = $1", [admin.id])).at(-1)).toMatchObject({
    record_type: 'provider',
    record_id: provider.id,
  });
});

it('edits the profile with the spec rules, and search follows the licensed states', async () => {
  const current = (await t.app.inject({ method: 'GET', url: url(`/${provider.id}`), headers: admin.headers })).json().profile;
  const put = (profile: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: url(`/${provider.id}`), headers: admin.headers, payload: profile });
  const empty = await put({ ...current, about: '' });
  expect(empty.statusCode).toBe(400);
  expect(empty.json().errors[0].reason).toBe(messages['providerAdmin.aboutRequired']);
  expect((await put({ ...current, licensedStates: [] })).json().errors[0].reason).toBe(messages['providerAdmin.statesRequired']);
  expect((await put({ ...current, filterIds: [987654] })).json().errors[0].reason).toBe(messages['providerAdmin.unknownFilter']);
  expect((await put({ ...current, title: 'Wizard' })).statusCode).toBe(400);
  expect((await put({ ...current, payIndividual: -1 })).json().errors[0].reason).toBe(messages['providerAdmin.payInvalid']);
  const saved = await put({ ...current, about: 'Warm and direct.', licensedStates: ['WY', 'OH'], payIndividual: 140, payFollowUp: 90 });
  expect(saved.statusCode).toBe(200);
  expect(saved.json().profile).toMatchObject({ about: 'Warm and direct.', licensedStates: ['OH', 'WY'], payIndividual: 140, payFollowUp: 90 });
  expect(await t.app.database.query("SELECT 1 FROM provider_search WHERE provider_id = $1 AND state_code = 'WY'", [provider.id])).toHaveLength(1);
});

it('keeps the language the about text is written in, and the public profile says it (pages in another language mark the text, WCAG 3.1.2)', async () => {
  const current = (await t.app.inject({ method: 'GET', url: url(`/${provider.id}`), headers: admin.headers })).json().profile;
  // Texts written before the language was asked were written in the default language.
  expect(current.aboutLocale).toBe('en-US');
  const profileOf = async () => (await t.app.inject({ method: 'GET', url: `/api/providers/profile?providerId=${provider.id}` })).json().about;
  expect(await profileOf()).toMatchObject({ locale: 'en-US' });
  const put = (profile: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: url(`/${provider.id}`), headers: admin.headers, payload: profile });
  expect((await put({ ...current, aboutLocale: 'fr' })).statusCode).toBe(400);
  const saved = await put({ ...current, about: 'Escucho con calma y sin juicios.', aboutLocale: 'es' });
  expect(saved.statusCode).toBe(200);
  expect(saved.json().profile).toMatchObject({ about: 'Escucho con calma y sin juicios.', aboutLocale: 'es' });
  expect(await profileOf()).toMatchObject({ text: 'Escucho con calma y sin juicios.', locale: 'es' });
});

it('removes a provider with a §3 reason: the profile answers 204, search drops them, each upcoming session is a red alert', async () => {
  const jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  const self = await selfPatientOf(t.app.database, jordan.id);
  const [appointment] = await t.app.database.query<{ id: string }>(
    `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
     VALUES ($1, $2, $3, tstzrange(now() + interval '3 days', now() + interval '3 days 50 minutes'), 'online', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1, 12000)
     RETURNING id`,
    [jordan.id, provider.id, provider.practice_id],
  );
  await t.app.database.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [appointment!.id, self.id]);
  const clinician = await callerFor(t.app, 'morgan.lee@example.com');
  expect(
    (await t.app.inject({ method: 'POST', url: url(`/${provider.id}/remove`), headers: clinician.headers, payload: { reason: 'Provider Deleted' } }))
      .statusCode,
  ).toBe(403);
  expect((await t.app.inject({ method: 'POST', url: url(`/${provider.id}/remove`), headers: admin.headers, payload: { reason: 'Retired' } })).statusCode).toBe(
    400,
  );

  const removed = await t.app.inject({
    method: 'POST',
    url: url(`/${provider.id}/remove`),
    headers: admin.headers,
    payload: { reason: 'Incorrect Practitioner Type', note: 'Call the client.' },
  });
  expect(removed.statusCode).toBe(200);
  expect(removed.json()).toEqual({ removedReason: 'Incorrect Practitioner Type', redAlerts: 1 });
  const profile = await t.app.inject({ method: 'GET', url: `/api/providers/profile?providerId=${provider.id}` });
  expect(profile.statusCode).toBe(204);
  expect(profile.headers['x-provider-removal-reason']).toBe('Incorrect Practitioner Type');
  expect(await t.app.database.query('SELECT 1 FROM provider_search WHERE provider_id = $1', [provider.id])).toHaveLength(0);
  const [alert] = await t.app.database.query<{ kind: string; priority: string; subject_id: string; patient_id: string; reason: string }>(
    "SELECT kind, priority, subject_id, patient_id, reason FROM tasks WHERE kind = 'red_alert' AND provider_id = $1",
    [provider.id],
  );
  expect(alert).toMatchObject({ kind: 'red_alert', priority: 'urgent', subject_id: appointment!.id, patient_id: self.id });
  expect(alert!.reason).toContain('Call the client.');
  expect(
    (await t.app.inject({ method: 'POST', url: url(`/${provider.id}/remove`), headers: admin.headers, payload: { reason: 'Provider Deleted' } })).statusCode,
  ).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: url(`/${provider.id}`), headers: admin.headers })).json().removedReason).toBe('Incorrect Practitioner Type');
});
