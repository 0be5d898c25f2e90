/** The e-mailed check-in link: once per patient and session, only when a measure is due, with no health information. */
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, mailTo } from '@tests/support/sessions';
import { routeById } from '@/generated/routes';
import { checkInMailJob, sendCheckInMails } from './check-in-mail';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
}, 180_000);
afterAll(async () => t?.close());

async function personWithSession(name: string, hoursAhead: number): Promise<{ email: string; patientId: string; userId: string }> {
  const db = t.app.database;
  const email = `${name.toLowerCase()}.checkin@example.com`;
  const [user] = await db.query<{ id: string }>(
    "INSERT INTO users (email, first_name, last_name, user_type, groups) VALUES ($1, $2, 'Checkin', 'patient', '{patient}') RETURNING id",
    [email, name],
  );
  const [patient] = await db.query<{ id: string }>(
    "INSERT INTO patients (user_id, first_name, last_name, date_of_birth, relationship) VALUES ($1, $2, 'Checkin', '1990-01-01', 'Self') RETURNING id",
    [user!.id, name],
  );
  const [provider] = await db.query<{ id: string; practice_id: string }>(
    'SELECT id, practice_id FROM providers WHERE removed_at IS NULL ORDER BY id OFFSET 11 LIMIT 1',
  );
  const [a] = await db.query<{ id: string }>(
    `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
     VALUES ($1, $2, $3, tstzrange(now() + make_interval(hours => $4::int), now() + make_interval(hours => $4::int) + interval '50 minutes'),
             'online', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1, 12000) RETURNING id`,
    [user!.id, provider!.id, provider!.practice_id, hoursAhead],
  );
  await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [a!.id, patient!.id]);
  return { email, patientId: patient!.id, userId: user!.id };
}

it('is a daily job of the engine', () => {
  expect(checkInMailJob).toMatchObject({ name: 'measure-check-in-mail', cron: '0 14 * * *' });
});

it('mails a link to the portal before a session when a measure is due, once, with no name, instrument or score', async () => {
  const due = await personWithSession('Quinn', 30);
  const later = await personWithSession('Rowan', 24 * 10);
  const done = await personWithSession('Sasha', 33);
  const sasha = await callerFor(t.app, done.email);
  for (const [instrument, answers] of [
    ['phq9', [1, 1, 1, 1, 1, 1, 1, 1, 0]],
    ['gad7', [1, 1, 1, 1, 1, 1, 1]],
  ] as const) {
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/patients/${done.patientId}/measures`, headers: sasha.headers, payload: { instrument, answers } }))
        .statusCode,
    ).toBe(201);
  }

  await sendCheckInMails(t.app);
  const mails = await mailTo(t.app, due.email);
  expect(mails.map((m) => m.template)).toEqual(['measure-check-in']);
  const text = JSON.stringify(mails[0]);
  // The reader chose no language: the link opens the portal's home with no language prefix.
  expect(mails[0]!.text).toContain(`${t.app.publicUrl}${routeById.patientHome.path}`);
  for (const phi of ['Quinn', 'Checkin', 'PHQ', 'GAD', 'score']) expect(text).not.toContain(phi);
  expect(await mailTo(t.app, later.email)).toEqual([]);
  expect(await mailTo(t.app, done.email)).toEqual([]);

  await sendCheckInMails(t.app);
  expect(await mailTo(t.app, due.email)).toHaveLength(1);
});
