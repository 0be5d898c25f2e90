/**
 * What an insurance inquiry's internal outcome means for a booking (product-spec §4): self-pay
 * eligibility and Medicaid denial. The outcome is read from the insurance itself or, when it has
 * none of the kind asked, from its first inquiry audit. Either answer also needs the insurance to
 * belong to one of the booking's patients (same person: see insurance-match).
 */
import type { InsuranceOutcome } from '../generated/enums';
import { isoInstant } from './dates';
import { insuranceMatchesAnyPatient, type InsuredPerson, type PersonIdentity } from './insurance-match';

export interface InsuranceInquiryAudit {
  internalOutcomeAssessment?: string | null;
  /** ISO 8601 timestamp of the inquiry. */
  createdAt?: string | null;
}

export interface InsuranceRecord extends InsuredPerson {
  internalOutcomeAssessment?: string | null;
  insuranceInquiryAudits?: readonly InsuranceInquiryAudit[] | null;
}

const SELF_PAY_REQUIRED: InsuranceOutcome = 'CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED';
const DENIED_DUE_TO_MEDICAID: InsuranceOutcome = 'DENIED_DUE_TO_MEDICAID';

function firstAudit(insurance: InsuranceRecord): InsuranceInquiryAudit | undefined {
  return insurance.insuranceInquiryAudits?.[0];
}

export function hasInsuranceOutcome(insurance: InsuranceRecord, outcome: InsuranceOutcome): boolean {
  return insurance.internalOutcomeAssessment === outcome || firstAudit(insurance)?.internalOutcomeAssessment === outcome;
}

/** Eligible for self-pay: the card is not accepted and self-pay is required, for one of the patients. */
export function isSelfPayEligible(insurance: InsuranceRecord | null | undefined, patients: readonly PersonIdentity[]): boolean {
  return !!insurance && hasInsuranceOutcome(insurance, SELF_PAY_REQUIRED) && insuranceMatchesAnyPatient(insurance, patients);
}

/**
 * A valid audit date is a strict ISO 8601 date or timestamp that is not later than `now`: an
 * inquiry cannot have been made in the future, and anything unparseable proves nothing.
 */
export function isValidAuditDate(createdAt: string | null | undefined, now: Date): boolean {
  if (!createdAt) return false;
  const at = isoInstant(createdAt);
  return at !== undefined && at <= now.getTime();
}

export interface MedicaidDenialOptions {
  /** The stricter mode: the first inquiry audit must also carry a valid date (see isValidAuditDate). */
  requireValidAuditDate: boolean;
  now: Date;
}

/** Denied because the patient has Medicaid, for one of the patients (and, in the stricter mode, with a valid audit date). */
export function isDeniedDueToMedicaid(
  insurance: InsuranceRecord | null | undefined,
  patients: readonly PersonIdentity[],
  options?: MedicaidDenialOptions,
): boolean {
  if (!insurance || !hasInsuranceOutcome(insurance, DENIED_DUE_TO_MEDICAID) || !insuranceMatchesAnyPatient(insurance, patients)) return false;
  return !options?.requireValidAuditDate || isValidAuditDate(firstAudit(insurance)?.createdAt, options.now);
}
