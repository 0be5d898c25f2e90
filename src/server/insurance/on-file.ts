/**
 * What the insurance calls write and look up (src/server/insurance/routes.ts): the carriers and their
 * plans, insurances on file (added, changed, removed), and eligibility inquiries (recorded, reused,
 * decided). Reading an insurance or an inquiry as the API answers it is repository.ts.
 */
import type { InsuranceDecision, InsuranceOutcome } from '@/generated/enums';
import type { Queryable } from '../db/connection';
import type { EligibilityProvider } from './eligibility';
import { INQUIRY_SELECT, type InquiryRow } from './repository';

/** Every carrier with each of its plans (one row a plan), by carrier and plan name. */
export async function carrierPlans(db: Queryable) {
  return db.query<{ code: string; name: string; plan_id: number; plan_name: string; is_medicaid: boolean }>(
    `SELECT c.code, c.name, pl.id AS plan_id, pl.name AS plan_name, pl.is_medicaid
       FROM insurance_carriers c JOIN insurance_plans pl ON pl.carrier_id = c.id ORDER BY c.name, pl.name`,
  );
}

/** The patients of a practice-management licence whose scheduling-system id is one of `ehrIds`, with their account and its partner. */
export async function patientsByLicenseAndEhrIds(db: Queryable, licenseKey: string, ehrIds: string[]) {
  return db.query<{ id: string; user_id: string; business_partner_id: string | null }>(
    `SELECT p.id, p.user_id, u.business_partner_id FROM patients p JOIN users u ON u.id = p.user_id
      WHERE p.license_key = $1 AND p.ehr_id = ANY($2::text[])`,
    [licenseKey, ehrIds],
  );
}

/** The patient's insurance on file (not removed) of that plan and member id. */
export async function insuranceOnFileId(db: Queryable, patientId: string, planId: number, memberId: string): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    'SELECT id FROM patient_insurances WHERE patient_id = $1 AND plan_id = $2 AND member_id = $3 AND removed_at IS NULL',
    [patientId, planId, memberId],
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
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO patient_insurances (patient_id, carrier_id, plan_id, member_id, group_number, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [i.patientId, i.carrierId, i.planId, i.memberId, i.groupNumber, i.createdBy],
  );
  return row!.id;
}

/** Changes an insurance of the patient; becoming another one on file breaks the unique index (23505). */
export async function updateInsurance(db: Queryable, id: string, patientId: string, i: InsuranceFields): Promise<void> {
  await db.query(
    `UPDATE patient_insurances SET carrier_id = $3, plan_id = $4, member_id = $5, group_number = $6, updated_at = now()
      WHERE id = $1 AND patient_id = $2`,
    [id, patientId, i.carrierId, i.planId, i.memberId, i.groupNumber],
  );
}

export async function removeInsurance(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE patient_insurances SET removed_at = now() WHERE id = $1 AND removed_at IS NULL', [id]);
}

/** A provider (not removed) with what the eligibility check prices by, and its practice. */
export async function eligibilityProviderOf(db: Queryable, providerId: string): Promise<(EligibilityProvider & { practice_id: string }) | undefined> {
  const [provider] = await db.query<EligibilityProvider & { practice_id: string }>(
    'SELECT id, practice_id, pay_individual, pay_follow_up, plan_ids FROM providers WHERE id = $1 AND removed_at IS NULL',
    [providerId],
  );
  return provider;
}

export async function practiceExists(db: Queryable, practiceId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM practices WHERE id = $1', [practiceId])).length > 0;
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
  const [earlier] = await db.query<InquiryRow>(
    `${INQUIRY_SELECT} WHERE a.id = $1 AND a.patient_insurance_id = $2 AND a.patient_id = $3 AND a.provider_id = $4 AND a.practice_id = $5
        AND a.is_follow_up = $6 AND a.created_at > $8::timestamptz - make_interval(mins => $7)`,
    [id, about.insuranceId, about.patientId, about.providerId, about.practiceId, about.isFollowUp, reuseMinutes, now.toISOString()],
  );
  return earlier;
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
  const [audit] = await db.query<{ id: string }>(
    `INSERT INTO insurance_inquiry_audits (patient_insurance_id, patient_id, provider_id, practice_id, internal_outcome_assessment, copay, estimated_cost,
                                           self_pay_price, is_follow_up, source, actor_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      i.insuranceId,
      i.patientId,
      i.providerId,
      i.practiceId,
      i.outcome,
      i.copay,
      i.estimatedCost,
      i.selfPayPrice,
      i.isFollowUp,
      i.source,
      i.actorId,
      i.at.toISOString(),
    ],
  );
  return audit!.id;
}

export async function decideInquiry(tx: Queryable, id: string, decision: InsuranceDecision, by: string, at: Date): Promise<void> {
  await tx.query('UPDATE insurance_inquiry_audits SET decision = $2, decided_at = $4, decided_by = $3 WHERE id = $1', [id, decision, by, at.toISOString()]);
}
