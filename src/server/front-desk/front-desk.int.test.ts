import moment from 'moment-timezone';
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';

let t: TestApp;
let support: TestCaller;
let avery: TestCaller;
let session: { id: string; practice_id: string; time_zone: string; start_at: Date; patient_id: string };

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  support = await callerFor(t.app, 'sam.okafor@example.com');
  avery = await callerFor(t.app, 'avery.johnson@example.com');
  // A session of the partner member's, who has not signed the booking consent.
  const db = t.app.database;
  const [provider] = await db.query<{ id: string; practice_id: string }>(
    'SELECT id, practice_id FROM providers WHERE removed_at IS NULL ORDER BY id DESC LIMIT 1',
  );
  const [appointment] = await db.query<{ id: string }>(
    `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
     VALUES ($1, $2, $3, tstzrange(now() + interval '3 days', now() + interval '3 days 50 minutes'), 'in_person', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1, 12000)
     RETURNING id`,
    [avery.id, provider!.id, provider!.practice_id],
  );
  await db.query(
    "INSERT INTO appointment_patients (appointment_id, patient_id, position) SELECT $1, id, 0 FROM patients WHERE user_id = $2 AND relationship = 'Self'",
    [appointment!.id, avery.id],
  );
  [session] = (await t.app.database.query<typeof session>(
    `SELECT a.id, a.practice_id, pr.time_zone, lower(a.during) AS start_at, ap.patient_id FROM appointments a
       JOIN practices pr ON pr.id = a.practice_id JOIN appointment_patients ap ON ap.appointment_id = a.id
      WHERE a.id = $1`,
    [appointment!.id],
  )) as [typeof session];
}, 120_000);
afterAll(async () => t?.close());

const agenda = async () => {
  const date = moment(session.start_at).tz(session.time_zone).format('YYYY-MM-DD');
  const res = await t.app.inject({ method: 'GET', url: `/api/front-desk/agenda?practiceId=${session.practice_id}&date=${date}`, headers: support.headers });
  expect(res.statusCode).toBe(200);
  return res.json().sessions.find((s: { id: string }) => s.id === session.id).patients[0];
};

/** The session's person on the practice's open front-desk tasks (GET /front-desk/tasks), if listed. */
const openTasks = async () => {
  const res = await t.app.inject({ method: 'GET', url: `/api/front-desk/tasks?practiceId=${session.practice_id}&days=7`, headers: support.headers });
  expect(res.statusCode).toBe(200);
  return (res.json().items as { sessionId: string; date: string; tasks: { kind: string }[] }[]).find((i) => i.sessionId === session.id);
};

