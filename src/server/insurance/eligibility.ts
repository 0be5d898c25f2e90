/**
 * Eligibility checkers. The built-in one applies the rules of src/domain/insurance-eligibility.ts to
 * the carrier and plan data in the database (the provider's plans, the practice's accepted carriers);
 * a clearinghouse adapter (an electronic 270/271 eligibility inquiry) implements the same interface
 * and is installed in its place by the insurance plugin.
 */
import { constants } from '../../generated/constants';
import type { InsuranceOutcome } from '../../generated/enums';
import { assessEligibility } from '../../domain/insurance-eligibility';
import type { Queryable } from '../db/connection';

export interface EligibilityInquiry {
  patient: { id: string; firstName: string; lastName: string; dateOfBirth: string | null };
  insurance: { id: string; carrierId: number; carrierCode: string; planId: number; memberId: string; groupNumber: string | null };
  provider: { id: string; payIndividual: number; payFollowUp: number | null; planIds: readonly number[] };
  practiceId: string;
  isFollowUp: boolean;
}

export interface EligibilityResult {
  outcome: InsuranceOutcome;
  copay: number | null;
  estimatedCost: number | null;
  selfPayPrice: number;
}

export interface EligibilityChecker {
  /** Recorded with every inquiry it answers. */
  readonly source: string;
  check(db: Queryable, inquiry: EligibilityInquiry): Promise<EligibilityResult>;
}

export const rulesEligibilityChecker: EligibilityChecker = {
  source: 'rules',
  async check(db, inquiry) {
    const [plan] = await db.query<{ id: number; carrier_id: number; is_medicaid: boolean; copay: string | null }>(
      'SELECT id, carrier_id, is_medicaid, copay FROM insurance_plans WHERE id = $1',
      [inquiry.insurance.planId],
    );
    if (!plan) throw new Error(`plan ${inquiry.insurance.planId} of an insurance on file does not exist`);
    const accepted = await db.query<{ carrier_id: number }>('SELECT carrier_id FROM practice_accepted_carriers WHERE practice_id = $1', [inquiry.practiceId]);
    return assessEligibility({
      plan: { id: plan.id, carrierId: plan.carrier_id, isMedicaid: plan.is_medicaid, copay: plan.copay === null ? null : Number(plan.copay) },
      providerPlanIds: inquiry.provider.planIds,
      practiceCarrierIds: accepted.map((a) => a.carrier_id),
      payRates: { individual: inquiry.provider.payIndividual, follow_up: inquiry.provider.payFollowUp },
      isFollowUp: inquiry.isFollowUp,
      defaultCopay: constants.defaultInsuranceCopay,
    });
  },
};
