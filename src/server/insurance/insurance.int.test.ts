/**
 * Insurance on file and eligibility inquiries on the seeded database: the three outcomes the demo
 * patient's insurances show (eligible with a copay, self-pay required, denied due to Medicaid), the
 * self-pay price before booking, the inquiry audits, auditId reuse, decisions, reach and the
 * clearinghouse seam; and the offline phone lookup.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows, callerFor, type TestCaller } from '@tests/support/sessions';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { isDeniedDueToMedicaid, isSelfPayEligible } from '@/domain/insurance-outcome';
import { sessionPayRate } from '@/domain/pay-rate';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { DEMO_PATIENT_EMAIL } from '@/server/db/seed/patients-insurance';
import type { EligibilityChecker } from '@/server/insurance/eligibility';

let t: TestApp;
let jordan: TestCaller;
let avery: TestCaller;
let support: TestCaller;
let agent: TestCaller;
let jordanSelf: string;
let mia: string;
let insuranceOf: Record<'BCBS' | 'OSCAR' | 'SUNSHINE', string>;
/** A provider whose practice accepts Blue Cross Blue Shield. */
let accepting: { id: string; practice_id: string; pay_individual: string; pay_follow_up: string | null };

const email = (role: string) => demoAccounts.find((a) => a.role === role)!.email;
const validateUrl = (patientId: string, insuranceId: string, providerId = accepting.id, practiceId = accepting.practice_id, query = '') =>
  `/api/insurance-inquiry/validate/patient/${patientId}/insurance/${insuranceId}/provider/${providerId}/practice/${practiceId}${query}`;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, DEMO_PATIENT_EMAIL);
  avery = await callerFor(t.app, email('Partner member'));
  support = await callerFor(t.app, email('Support agent'));
  agent = await callerFor(t.app, email('Third-party agent'));
  const db = t.db.database;
  const patients = await db.query<{ id: string; relationship: string }>('SELECT id, relationship FROM patients WHERE user_id = $1', [jordan.id]);
  jordanSelf = patients.find((p) => p.relationship === 'Self')!.id;
  mia = patients.find((p) => p.relationship === 'Child')!.id;
  const insurances = await db.query<{ id: string; code: 'BCBS' | 'OSCAR' | 'SUNSHINE' }>(
    'SELECT i.id, c.code FROM patient_insurances i JOIN insurance_carriers c ON c.id = i.carrier_id JOIN patients p ON p.id = i.patient_id WHERE p.user_id = $1',
    [jordan.id],
  );
  insuranceOf = Object.fromEntries(insurances.map((i) => [i.code, i.id])) as typeof insuranceOf;
  [accepting] = (await db.query<typeof accepting>(
    `SELECT pr.id, pr.practice_id, pr.pay_individual, pr.pay_follow_up FROM providers pr
      WHERE pr.removed_at IS NULL AND pr.practice_id IN (SELECT practice_id FROM practice_accepted_carriers a JOIN insurance_carriers c ON c.id = a.carrier_id WHERE c.code = 'BCBS')
      ORDER BY pr.id LIMIT 1`,
  )) as [typeof accepting];
}, 90_000);
afterAll(async () => t.close());

