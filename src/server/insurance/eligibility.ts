/**
 * Eligibility checkers. The built-in one applies the rules of src/domain/insurance-eligibility.ts to
 * the carrier and plan data in the database (the provider's plans, the practice's accepted carriers);
 * a clearinghouse adapter (an electronic 270/271 eligibility inquiry) implements the same interface
 * and is installed in its place by the insurance plugin.
 */
import { constants } from '@/generated/constants';
import type { InsuranceOutcome } from '@/generated/enums';
import { assessEligibility } from '@/domain/insurance-eligibility';
import type { Queryable } from '../db/connection';
import { AppError } from '../errors';
import { patientById } from '../patients/repository';
import type { InsuranceOnFile } from './repository';

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

/** A provider as eligibility needs it (a row of providers). */
export interface EligibilityProvider {
  id: string;
  pay_individual: string;
  pay_follow_up: string | null;
  plan_ids: number[];
}

/**
 * Asks the app's checker about one insurance on file for one session: the inquiry an insurance check
 * (GET /insurance-inquiry/validate/...) and a booking (which never takes the browser's word for it)
 * both make.
 */
export async function checkEligibility(
  db: Queryable,
  checker: EligibilityChecker,
  what: { patientId: string; insurance: InsuranceOnFile; provider: EligibilityProvider; practiceId: string; isFollowUp: boolean },
): Promise<EligibilityResult> {
  const patient = await patientById(db, what.patientId);
  if (!patient) throw new AppError('NOT_FOUND');
  const { insurance, provider } = what;
  return checker.check(db, {
    patient: { id: patient.id, firstName: patient.first_name, lastName: patient.last_name, dateOfBirth: patient.date_of_birth },
    insurance: {
      id: insurance.id,
      carrierId: insurance.carrierId,
      carrierCode: insurance.carrierCode,
      planId: insurance.planId,
      memberId: insurance.memberId,
      groupNumber: insurance.groupNumber ?? null,
    },
    provider: {
      id: provider.id,
      payIndividual: Number(provider.pay_individual),
      payFollowUp: provider.pay_follow_up === null ? null : Number(provider.pay_follow_up),
      planIds: provider.plan_ids,
    },
    practiceId: what.practiceId,
    isFollowUp: what.isFollowUp,
  });
}
