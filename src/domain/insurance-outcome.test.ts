import type { InsuranceOutcome } from '../generated/enums';
import { hasInsuranceOutcome, isDeniedDueToMedicaid, isSelfPayEligible, isValidAuditDate, type InsuranceRecord } from './insurance-outcome';

const SELF_PAY_REQUIRED: InsuranceOutcome = 'CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED';
const MEDICAID: InsuranceOutcome = 'DENIED_DUE_TO_MEDICAID';
const ELIGIBLE: InsuranceOutcome = 'ELIGIBLE';

const jordan = { firstName: 'Jordan', lastName: 'Rivera', dateOfBirth: '1990-04-12' };
const sky = { firstName: 'Sky', lastName: 'Rivera', dateOfBirth: '2015-06-01' };
const now = new Date('2026-03-10T15:00:00Z');

function insurance(outcome: InsuranceOutcome | null, auditOutcome?: InsuranceOutcome, createdAt?: string): InsuranceRecord {
  return {
    patient: { ...jordan },
    internalOutcomeAssessment: outcome,
    insuranceInquiryAudits: auditOutcome || createdAt ? [{ internalOutcomeAssessment: auditOutcome ?? null, createdAt: createdAt ?? null }] : [],
  };
}

describe('self-pay eligibility', () => {
  it('is eligible when the insurance itself says self-pay is required, for a patient of the booking', () => {
    expect(isSelfPayEligible(insurance(SELF_PAY_REQUIRED), [sky, jordan])).toBe(true);
  });

  it('is eligible when only the first inquiry audit says so', () => {
    expect(isSelfPayEligible(insurance(null, SELF_PAY_REQUIRED), [jordan])).toBe(true);
    expect(isSelfPayEligible(insurance(ELIGIBLE, SELF_PAY_REQUIRED), [jordan])).toBe(true);
  });

  it('reads only the first audit', () => {
    const later: InsuranceRecord = {
      ...insurance(null),
      insuranceInquiryAudits: [{ internalOutcomeAssessment: ELIGIBLE }, { internalOutcomeAssessment: SELF_PAY_REQUIRED }],
    };
    expect(isSelfPayEligible(later, [jordan])).toBe(false);
  });

  it('is not eligible with another outcome, or no outcome at all', () => {
    expect(isSelfPayEligible(insurance(ELIGIBLE), [jordan])).toBe(false);
    expect(isSelfPayEligible(insurance(MEDICAID), [jordan])).toBe(false);
    expect(isSelfPayEligible({ patient: jordan }, [jordan])).toBe(false);
  });

  it('is not eligible when the insurance belongs to none of the patients', () => {
    expect(isSelfPayEligible(insurance(SELF_PAY_REQUIRED), [sky])).toBe(false);
    expect(isSelfPayEligible(insurance(SELF_PAY_REQUIRED), [])).toBe(false);
    expect(isSelfPayEligible(undefined, [jordan])).toBe(false);
  });

  it('reads an outcome on the insurance or its first audit', () => {
    expect(hasInsuranceOutcome(insurance(MEDICAID), MEDICAID)).toBe(true);
    expect(hasInsuranceOutcome(insurance(null, MEDICAID), MEDICAID)).toBe(true);
    expect(hasInsuranceOutcome(insurance(null), MEDICAID)).toBe(false);
  });
});

describe('Medicaid denial', () => {
  const strict = { requireValidAuditDate: true, now };

  it('is denied with the Medicaid outcome for a patient of the booking', () => {
    expect(isDeniedDueToMedicaid(insurance(MEDICAID), [jordan])).toBe(true);
    expect(isDeniedDueToMedicaid(insurance(null, MEDICAID), [jordan])).toBe(true);
  });

  it('is not denied for another outcome or another person', () => {
    expect(isDeniedDueToMedicaid(insurance(SELF_PAY_REQUIRED), [jordan])).toBe(false);
    expect(isDeniedDueToMedicaid(insurance(MEDICAID), [sky])).toBe(false);
    expect(isDeniedDueToMedicaid(null, [jordan])).toBe(false);
  });

  it('in the stricter mode, needs a valid audit date as well', () => {
    expect(isDeniedDueToMedicaid(insurance(MEDICAID, MEDICAID, '2026-03-09T10:00:00Z'), [jordan], strict)).toBe(true);
    expect(isDeniedDueToMedicaid(insurance(MEDICAID), [jordan], strict)).toBe(false);
    expect(isDeniedDueToMedicaid(insurance(MEDICAID, undefined, 'not a date'), [jordan], strict)).toBe(false);
    expect(isDeniedDueToMedicaid(insurance(MEDICAID, undefined, '2026-03-11T00:00:00Z'), [jordan], strict)).toBe(false);
  });

  it('ignores the audit date when the stricter mode is off', () => {
    expect(isDeniedDueToMedicaid(insurance(MEDICAID, undefined, 'not a date'), [jordan], { requireValidAuditDate: false, now })).toBe(true);
  });
});

describe('valid audit dates', () => {
  it('accepts ISO dates and timestamps up to now', () => {
    expect(isValidAuditDate('2026-03-10', now)).toBe(true);
    expect(isValidAuditDate('2026-03-10T15:00:00Z', now)).toBe(true);
    expect(isValidAuditDate('2026-03-10T10:00:00-05:00', now)).toBe(true);
  });

  it('rejects the future, even by a second', () => {
    expect(isValidAuditDate('2026-03-10T15:00:01Z', now)).toBe(false);
  });

  it('rejects text that is not a strict ISO date, and impossible dates', () => {
    expect(isValidAuditDate('03/10/2026', now)).toBe(false);
    expect(isValidAuditDate('2026-02-30', now)).toBe(false);
    expect(isValidAuditDate('', now)).toBe(false);
    expect(isValidAuditDate(null, now)).toBe(false);
  });
});