describe('carriers and insurances on file', () => {
  it('lists carriers with their plans, Medicaid marked, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/insurance/carriers' });
    expect(res.statusCode).toBe(200);
    const sunshine = res.json().items.find((c: { code: string }) => c.code === 'SUNSHINE');
    expect(sunshine.plans).toEqual([expect.objectContaining({ name: 'Sunshine Health Medicaid', isMedicaid: true })]);
  });

  it("lists a patient's insurances with carrier code and name", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf}/insurances`, headers: jordan.headers });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .items.map((i: { carrierCode: string }) => i.carrierCode)
        .sort(),
    ).toEqual(['BCBS', 'OSCAR']);
    const bcbs = res.json().items.find((i: { carrierCode: string }) => i.carrierCode === 'BCBS');
    expect(bcbs).toMatchObject({
      carrierName: 'Blue Cross Blue Shield',
      planName: 'Blue Cross PPO',
      memberId: 'XBC100200300',
      cardFrontDocumentId: expect.any(String),
      patient: { firstName: 'Jordan' },
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf}/insurances`, headers: avery.headers })).statusCode).toBe(404);
  });

  it('answers active insurance by scheduling-system ids in bracket format, only for patients the caller reaches', async () => {
    const ids = await t.db.database.query<{ ehr_id: string; license_key: string }>('SELECT ehr_id, license_key FROM patients WHERE id = ANY($1::uuid[])', [
      [jordanSelf, mia],
    ]);
    const query = ids.map((i) => `patientEhrId[]=${i.ehr_id}`).join('&') + `&licenseKey=${ids[0]!.license_key}`;
    const mine = await t.app.inject({ method: 'GET', url: `/api/patients/active-insurance?${query}`, headers: jordan.headers });
    expect(mine.statusCode).toBe(200);
    expect(
      mine
        .json()
        .items.map((i: { carrierCode: string }) => i.carrierCode)
        .sort(),
    ).toEqual(['BCBS', 'OSCAR', 'SUNSHINE']);
    for (const item of mine.json().items) expect(item).toEqual(expect.objectContaining({ carrierCode: expect.any(String), carrierName: expect.any(String) }));
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/active-insurance?${query}`, headers: avery.headers })).json().items).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/patients/active-insurance?${query.replace(/licenseKey=.*/, 'licenseKey=OTHER')}`,
          headers: jordan.headers,
        })
      ).json().items,
    ).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/patients/active-insurance?licenseKey=x`, headers: jordan.headers })).statusCode).toBe(400);
  });

  it('adds an insurance once, changes and removes it', async () => {
    const carriers = (await t.app.inject({ method: 'GET', url: '/api/insurance/carriers' })).json().items as {
      code: string;
      plans: { id: number; name: string }[];
    }[];
    const aetna = carriers.find((c) => c.code === 'AETNA')!;
    const body = { carrierCode: 'AETNA', planId: aetna.plans[0]!.id, memberId: 'AET-777' };
    const first = await t.app.inject({ method: 'POST', url: `/api/patients/${mia}/insurances`, headers: jordan.headers, payload: body });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ carrierCode: 'AETNA', memberId: 'AET-777', internalOutcomeAssessment: null, insuranceInquiryAudits: [] });
    const again = await t.app.inject({ method: 'POST', url: `/api/patients/${mia}/insurances`, headers: jordan.headers, payload: body });
    expect(again.json().id).toBe(first.json().id);
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/patients/${mia}/insurances/${first.json().id}`,
      headers: jordan.headers,
      payload: { ...body, memberId: 'AET-778', groupNumber: 'G1' },
    });
    expect(changed.json()).toMatchObject({ memberId: 'AET-778', groupNumber: 'G1' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/patients/${mia}/insurances/${first.json().id}`, headers: avery.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/patients/${mia}/insurances/${first.json().id}`, headers: jordan.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/patients/${mia}/insurances/${first.json().id}`, headers: jordan.headers })).statusCode).toBe(404);
  });

  it("refuses a plan that is not the carrier's, and a bad member id", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/patients/${mia}/insurances`,
      headers: jordan.headers,
      payload: { carrierCode: 'OSCAR', planId: 1, memberId: 'X1' },
    });
    expect(res.statusCode).toBe(errorCatalogue.INSURANCE_PLAN_UNKNOWN.status);
    expect(res.json().errorCode).toBe('INSURANCE_PLAN_UNKNOWN');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/patients/${mia}/insurances`,
          headers: jordan.headers,
          payload: { carrierCode: 'OSCAR', planId: 1, memberId: 'X 1;' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/insurance-inquiry/validate/...', () => {
  it('answers ELIGIBLE with copay and estimated cost where the practice accepts the carrier, and shows the self-pay price', async () => {
    const res = await t.app.inject({ method: 'GET', url: validateUrl(jordanSelf, insuranceOf.BCBS), headers: jordan.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ internalOutcomeAssessment: 'ELIGIBLE', carrierCode: 'BCBS', source: 'rules', decision: null });
    expect(body.copay).toBeGreaterThan(0);
    expect(body.selfPayPrice).toBe(Number(sessionPayRate({ individual: accepting.pay_individual, follow_up: accepting.pay_follow_up }, false)));
    expect(body.estimatedCost).toBe(Math.min(body.copay, body.selfPayPrice));
  });

  it('answers CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED for a carrier no practice accepts, and the insurance then reads as self-pay eligible', async () => {
    // Whether the session is a follow-up is the server's to say (from the patient's sessions), not the caller's.
    const told = await t.app.inject({
      method: 'GET',
      url: validateUrl(jordanSelf, insuranceOf.OSCAR, accepting.id, accepting.practice_id, '?isFollowUp=true'),
      headers: jordan.headers,
    });
    expect(told.statusCode).toBe(400);
    expect(told.json().errorCode).toBe('VALIDATION_FAILED');
    const res = await t.app.inject({
      method: 'GET',
      url: validateUrl(jordanSelf, insuranceOf.OSCAR, accepting.id, accepting.practice_id),
      headers: jordan.headers,
    });
    expect(res.json()).toMatchObject({ internalOutcomeAssessment: 'CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED', copay: null, estimatedCost: null, isFollowUp: false });
    expect(res.json().selfPayPrice).toBe(Number(sessionPayRate({ individual: accepting.pay_individual, follow_up: accepting.pay_follow_up }, false)));
    const insurances = (await t.app.inject({ method: 'GET', url: `/api/patients/${jordanSelf}/insurances`, headers: jordan.headers })).json().items;
    const oscar = insurances.find((i: { id: string }) => i.id === insuranceOf.OSCAR);
    expect(oscar.insuranceInquiryAudits[0]).toMatchObject({ id: res.json().id, internalOutcomeAssessment: 'CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED' });
    const jordanPerson = { firstName: 'Jordan', lastName: 'Rivera', dateOfBirth: '1988-07-14' };
    expect(isSelfPayEligible(oscar, [jordanPerson])).toBe(true);
  });

  it('answers DENIED_DUE_TO_MEDICAID for a Medicaid plan the provider does not take', async () => {
    const res = await t.app.inject({ method: 'GET', url: validateUrl(mia, insuranceOf.SUNSHINE), headers: support.headers });
    expect(res.json()).toMatchObject({ internalOutcomeAssessment: 'DENIED_DUE_TO_MEDICAID', copay: null });
    const insurance = (await t.app.inject({ method: 'GET', url: `/api/patients/${mia}/insurances`, headers: jordan.headers }))
      .json()
      .items.find((i: { id: string }) => i.id === insuranceOf.SUNSHINE);
    const miaPerson = { firstName: insurance.patient.firstName, lastName: insurance.patient.lastName, dateOfBirth: insurance.patient.dateOfBirth };
    expect(isDeniedDueToMedicaid(insurance, [miaPerson], { requireValidAuditDate: true, now: new Date() })).toBe(true);
  });

  it('keeps an audit row of every inquiry, and answers a recent one again by auditId without a new inquiry', async () => {
    const count = async () => (await t.db.database.query<{ n: number }>('SELECT count(*)::int AS n FROM insurance_inquiry_audits'))[0]!.n;
    const first = (await t.app.inject({ method: 'GET', url: validateUrl(jordanSelf, insuranceOf.BCBS), headers: jordan.headers })).json();
    const before = await count();
    const again = await t.app.inject({
      method: 'GET',
      url: validateUrl(jordanSelf, insuranceOf.BCBS, accepting.id, accepting.practice_id, `?auditId=${first.id}`),
      headers: jordan.headers,
    });
    expect(again.json().id).toBe(first.id);
    expect(await count()).toBe(before);
    const [row] = await t.db.database.query<{ internal_outcome_assessment: string; actor_id: string; created_at: Date }>(
      'SELECT internal_outcome_assessment, actor_id, created_at FROM insurance_inquiry_audits WHERE id = $1',
      [first.id],
    );
    expect(row).toMatchObject({ internal_outcome_assessment: 'ELIGIBLE', actor_id: jordan.id });
    // An auditId of another insurance starts a new inquiry.
    const other = await t.app.inject({
      method: 'GET',
      url: validateUrl(jordanSelf, insuranceOf.OSCAR, accepting.id, accepting.practice_id, `?auditId=${first.id}`),
      headers: jordan.headers,
    });
    expect(other.json().id).not.toBe(first.id);
    expect(await count()).toBe(before + 1);
    expect((await auditRows(t.app, "action = 'validateInsurance' AND outcome = 'success'")).length).toBeGreaterThan(0);
  });

  it("answers 404 for a patient out of reach, another patient's insurance, an unknown provider; 400 for a provider at another practice", async () => {
    expect((await t.app.inject({ method: 'GET', url: validateUrl(jordanSelf, insuranceOf.BCBS), headers: avery.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: validateUrl(jordanSelf, insuranceOf.BCBS), headers: agent.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: validateUrl(mia, insuranceOf.BCBS), headers: jordan.headers })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: validateUrl(jordanSelf, insuranceOf.BCBS, '00000000-0000-4000-8000-000000000000'), headers: jordan.headers }))
        .statusCode,
    ).toBe(404);
    const [elsewhere] = await t.db.database.query<{ id: string }>('SELECT id FROM practices WHERE id <> $1 LIMIT 1', [accepting.practice_id]);
    const res = await t.app.inject({ method: 'GET', url: validateUrl(jordanSelf, insuranceOf.BCBS, accepting.id, elsewhere!.id), headers: jordan.headers });
    expect(res.statusCode).toBe(errorCatalogue.PROVIDER_NOT_AT_PRACTICE.status);
    expect(res.json().errorCode).toBe('PROVIDER_NOT_AT_PRACTICE');
  });

  it("asks whichever checker is installed: a clearinghouse adapter takes the rules' place", async () => {
    const rules = t.app.eligibilityChecker;
    const clearinghouse: EligibilityChecker = {
      source: 'clearinghouse-test',
      check: async () => ({ outcome: 'ELIGIBLE', copay: 5, estimatedCost: 5, selfPayPrice: 99 }),
    };
    t.app.eligibilityChecker = clearinghouse;
    try {
      const res = await t.app.inject({ method: 'GET', url: validateUrl(jordanSelf, insuranceOf.OSCAR), headers: jordan.headers });
      expect(res.json()).toMatchObject({ internalOutcomeAssessment: 'ELIGIBLE', copay: 5, source: 'clearinghouse-test' });
    } finally {
      t.app.eligibilityChecker = rules;
    }
  });
});

describe('POST /api/insurance-inquiry/{id}/choose-decision', () => {
  it('records the decision; insurance only when eligible', async () => {
    const eligible = (await t.app.inject({ method: 'GET', url: validateUrl(jordanSelf, insuranceOf.BCBS), headers: jordan.headers })).json();
    const chosen = await t.app.inject({
      method: 'POST',
      url: `/api/insurance-inquiry/${eligible.id}/choose-decision`,
      headers: jordan.headers,
      payload: { decision: 'useInsurance' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ id: eligible.id, decision: 'useInsurance', decidedAt: expect.any(String) });
    const selfPay = (await t.app.inject({ method: 'GET', url: validateUrl(jordanSelf, insuranceOf.OSCAR), headers: jordan.headers })).json();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/insurance-inquiry/${selfPay.id}/choose-decision`,
      headers: jordan.headers,
      payload: { decision: 'useInsurance' },
    });
    expect(refused.statusCode).toBe(errorCatalogue.INSURANCE_DECISION_NOT_ALLOWED.status);
    expect(refused.json().description).toBe(errorCatalogue.INSURANCE_DECISION_NOT_ALLOWED.message);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/insurance-inquiry/${selfPay.id}/choose-decision`,
          headers: jordan.headers,
          payload: { decision: 'selfPay' },
        })
      ).json().decision,
    ).toBe('selfPay');
  });

  it('answers 404 to someone who may not reach the inquiry, and for an unknown one', async () => {
    const inquiry = (await t.app.inject({ method: 'GET', url: validateUrl(jordanSelf, insuranceOf.OSCAR), headers: jordan.headers })).json();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/insurance-inquiry/${inquiry.id}/choose-decision`,
          headers: avery.headers,
          payload: { decision: 'selfPay' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/insurance-inquiry/00000000-0000-4000-8000-000000000000/choose-decision',
          headers: jordan.headers,
          payload: { decision: 'selfPay' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/insurance-inquiry/${inquiry.id}/choose-decision`,
          headers: jordan.headers,
          payload: { decision: 'maybe' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/notifications/phone-number/{number}/lookup', () => {
  it('tells a valid number and its line type, offline', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/notifications/phone-number/${encodeURIComponent('(201) 555-0123')}/lookup` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: true, lineType: 'fixed_line_or_mobile', canReceiveText: true, e164: '+12015550123', country: 'US' });
    const tollFree = (await t.app.inject({ method: 'GET', url: `/api/notifications/phone-number/${constants.supportPhone}/lookup` })).json();
    expect(tollFree).toMatchObject({ valid: true, lineType: 'toll_free', canReceiveText: false });
    const ukMobile = (await t.app.inject({ method: 'GET', url: `/api/notifications/phone-number/${encodeURIComponent('+447400123456')}/lookup` })).json();
    expect(ukMobile).toMatchObject({ valid: true, lineType: 'mobile', country: 'GB' });
  });

  it('says when a number is invalid, and refuses text that is not a number', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/phone-number/1234/lookup' })).json()).toMatchObject({
      valid: false,
      lineType: 'unknown',
      canReceiveText: false,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/phone-number/call-me/lookup' })).statusCode).toBe(400);
  });
});
