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
import { first, preparedQuery, qb, sql, type Param, type TableRow } from '../db/typed';
import { AppError } from '../errors';
import { patientById } from '../patients/repository';
import type { InsuranceForInquiry } from './repository';

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

/** An insurance plan and the carriers a practice accepts, compiled once. */
const planWithAccepted = preparedQuery((p: Param<{ practiceId: string; planId: number }>) =>
  qb
    .selectFrom('insurance_plans')
    .select((eb) => [
      'id',
      'carrier_id',
      'is_medicaid',
      'copay',
      sql<number[]>`ARRAY(${eb.selectFrom('practice_accepted_carriers').select('carrier_id').where('practice_id', '=', p('practiceId'))})`.as('accepted'),
    ])
    .where('id', '=', p('planId')),
);

export const rulesEligibilityChecker: EligibilityChecker = {
  source: 'rules',
  async check(db, inquiry) {
    // The plan and the practice's accepted carriers in one query.
    const plan = await first(db, planWithAccepted({ practiceId: inquiry.practiceId, planId: inquiry.insurance.planId }), { prepared: true });
    if (!plan) throw new Error(`plan ${inquiry.insurance.planId} of an insurance on file does not exist`);
    return assessEligibility({
      plan: { id: plan.id, carrierId: plan.carrier_id, isMedicaid: plan.is_medicaid, copay: plan.copay === null ? null : Number(plan.copay) },
      providerPlanIds: inquiry.provider.planIds,
      practiceCarrierIds: plan.accepted.map(Number),
      payRates: { individual: inquiry.provider.payIndividual, follow_up: inquiry.provider.payFollowUp },
      isFollowUp: inquiry.isFollowUp,
      defaultCopay: constants.defaultInsuranceCopay,
    });
  },
};

/** A provider as eligibility needs it (a row of providers). */
export type EligibilityProvider = Pick<TableRow<'providers'>, 'id' | 'pay_individual' | 'pay_follow_up' | 'plan_ids'>;

/**
 * Asks the app's checker about one insurance on file for one session: the inquiry an insurance check
 * (GET /insurance-inquiry/validate/...) and a booking (which never takes the browser's word for it)
 * both make. The patient is read by `patientId`, unless the caller has just read them (`patient`).
 */
export async function checkEligibility(
  db: Queryable,
  checker: EligibilityChecker,
  what: {
    patientId: string;
    patient?: EligibilityInquiry['patient'];
    insurance: InsuranceForInquiry;
    provider: EligibilityProvider;
    practiceId: string;
    isFollowUp: boolean;
  },
): Promise<EligibilityResult> {
  let patient = what.patient;
  if (!patient) {
    const row = await patientById(db, what.patientId);
    if (!row) throw new AppError('NOT_FOUND');
    patient = { id: row.id, firstName: row.first_name, lastName: row.last_name, dateOfBirth: row.date_of_birth };
  }
  const { insurance, provider } = what;
  return checker.check(db, {
    patient: { id: patient.id, firstName: patient.firstName, lastName: patient.lastName, dateOfBirth: patient.dateOfBirth },
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
