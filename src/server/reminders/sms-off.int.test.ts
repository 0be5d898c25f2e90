/** With SMS_ENABLED=false the app sends no texts: it does not offer text reminders and refuses to store the choice. */
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, type TestCaller } from '@tests/support/sessions';

let t: TestApp;
let jordan: TestCaller;

beforeAll(async () => {
  t = await startTestApp({ seed: true, env: { SMS_ENABLED: 'false' } });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  await t.app.database.query("UPDATE patients SET phone_number = '2125550147' WHERE user_id = $1 AND relationship = 'Self'", [jordan.id]);
}, 120_000);
afterAll(async () => t?.close());

const url = () => `/api/users/${jordan.id}/reminder-preferences`;

it('says text reminders are not available, and never reports one as on', async () => {
  // A choice stored while texts were on is not reported as on once they are off.
  await t.app.database.query(
    'INSERT INTO reminder_preferences (user_id, email, sms, updated_at) VALUES ($1, true, true, now()) ON CONFLICT (user_id) DO UPDATE SET sms = true',
    [jordan.id],
  );
  const res = await t.app.inject({ method: 'GET', url: url(), headers: jordan.headers });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ email: true, sms: false, smsAvailable: false });
});

it('refuses to store a text-reminder choice it cannot honour, with the catalogue error, and stores an e-mail-only one', async () => {
  await t.app.database.query('DELETE FROM reminder_preferences WHERE user_id = $1', [jordan.id]);
  const refused = await t.app.inject({ method: 'PUT', url: url(), headers: jordan.headers, payload: { email: true, sms: true } });
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errorCode).toBe('SMS_UNAVAILABLE');
  expect(await t.app.database.query('SELECT 1 FROM reminder_preferences WHERE user_id = $1', [jordan.id])).toEqual([]);

  const saved = await t.app.inject({ method: 'PUT', url: url(), headers: jordan.headers, payload: { email: false, sms: false } });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({ email: false, sms: false, smsAvailable: false });
});
