import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';
import { selfPatientOf } from '@tests/support/booking';

let t: TestApp;
let support: TestCaller;
let agent: TestCaller;
let jordan: TestCaller;
let check: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  support = await callerFor(t.app, 'sam.okafor@example.com');
  agent = await callerFor(t.app, 'taylor.brooks@example.com');
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  const self = await selfPatientOf(t.app.database, jordan.id);
  const [oscar] = await t.app.database.query<{ id: string }>(
    "SELECT i.id FROM patient_insurances i JOIN insurance_carriers c ON c.id = i.carrier_id WHERE i.patient_id = $1 AND c.name LIKE 'Oscar%' AND i.removed_at IS NULL",
    [self.id],
  );
  const [provider] = await t.app.database.query<{ id: string; practice_id: string }>(
    'SELECT id, practice_id FROM providers WHERE removed_at IS NULL ORDER BY id LIMIT 1',
  );
  check = `/api/insurance-inquiry/validate/patient/${self.id}/insurance/${oscar!.id}/provider/${provider!.id}/practice/${provider!.practice_id}`;
}, 120_000);
afterAll(async () => t?.close());

const queue = async (caller: TestCaller) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/support/insurance-verification', headers: caller.headers });
  expect(res.statusCode).toBe(200);
  return res.json().items as {
    taskId: string;
    inquiry: { id: string; internalOutcomeAssessment: string; selfPayPrice: number };
    patient: { firstName: string };
  }[];
};
const decide = (caller: TestCaller, inquiryId: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/insurance-inquiry/${inquiryId}/choose-decision`, headers: caller.headers, payload });

describe('the insurance-verification queue', () => {
  it('queues an insurance once when its eligibility answer needs a person, oldest first, with the latest inquiry', async () => {
    const first = await t.app.inject({ method: 'GET', url: check, headers: support.headers });
    expect(first.json().internalOutcomeAssessment).toBe('CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED');
    const second = await t.app.inject({ method: 'GET', url: check, headers: jordan.headers });
    const items = (await queue(support)).filter((i) => i.patient.firstName === 'Jordan');
    expect(items).toHaveLength(1);
    expect(items[0]!.inquiry).toMatchObject({
      id: second.json().id,
      internalOutcomeAssessment: 'CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED',
      selfPayPrice: expect.any(Number),
    });
    expect(await queue(agent)).toEqual([]);
  });

  it('records support’s decision only with a note, resolves the task, audits it, and the patient sees the decision', async () => {
    const [item] = (await queue(support)).filter((i) => i.patient.firstName === 'Jordan');
    const refused = await decide(support, item!.inquiry.id, { decision: 'selfPay' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errorCode).toBe('TASK_NOTE_REQUIRED');
    expect((await decide(support, item!.inquiry.id, { decision: 'useInsurance', note: 'x' })).json().errorCode).toBe('INSURANCE_DECISION_NOT_ALLOWED');

    const decided = await decide(support, item!.inquiry.id, { decision: 'selfPay', note: 'Caller agrees to pay out-of-pocket.' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ decision: 'selfPay', decidedAt: expect.any(String) });
    expect((await queue(support)).filter((i) => i.patient.firstName === 'Jordan')).toEqual([]);
    const [task] = await t.app.database.query<{ status: string; resolution_note: string }>('SELECT status, resolution_note FROM tasks WHERE id = $1', [
      item!.taskId,
    ]);
    expect(task).toMatchObject({ status: 'completed', resolution_note: 'Pay out-of-pocket: Caller agrees to pay out-of-pocket.' });
    expect((await auditRows(t.app, "action = 'chooseInsuranceDecision' AND actor_id = $1 AND outcome = 'success'", [support.id])).at(-1)).toMatchObject({
      record_type: 'insuranceInquiry',
      record_id: item!.inquiry.id,
    });
    expect((await auditRows(t.app, "action = 'task.complete' AND record_id = $1", [item!.taskId])).length).toBe(1);

    const self = await selfPatientOf(t.app.database, jordan.id);
    const insurances = (await t.app.inject({ method: 'GET', url: `/api/patients/${self.id}/insurances`, headers: jordan.headers })).json().items;
    const oscar = insurances.find((i: { insuranceInquiryAudits: { id: string }[] }) => i.insuranceInquiryAudits[0]?.id === item!.inquiry.id);
    expect(oscar.insuranceInquiryAudits[0]).toMatchObject({ decision: 'selfPay', decidedAt: expect.any(String) });
  });

  it('lets only staff ask the patient', async () => {
    const inquiry = (await t.app.inject({ method: 'GET', url: check, headers: jordan.headers })).json();
    expect((await decide(jordan, inquiry.id, { decision: 'askPatient' })).json().errorCode).toBe('INSURANCE_DECISION_NOT_ALLOWED');
    expect((await decide(support, inquiry.id, { decision: 'askPatient', note: 'Left a voicemail.' })).statusCode).toBe(200);
  });
});
