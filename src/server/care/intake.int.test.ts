import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, makeSlots, selfPatientOf } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import { messages } from '@/generated/messages';

let t: TestApp;
let jordan: TestCaller;
let support: TestCaller;
let patientId: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  support = await callerFor(t.app, 'sam.okafor@example.com');
  patientId = (await selfPatientOf(t.app.database, jordan.id)).id;
}, 180_000);
afterAll(async () => t?.close());

const intake = (caller: TestCaller) => t.app.inject({ method: 'GET', url: `/api/patients/${patientId}/intake`, headers: caller.headers });
const submit = (caller: TestCaller, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/patients/${patientId}/intake`, headers: caller.headers, payload });
const complete = {
  answers: { reason: '  Trouble sleeping since a move ', priorCare: 'never', medication: 'no' },
  phq9: [1, 1, 2, 1, 0, 0, 1, 0, 0],
  gad7: [1, 2, 1, 0, 0, 1, 0],
};
const crisisAlerts = async () =>
  (
    await t.app.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM tasks WHERE kind = 'red_alert' AND details->>'source' = 'intake' AND patient_id = $1",
      [patientId],
    )
  )[0]!.n;

const clinicalAlerts = async (providerId: string) =>
  (
    await t.app.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM tasks WHERE kind = 'clinical_alert' AND priority = 'stat' AND patient_id = $1 AND provider_id = $2",
      [patientId, providerId],
    )
  )[0]!.n;

describe('the intake questionnaire', () => {
  it('is null until completed; a complete intake is kept with its PHQ-9 and GAD-7 scores, and audited', async () => {
    expect((await intake(jordan)).json()).toEqual({ intake: null });
    const res = await submit(jordan, complete);
    expect(res.statusCode).toBe(201);
    expect(res.json().intake).toMatchObject({
      answers: { reason: 'Trouble sleeping since a move', priorCare: 'never', medication: 'no' },
      phq9: { instrument: 'phq9', total: 6, band: 'mild', urgent: false },
      gad7: { instrument: 'gad7', total: 5, band: 'mild' },
    });
    expect((await intake(support)).json().intake.id).toBe(res.json().intake.id);
    expect(await crisisAlerts()).toBe(0);
    expect((await auditRows(t.app, "action = 'submitPatientIntake' AND actor_id = $1", [jordan.id])).at(-1)).toMatchObject({ outcome: 'success' });
  });

  it('refuses a missing required answer, an unknown option or question, with 400', async () => {
    for (const answers of [
      { priorCare: 'never', medication: 'no' },
      { reason: 'x', priorCare: 'sometimes', medication: 'no' },
      { reason: 'x', priorCare: 'never', medication: 'no', shoeSize: '9' },
    ]) {
      const res = await submit(jordan, { ...complete, answers });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_FAILED');
    }
    expect((await submit(jordan, { ...complete, phq9: [0, 0, 0] })).statusCode).toBe(400);
  });

  it('PHQ-9 item 9 above 0 raises one stat red alert that names no answers', async () => {
    const res = await submit(jordan, { ...complete, phq9: [0, 0, 0, 0, 0, 0, 0, 0, 1] });
    expect(res.statusCode).toBe(201);
    expect(res.json().intake.phq9.urgent).toBe(true);
    expect(await crisisAlerts()).toBe(1);
    const alerts = (await t.app.inject({ method: 'GET', url: '/api/support/red-alerts', headers: support.headers })).json().items;
    expect(alerts.find((a: { reason: string }) => a.reason === messages['task.redAlert.intakeCrisis'])).toMatchObject({
      priority: 'stat',
      patient: { id: patientId },
    });
  });

  it('crisis words in a written answer raise the same stat alerts, for support and the clinician, naming no words', async () => {
    // A booked session, so there is a clinician to tell.
    const [slot] = await makeSlots(t.app.database, 1);
    const { booked } = await bookSlot(t.app, jordan, slot!, [{ id: patientId, consents: consentGiven() }], {
      insuranceId: await insurePatient(t.app.database, patientId, { acceptedAt: slot!.practiceId }),
    });
    expect(booked?.statusCode).toBe(201);
    const before = await crisisAlerts();
    const clinicalBefore = await clinicalAlerts(slot!.providerId);
    const res = await submit(jordan, { ...complete, answers: { ...complete.answers, reason: 'Lately I think about suicide' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().intake.phq9.urgent).toBe(false);
    expect(await crisisAlerts()).toBe(before + 1);
    expect(await clinicalAlerts(slot!.providerId)).toBe(clinicalBefore + 1);
    const alerts = (await t.app.inject({ method: 'GET', url: '/api/support/red-alerts', headers: support.headers })).json().items;
    const alert = alerts.find((a: { reason: string }) => a.reason === messages['task.redAlert.intakeCrisisWords']);
    expect(alert).toMatchObject({ priority: 'stat', patient: { id: patientId } });
    expect(JSON.stringify(alert)).not.toContain('suicide');
  });

  it('a check-in answering PHQ-9 item 9 follows the same rule: a stat red alert for support besides the clinician', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/patients/${patientId}/measures`,
      headers: jordan.headers,
      payload: { instrument: 'phq9', answers: [0, 0, 0, 0, 0, 0, 0, 0, 3] },
    });
    expect(res.statusCode).toBe(201);
    const alerts = (await t.app.inject({ method: 'GET', url: '/api/support/red-alerts', headers: support.headers })).json().items;
    expect(alerts.find((a: { reason: string }) => a.reason === messages['task.redAlert.checkInCrisis'])).toMatchObject({
      priority: 'stat',
      patient: { id: patientId },
    });
  });

  it('is kept whole or not at all: when storing the form fails, neither score nor alert is left behind', async () => {
    const count = async (table: string) =>
      (await t.app.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE patient_id = $1`, [patientId]))[0]!.n;
    const measuresBefore = await count('measure_responses');
    const tasksBefore = await count('tasks');
    const formsBefore = await count('intake_forms');
    // The form's row is refused by the database, after both measures were written in the same transaction.
    await t.app.database.query(
      "CREATE FUNCTION test_refuse_intake() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$",
    );
    await t.app.database.query('CREATE TRIGGER test_refuse_intake BEFORE INSERT ON intake_forms FOR EACH ROW EXECUTE FUNCTION test_refuse_intake()');
    try {
      const res = await submit(jordan, { ...complete, phq9: [3, 3, 3, 3, 3, 3, 3, 3, 3] });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.app.database.query('DROP TRIGGER test_refuse_intake ON intake_forms');
      await t.app.database.query('DROP FUNCTION test_refuse_intake()');
    }
    expect(await count('measure_responses')).toBe(measuresBefore);
    expect(await count('tasks')).toBe(tasksBefore);
    expect(await count('intake_forms')).toBe(formsBefore);
  });
});

describe('the crisis screen tells the care team as it shows (its words say so)', () => {
  const raise = (caller: TestCaller, body: object) =>
    t.app.inject({ method: 'POST', url: `/api/patients/${patientId}/crisis-alerts`, headers: caller.headers, payload: body });
  const redAlerts = async (source: string) =>
    (
      await t.app.database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM tasks WHERE kind = 'red_alert' AND priority = 'stat' AND details->>'source' = $2 AND patient_id = $1",
        [patientId, source],
      )
    )[0]!.n;

  it('raises the stat alerts at once, once per key, and sending the intake with that key raises nothing more', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const { booked } = await bookSlot(t.app, jordan, slot!, [{ id: patientId, consents: consentGiven() }], {
      insuranceId: await insurePatient(t.app.database, patientId, { acceptedAt: slot!.practiceId }),
    });
    expect(booked?.statusCode).toBe(201);
    const crisisKey = randomUUID();
    const before = { red: await redAlerts('intake'), clinical: await clinicalAlerts(slot!.providerId) };
    const first = await raise(jordan, { cause: 'intakeItemNine', crisisKey });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ raised: true });
    expect(await redAlerts('intake')).toBe(before.red + 1);
    expect(await clinicalAlerts(slot!.providerId)).toBe(before.clinical + 1);
    expect((await auditRows(t.app, "action = 'raisePatientCrisisAlert' AND actor_id = $1", [jordan.id])).at(-1)).toMatchObject({
      outcome: 'success',
      record_id: patientId,
    });
    // Again with the key (a retry, a second click): nothing new.
    expect((await raise(jordan, { cause: 'intakeItemNine', crisisKey })).json()).toEqual({ raised: false });
    const sent = await submit(jordan, { ...complete, phq9: [0, 0, 0, 0, 0, 0, 0, 0, 2], crisisKey });
    expect(sent.statusCode).toBe(201);
    expect(await redAlerts('intake')).toBe(before.red + 1);
    expect(await clinicalAlerts(slot!.providerId)).toBe(before.clinical + 1);
    // Without the screen's call (it never arrived), sending still raises them: the server owns the rule.
    await submit(jordan, { ...complete, phq9: [0, 0, 0, 0, 0, 0, 0, 0, 2], crisisKey: randomUUID() });
    expect(await redAlerts('intake')).toBe(before.red + 2);
  });

  it('a check-in follows the same rule', async () => {
    const crisisKey = randomUUID();
    const before = await redAlerts('check_in');
    expect((await raise(jordan, { cause: 'checkInItemNine', crisisKey })).json()).toEqual({ raised: true });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/patients/${patientId}/measures`,
      headers: jordan.headers,
      payload: { instrument: 'phq9', answers: [0, 0, 0, 0, 0, 0, 0, 0, 1], crisisKey },
    });
    expect(res.statusCode).toBe(201);
    expect(await redAlerts('check_in')).toBe(before + 1);
  });

  it("refuses another account's patient and an unknown cause, raising nothing", async () => {
    const other = await callerFor(t.app, 'avery.johnson@example.com');
    const before = await redAlerts('intake');
    const refused = await raise(other, { cause: 'intakeItemNine', crisisKey: randomUUID() });
    expect([403, 404]).toContain(refused.statusCode);
    expect((await raise(jordan, { cause: 'somethingElse', crisisKey: randomUUID() })).statusCode).toBe(400);
    expect(await redAlerts('intake')).toBe(before);
  });
});
