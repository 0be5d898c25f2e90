/**
 * What the insurance calls write and look up (src/server/insurance/routes.ts): the carriers and their
 * plans, insurances on file (added, changed, removed), and eligibility inquiries (recorded, reused,
 * decided). Reading an insurance or an inquiry as the API answers it is repository.ts.
 */
import type { InsuranceDecision, InsuranceOutcome } from '@/generated/enums';
import type { Queryable } from '../db/connection';
import { all, dbNow, first, qb, run, sql } from '../db/typed';
import type { EligibilityProvider } from './eligibility';
import { inquirySelect, type InquiryRow } from './repository';

/** Every carrier with each of its plans (one row a plan), by carrier and plan name. */
export async function carrierPlans(db: Queryable) {
  return all(
    db,
    qb
      .selectFrom('insurance_carriers as c')
      .innerJoin('insurance_plans as pl', 'pl.carrier_id', 'c.id')
      .select(['c.code', 'c.name', 'pl.id as plan_id', 'pl.name as plan_name', 'pl.is_medicaid'])
      .orderBy('c.name')
      .orderBy('pl.name'),
  );
}

/** The patients of a practice-management licence whose scheduling-system id is one of `ehrIds`, with their account and its partner. */
export async function patientsByLicenseAndEhrIds(db: Queryable, licenseKey: string, ehrIds: string[]) {
  return all(
    db,
    qb
      .selectFrom('patients as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.user_id', 'u.business_partner_id'])
      .where('p.license_key', '=', licenseKey)
      .where('p.ehr_id', '=', sql<string>`ANY(${ehrIds}::text[])`),
  );
}

/** The patient's insurance on file (not removed) of that plan and member id. */
export async function insuranceOnFileId(db: Queryable, patientId: string, planId: number, memberId: string): Promise<string | undefined> {
  const row = await first(
    db,
    qb
      .selectFrom('patient_insurances')
      .select('id')
      .where('patient_id', '=', patientId)
      .where('plan_id', '=', planId)
      .where('member_id', '=', memberId)
      .where('removed_at', 'is', null),
  );
  return row?.id;
}

export interface InsuranceFields {
  carrierId: number;
  planId: number;
  memberId: string;
  groupNumber: string | null;
}

/** An insurance on file; the same one twice breaks the unique index (23505). */
export async function insertInsurance(db: Queryable, i: InsuranceFields & { patientId: string; createdBy: string }): Promise<string> {
  const row = await first(
    db,
    qb
      .insertInto('patient_insurances')
      .values({
        patient_id: i.patientId,
        carrier_id: i.carrierId,
        plan_id: i.planId,
        member_id: i.memberId,
        group_number: i.groupNumber,
        created_by: i.createdBy,
      })
      .returning('id'),
  );
  return row!.id;
}

/** Changes an insurance of the patient; becoming another one on file breaks the unique index (23505). */
export async function updateInsurance(db: Queryable, id: string, patientId: string, i: InsuranceFields): Promise<void> {
  await run(
    db,
    qb
      .updateTable('patient_insurances')
      .set({ carrier_id: i.carrierId, plan_id: i.planId, member_id: i.memberId, group_number: i.groupNumber, updated_at: dbNow })
      .where('id', '=', id)
      .where('patient_id', '=', patientId),
  );
}

export async function removeInsurance(db: Queryable, id: string): Promise<void> {
  await run(db, qb.updateTable('patient_insurances').set({ removed_at: dbNow }).where('id', '=', id).where('removed_at', 'is', null));
}

/** A provider (not removed) with what the eligibility check prices by, and its practice. */
export async function eligibilityProviderOf(db: Queryable, providerId: string): Promise<(EligibilityProvider & { practice_id: string }) | undefined> {
  return first(
    db,
    qb
      .selectFrom('providers')
      .select(['id', 'practice_id', 'pay_individual', 'pay_follow_up', 'plan_ids'])
      .where('id', '=', providerId)
      .where('removed_at', 'is', null),
  );
}

export async function practiceExists(db: Queryable, practiceId: string): Promise<boolean> {
  return (
    (
      await all(
        db,
        qb
          .selectFrom('practices')
          .select(sql<number>`1`.as('one'))
          .where('id', '=', practiceId),
      )
    ).length > 0
  );
}

export interface InquiryAbout {
  insuranceId: string;
  patientId: string;
  providerId: string;
  practiceId: string;
  isFollowUp: boolean;
}

/** An earlier inquiry `id` about the same insurance, patient, provider, practice and pricing, made within `reuseMinutes` of `now`. */
export async function reusableInquiry(db: Queryable, id: string, about: InquiryAbout, reuseMinutes: number, now: Date): Promise<InquiryRow | undefined> {
  return first(
    db,
    inquirySelect()
      .where('a.id', '=', id)
      .where('a.patient_insurance_id', '=', about.insuranceId)
      .where('a.patient_id', '=', about.patientId)
      .where('a.provider_id', '=', about.providerId)
      .where('a.practice_id', '=', about.practiceId)
      .where('a.is_follow_up', '=', about.isFollowUp)
      .where('a.created_at', '>', sql<Date>`${now.toISOString()}::timestamptz - make_interval(mins => ${reuseMinutes})`),
  );
}

/** Records an inquiry and its outcome; answers its id. */
export async function insertInquiry(
  db: Queryable,
  i: InquiryAbout & {
    outcome: InsuranceOutcome;
    copay: number | null;
    estimatedCost: number | null;
    selfPayPrice: number;
    source: string;
    actorId: string;
    at: Date;
  },
): Promise<string> {
  const audit = await first(
    db,
    qb
      .insertInto('insurance_inquiry_audits')
      .values({
        patient_insurance_id: i.insuranceId,
        patient_id: i.patientId,
        provider_id: i.providerId,
        practice_id: i.practiceId,
        internal_outcome_assessment: i.outcome,
        copay: i.copay,
        estimated_cost: i.estimatedCost,
        self_pay_price: i.selfPayPrice,
        is_follow_up: i.isFollowUp,
        source: i.source,
        actor_id: i.actorId,
        created_at: i.at.toISOString(),
      })
      .returning('id'),
  );
  return audit!.id;
}

export async function decideInquiry(tx: Queryable, id: string, decision: InsuranceDecision, by: string, at: Date): Promise<void> {
  await run(tx, qb.updateTable('insurance_inquiry_audits').set({ decision, decided_at: at.toISOString(), decided_by: by }).where('id', '=', id));
}
