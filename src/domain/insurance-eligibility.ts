/**
 * The eligibility rules of the built-in checker: what an insurance means for one session with one
 * provider at one practice. A Medicaid plan the provider does not take is denied (product-spec §4
 * Medicaid denial); a carrier the practice does not accept needs self-pay (§4 self-pay eligibility);
 * otherwise the insurance pays, and the patient owes the plan's copay, never more than the session's
 * self-pay price. The self-pay price is the provider's pay rate (§4 Pay rate) and is always given.
 */
import type { InsuranceOutcome } from '../generated/enums';
import { sessionPayRate, type ProviderPayRates } from './pay-rate';

export interface EligibilityFacts {
  plan: { id: number; carrierId: number; isMedicaid: boolean; copay: number | null };
  /** Plans the provider takes. */
  providerPlanIds: readonly number[];
  /** Carriers the practice accepts. */
  practiceCarrierIds: readonly number[];
  payRates: ProviderPayRates;
  isFollowUp: boolean;
  /** Copay of an accepted plan without one on file. */
  defaultCopay: number;
}

export interface EligibilityAssessment {
  outcome: InsuranceOutcome;
  /** ELIGIBLE only */
  copay: number | null;
  /** ELIGIBLE only */
  estimatedCost: number | null;
  selfPayPrice: number;
}

function money(value: number): number {
  return Math.round(value * 100) / 100;
}

export function selfPayPrice(payRates: ProviderPayRates, isFollowUp: boolean): number {
  const rate = Number(sessionPayRate(payRates, isFollowUp) ?? 0);
  return Number.isFinite(rate) ? money(rate) : 0;
}

export function assessEligibility(facts: EligibilityFacts): EligibilityAssessment {
  const price = selfPayPrice(facts.payRates, facts.isFollowUp);
  const selfPay = (outcome: InsuranceOutcome): EligibilityAssessment => ({ outcome, copay: null, estimatedCost: null, selfPayPrice: price });
  if (facts.plan.isMedicaid && !facts.providerPlanIds.includes(facts.plan.id)) return selfPay('DENIED_DUE_TO_MEDICAID');
  if (!facts.practiceCarrierIds.includes(facts.plan.carrierId)) return selfPay('CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED');
  const copay = money(Math.max(0, facts.plan.copay ?? facts.defaultCopay));
  return { outcome: 'ELIGIBLE', copay, estimatedCost: Math.min(copay, price), selfPayPrice: price };
}
