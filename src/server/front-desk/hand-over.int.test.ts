/** The front-desk hand-over: the staff session handed to a patient does that patient's task alone, until the staff member signs in again. */
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, mailTo, type TestCaller } from '@tests/support/sessions';

let t: TestApp;
let support: TestCaller;
let avery: TestCaller;
let session: { id: string; practice_id: string; patient_id: string };
let otherPatient: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  support = await callerFor(t.app, 'sam.okafor@example.com');
  avery = await callerFor(t.app, 'avery.johnson@example.com');
  const db = t.app.database;
  const [provider] = await db.query<{ id: string; practice_id: string }>(
    'SELECT id, practice_id FROM providers WHERE removed_at IS NULL ORDER BY id DESC LIMIT 1',
  );
  const [appointment] = await db.query<{ id: string }>(
    `INSERT INTO appointments (user_id, provider_id, practice_id, during, appointment_mode, counseling_type, time_zone, self_pay, app_source, booked_by, price_cents)
     VALUES ($1, $2, $3, tstzrange(now() + interval '2 days', now() + interval '2 days 50 minutes'), 'in_person', 'Individual Counseling', 'America/New_York', true, 'patient_web', $1, 12000)
     RETURNING id`,
    [avery.id, provider!.id, provider!.practice_id],
  );
  const [self] = await db.query<{ id: string }>(
    "INSERT INTO appointment_patients (appointment_id, patient_id, position) SELECT $1, id, 0 FROM patients WHERE user_id = $2 AND relationship = 'Self' RETURNING patient_id AS id",
    [appointment!.id, avery.id],
  );
  session = { id: appointment!.id, practice_id: provider!.practice_id, patient_id: self!.id };
  [{ id: otherPatient }] = (await db.query<{ id: string }>('SELECT id FROM patients WHERE id <> $1 ORDER BY id LIMIT 1', [self!.id])) as [{ id: string }];
}, 120_000);
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: support.headers, ...(payload ? { payload } : {}) });

describe('the front-desk hand-over', () => {
  it("scopes the staff session to the patient's task until the staff member signs in again with a code", async () => {
    const started = await call('POST', '/front-desk/hand-over', { appointmentId: session.id, patientId: session.patient_id });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ patient: { firstName: 'Avery', lastName: 'Johnson' }, session: { id: session.id }, consentId: null });
    const { date } = started.json() as { date: string };

    // The day's agenda, the open tasks and any other staff call are refused to the device in the patient's hands, audited.
    const agenda = await call('GET', `/front-desk/agenda?practiceId=${session.practice_id}&date=${date}`);
    expect(agenda.statusCode).toBe(403);
    expect(agenda.json().errorCode).toBe('HAND_OVER_ACTIVE');
    expect((await call('GET', `/front-desk/tasks?practiceId=${session.practice_id}`)).json().errorCode).toBe('HAND_OVER_ACTIVE');
    expect((await call('GET', `/support/users/${avery.id}`)).statusCode).toBe(403);
    expect((await auditRows(t.app, "action = 'getFrontDeskAgenda' AND actor_id = $1", [support.id])).at(-1)).toMatchObject({ outcome: 'denied', status: 403 });
    // Another patient's task neither.
    expect((await call('POST', '/front-desk/patient-auth', { patientId: otherPatient, dateOfBirth: '1990-04-12' })).json().errorCode).toBe('HAND_OVER_ACTIVE');
    expect((await call('POST', '/front-desk/hand-over', { appointmentId: session.id, patientId: session.patient_id })).statusCode).toBe(403);

    // The patient's own task: their screen, their date of birth, their consent.
    expect((await call('GET', '/front-desk/hand-over')).json()).toEqual(started.json());
    const auth = await call('POST', '/front-desk/patient-auth', { patientId: session.patient_id, dateOfBirth: '1990-04-12' });
    expect(auth.statusCode).toBe(200);
    const consent = await call('POST', `/patients/${session.patient_id}/consent`, { consentType: 'bookAppointmentConsent', appointmentId: session.id });
    expect(consent.statusCode).toBe(201);
    expect((await call('POST', `/patient-tasks/consent/${consent.json().id}/verify`)).statusCode).toBe(200);
    const signed = await call('POST', `/patient-tasks/consent/${consent.json().id}/sign`, {
      agree: true,
      signerName: 'Avery Johnson',
      patientToken: auth.json().patientToken,
    });
    expect(signed.statusCode).toBe(200);

    // Taking the device back needs the staff member's own sign-in code: a wrong one is refused and the scope stays.
    expect((await call('POST', '/front-desk/hand-over/end', { otp: '000000' })).json().errorCode).toBe('OTP_INVALID');
    const send = await t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', payload: { email: support.email } });
    expect(send.statusCode).toBe(200);
    const [mail] = await mailTo(t.app, support.email);
    const otp = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(otp).toBeDefined();
    expect((await call('GET', `/front-desk/agenda?practiceId=${session.practice_id}&date=${date}`)).statusCode).toBe(403);
    const back = await call('POST', '/front-desk/hand-over/end', { otp });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ practiceId: session.practice_id, date });
    // The session is the staff member's in full again; the consent is no longer open; the code is spent.
    const after = await call('GET', `/front-desk/agenda?practiceId=${session.practice_id}&date=${date}`);
    expect(after.statusCode).toBe(200);
    const person = after.json().sessions.find((s: { id: string }) => s.id === session.id).patients[0];
    expect(person.tasks.map((k: { kind: string }) => k.kind)).not.toContain('consentUnsigned');
    expect((await call('GET', '/front-desk/hand-over')).statusCode).toBe(404);
    expect((await call('POST', '/front-desk/hand-over/end', { otp })).statusCode).toBe(404);
  });

  it('refuses to hand over for someone who is not on the session', async () => {
    const res = await call('POST', '/front-desk/hand-over', { appointmentId: session.id, patientId: otherPatient });
    expect(res.statusCode).toBe(404);
    expect((await call('GET', '/front-desk/hand-over')).statusCode).toBe(404);
  });
});