describe('the practice agenda', () => {
  it("lists the practice's day with each person's open tasks, checks a person in, and closes the consent task once the patient signs on the device", async () => {
    expect((await agenda()).tasks).toContainEqual({ kind: 'consentUnsigned', consentId: null });
    const listed = await openTasks();
    expect(listed?.tasks).toContainEqual({ kind: 'consentUnsigned', consentId: null });
    expect(listed?.date).toBe(moment(session.start_at).tz(session.time_zone).format('YYYY-MM-DD'));
    expect((await auditRows(t.app, "action = 'getFrontDeskAgenda' AND actor_id = $1", [support.id])).at(-1)).toMatchObject({
      record_type: 'practice',
      record_id: session.practice_id,
      outcome: 'success',
    });

    const checkIn = await t.app.inject({
      method: 'POST',
      url: `/api/front-desk/appointments/${session.id}/check-in`,
      headers: support.headers,
      payload: { patientId: session.patient_id },
    });
    expect(checkIn.statusCode).toBe(200);
    expect((await agenda()).checkedInAt).toBe(checkIn.json().checkedInAt);

    const consent = (
      await t.app.inject({
        method: 'POST',
        url: `/api/patients/${session.patient_id}/consent`,
        headers: support.headers,
        payload: { consentType: 'bookAppointmentConsent', appointmentId: session.id },
      })
    ).json();
    expect((await agenda()).tasks).toContainEqual({ kind: 'consentUnsigned', consentId: consent.id });
    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/front-desk/patient-auth',
      headers: support.headers,
      payload: { patientId: session.patient_id, dateOfBirth: '1990-04-12' },
    });
    expect(auth.statusCode).toBe(200);
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/patient-tasks/consent/${consent.id}/sign`,
      headers: support.headers,
      payload: { agree: true, signerName: 'Avery Johnson', patientToken: auth.json().patientToken },
    });
    expect(signed.statusCode).toBe(200);
    expect((await agenda()).tasks.map((k: { kind: string }) => k.kind)).not.toContain('consentUnsigned');
    // Only open tasks are kept: the signed consent leaves the practice's open tasks.
    expect((await openTasks())?.tasks.map((k) => k.kind) ?? []).not.toContain('consentUnsigned');
  });

  it("lists an account's balance once, with the sessions it covers, however many of the person's sessions are listed", async () => {
    const db = t.app.database;
    // A second session of the same person a day later, and $50 due on the first one.
    const [second] = await db.query<{ id: string }>(
      `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
       SELECT user_id, provider_id, practice_id, tstzrange(lower(during) + interval '1 day', upper(during) + interval '1 day'), appointment_mode,
              counseling_type, time_zone, self_pay, app_source, booked_by, price_cents FROM appointments WHERE id = $1
       RETURNING id`,
      [session.id],
    );
    await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [second!.id, session.patient_id]);
    await db.query("INSERT INTO money_ledger (at, kind, account_id, appointment_id, due_cents, reason) VALUES (now(), 'due', $1, $2, 5000, 'test balance')", [
      avery.id,
      session.id,
    ]);
    const res = await t.app.inject({ method: 'GET', url: `/api/front-desk/tasks?practiceId=${session.practice_id}&days=7`, headers: support.headers });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { sessionId: string; patient: { id: string }; tasks: { kind: string; amountCents?: number; covers?: string[] }[] }[];
    expect(items.filter((i) => i.patient.id === session.patient_id).map((i) => i.sessionId)).toEqual(expect.arrayContaining([session.id, second!.id]));
    const balances = items.filter((i) => i.patient.id === session.patient_id).flatMap((i) => i.tasks.filter((task) => task.kind === 'balanceDue'));
    expect(balances).toEqual([{ kind: 'balanceDue', amountCents: 5000, covers: [new Date(session.start_at).toISOString()] }]);
  });

  it("lists an account's balance once on a day when the account has two sessions, its holder's and a child's", async () => {
    const db = t.app.database;
    // Avery's child, seen two hours after Avery the same day, and $50 due on the child's session.
    const [child] = await db.query<{ id: string }>(
      "INSERT INTO patients (user_id, first_name, last_name, date_of_birth, gender, relationship) VALUES ($1, 'Noa', 'Johnson', '2016-05-01', 'Female', 'Child') RETURNING id",
      [avery.id],
    );
    const [childSession] = await db.query<{ id: string }>(
      `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
       SELECT user_id, provider_id, practice_id, tstzrange(lower(during) + interval '2 hours', upper(during) + interval '2 hours'), appointment_mode,
              counseling_type, time_zone, self_pay, app_source, booked_by, price_cents FROM appointments WHERE id = $1
       RETURNING id`,
      [session.id],
    );
    await db.query('INSERT INTO appointment_patients (appointment_id, patient_id, position) VALUES ($1, $2, 0)', [childSession!.id, child!.id]);
    await db.query("INSERT INTO money_ledger (at, kind, account_id, appointment_id, due_cents, reason) VALUES (now(), 'due', $1, $2, 5000, 'test balance')", [
      avery.id,
      childSession!.id,
    ]);
    const date = moment(session.start_at).tz(session.time_zone).format('YYYY-MM-DD');
    const res = await t.app.inject({ method: 'GET', url: `/api/front-desk/agenda?practiceId=${session.practice_id}&date=${date}`, headers: support.headers });
    expect(res.statusCode).toBe(200);
    type Row = { id: string; patients: { id: string; tasks: { kind: string; amountCents?: number }[] }[] };
    const averys = (res.json().sessions as Row[]).filter((s) => s.id === session.id || s.id === childSession!.id);
    expect(averys.map((s) => s.id)).toEqual([session.id, childSession!.id]);
    const balances = averys.map((s) => s.patients.flatMap((p) => p.tasks.filter((task) => task.kind === 'balanceDue')).length);
    // On the account's first session of the day only.
    expect(balances).toEqual([1, 0]);

    const tasks = await t.app.inject({ method: 'GET', url: `/api/front-desk/tasks?practiceId=${session.practice_id}&days=7`, headers: support.headers });
    const listed = (tasks.json().items as { patient: { id: string }; tasks: { kind: string }[] }[]).filter((i) =>
      [session.patient_id, child!.id].includes(i.patient.id),
    );
    expect(listed.flatMap((i) => i.tasks.filter((task) => task.kind === 'balanceDue'))).toHaveLength(1);
  });

  it('refuses patients and answers an unknown practice 404', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/front-desk/agenda?practiceId=${session.practice_id}&date=2026-11-24`, headers: avery.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/front-desk/agenda?practiceId=00000000-0000-4000-8000-000000000000&date=2026-11-24',
          headers: support.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/front-desk/tasks?practiceId=00000000-0000-4000-8000-000000000000', headers: support.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/front-desk/tasks?practiceId=${session.practice_id}&days=400`, headers: support.headers })).statusCode,
    ).toBe(400);
  });
});
