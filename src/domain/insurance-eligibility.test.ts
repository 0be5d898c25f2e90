import * as patientsConstants from '../generated/constants/patients';
import { assessEligibility, selfPayPrice, type EligibilityFacts } from './insurance-eligibility';

const facts = (over: Partial<EligibilityFacts> = {}, plan: Partial<EligibilityFacts['plan']> = {}): EligibilityFacts => ({
  plan: { id: 10, carrierId: 1, isMedicaid: false, copay: 25, ...plan },
  providerPlanIds: [10, 11],
  practiceCarrierIds: [1, 2],
  payRates: { individual: 150, follow_up: 120 },
  isFollowUp: false,
  defaultCopay: patientsConstants.defaultInsuranceCopay,
  ...over,
});

describe('assessEligibility', () => {
  it('an accepted carrier pays: the copay, never more than the self-pay price', () => {
    expect(assessEligibility(facts())).toEqual({ outcome: 'ELIGIBLE', copay: 25, estimatedCost: 25, selfPayPrice: 150 });
    expect(assessEligibility(facts({ payRates: { individual: 20 } }))).toEqual({ outcome: 'ELIGIBLE', copay: 25, estimatedCost: 20, selfPayPrice: 20 });
  });

  it('a plan without a copay on file uses the default copay', () => {
    expect(assessEligibility(facts({}, { copay: null })).copay).toBe(patientsConstants.defaultInsuranceCopay);
  });

  it('a zero copay is a copay', () => {
    expect(assessEligibility(facts({}, { copay: 0 }))).toMatchObject({ outcome: 'ELIGIBLE', copay: 0, estimatedCost: 0 });
  });

  it('a carrier the practice does not accept needs self-pay, at the provider pay rate', () => {
    expect(assessEligibility(facts({ practiceCarrierIds: [2] }))).toEqual({
      outcome: 'CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED',
      copay: null,
      estimatedCost: null,
      selfPayPrice: 150,
    });
  });

  it('a Medicaid plan the provider does not take is denied, even when the practice accepts the carrier', () => {
    expect(assessEligibility(facts({ providerPlanIds: [11] }, { isMedicaid: true })).outcome).toBe('DENIED_DUE_TO_MEDICAID');
    expect(assessEligibility(facts({ providerPlanIds: [11], practiceCarrierIds: [] }, { isMedicaid: true })).outcome).toBe('DENIED_DUE_TO_MEDICAID');
  });

  it('a Medicaid plan the provider takes is like any other plan', () => {
    expect(assessEligibility(facts({}, { isMedicaid: true })).outcome).toBe('ELIGIBLE');
    expect(assessEligibility(facts({ practiceCarrierIds: [] }, { isMedicaid: true })).outcome).toBe('CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED');
  });

  it('a follow-up is priced at the follow-up rate when there is one', () => {
    expect(assessEligibility(facts({ isFollowUp: true, practiceCarrierIds: [] })).selfPayPrice).toBe(120);
    expect(selfPayPrice({ individual: '99.5' }, true)).toBe(99.5);
    expect(selfPayPrice({ individual: null }, false)).toBe(0);
  });
});
