/** Insurances on file and their inquiry audits, in the PatientInsurance and InsuranceInquiry shapes. */
import type { InsuranceInquiry, PatientInsurance } from '@/generated/entities';
import type { InsuranceDecision, InsuranceOutcome } from '@/generated/enums';
import type { Expression } from 'kysely';
import type { Queryable } from '../db/connection';
import { all, first, isoDay, preparedQuery, qb, sql, type Param, type RowOf } from '../db/typed';
import { AppError } from '../errors';

/** Inquiries listed with each insurance (newest first). */
const AUDITS_LISTED = 10;

/** An insurance on file with its patient, carrier, plan and the latest card pictures (filtered by the caller). */
const insuranceSelect = () =>
  qb
    .selectFrom('patient_insurances as i')
    .innerJoin('patients as p', 'p.id', 'i.patient_id')
    .innerJoin('insurance_carriers as c', 'c.id', 'i.carrier_id')
    .innerJoin('insurance_plans as pl', 'pl.id', 'i.plan_id')
    .select((eb) => [
      'i.id',
      'i.patient_id',
      'p.ehr_id as patient_ehr_id',
      'p.first_name as patient_first_name',
      'p.last_name as patient_last_name',
      isoDay(eb.ref('p.date_of_birth')).as('patient_date_of_birth'),
      'c.id as carrier_id',
      'c.code as carrier_code',
      'c.name as carrier_name',
      'pl.id as plan_id',
      'pl.name as plan_name',
      'pl.is_medicaid',
      'i.member_id',
      'i.group_number',
      'i.created_at',
      eb
        .selectFrom('patient_documents as d')
        .select('d.id')
        .whereRef('d.insurance_id', '=', 'i.id')
        .where('d.kind', '=', 'insurance_card_front')
        .orderBy('d.created_at', 'desc')
        .limit(1)
        .as('card_front'),
      eb
        .selectFrom('patient_documents as d')
        .select('d.id')
        .whereRef('d.insurance_id', '=', 'i.id')
        .where('d.kind', '=', 'insurance_card_back')
        .orderBy('d.created_at', 'desc')
        .limit(1)
        .as('card_back'),
    ]);

type InsuranceRow = RowOf<ReturnType<typeof insuranceSelect>>;

export interface InsuranceOnFile extends PatientInsurance {
  carrierId: number;
}

async function withAudits(db: Queryable, rows: InsuranceRow[]): Promise<InsuranceOnFile[]> {
  if (!rows.length) return [];
  const ranked = qb
    .selectFrom('insurance_inquiry_audits as a')
    .selectAll('a')
    .select(sql<number>`row_number() OVER (PARTITION BY patient_insurance_id ORDER BY created_at DESC, id)`.as('n'))
    .where('patient_insurance_id', '=', sql<string>`ANY(${rows.map((r) => r.id)}::uuid[])`)
    .as('ranked');
  const audits = await all(
    db,
    qb
      .selectFrom(ranked)
      .select((eb) => [
        'id',
        'patient_insurance_id',
        eb.ref('internal_outcome_assessment').$castTo<InsuranceOutcome>().as('internal_outcome_assessment'),
        eb.ref('decision').$castTo<InsuranceDecision | null>().as('decision'),
        'decided_at',
        'created_at',
      ])
      .where('n', '<=', AUDITS_LISTED)
      .orderBy('created_at', 'desc')
      .orderBy('id'),
  );
  return rows.map((r) => {
    const own = audits
      .filter((a) => a.patient_insurance_id === r.id)
      .map((a) => ({
        id: a.id,
        internalOutcomeAssessment: a.internal_outcome_assessment,
        decision: a.decision,
        decidedAt: a.decided_at ? new Date(a.decided_at).toISOString() : null,
        createdAt: a.created_at.toISOString(),
      }));
    return {
      id: r.id,
      patientId: r.patient_id,
      patient: {
        id: r.patient_id,
        ehrId: r.patient_ehr_id,
        firstName: r.patient_first_name,
        lastName: r.patient_last_name,
        dateOfBirth: r.patient_date_of_birth,
      },
      carrierId: r.carrier_id,
      carrierCode: r.carrier_code,
      carrierName: r.carrier_name,
      planId: r.plan_id,
      planName: r.plan_name,
      isMedicaid: r.is_medicaid,
      memberId: r.member_id,
      groupNumber: r.group_number,
      internalOutcomeAssessment: own[0]?.internalOutcomeAssessment ?? null,
      insuranceInquiryAudits: own,
      cardFrontDocumentId: r.card_front,
      cardBackDocumentId: r.card_back,
      createdAt: r.created_at.toISOString(),
    };
  });
}

/** The PatientInsurance answer shape (without the internal carrier id). */
export function insuranceOut({ carrierId: _carrierId, ...insurance }: InsuranceOnFile): PatientInsurance {
  return insurance;
}

export async function insurancesOfPatients(db: Queryable, patientIds: readonly string[]): Promise<InsuranceOnFile[]> {
  if (!patientIds.length) return [];
  const rows = await all(
    db,
    insuranceSelect()
      .where('i.patient_id', '=', sql<string>`ANY(${patientIds}::uuid[])`)
      .where('i.removed_at', 'is', null)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id'),
  );
  return withAudits(db, rows);
}

/** An insurance on file of this patient, or NOT_FOUND. */
export async function insuranceOfPatient(db: Queryable, patientId: string, insuranceId: string): Promise<InsuranceOnFile> {
  const rows = await all(db, insuranceSelect().where('i.id', '=', insuranceId).where('i.patient_id', '=', patientId).where('i.removed_at', 'is', null));
  const [insurance] = await withAudits(db, rows);
  if (!insurance) throw new AppError('NOT_FOUND');
  return insurance;
}

/** What an eligibility inquiry needs of an insurance on file: its carrier, plan and member. */
export type InsuranceForInquiry = Pick<InsuranceOnFile, 'id' | 'carrierId' | 'carrierCode' | 'carrierName' | 'planId' | 'memberId' | 'groupNumber'>;

/**
 * The insurance on file (not removed) of id `insuranceId` and patient `patientId` as an eligibility inquiry reads it: a
 * query of one row (or none); the ids are values or, in a statement that reads it along with other things
 * (booking/claim-key.ts), expressions of that statement.
 */
export const insuranceForInquiryQuery = (insuranceId: string | Expression<string>, patientId: string | Expression<string>) =>
  qb
    .selectFrom('patient_insurances as i')
    .innerJoin('insurance_carriers as c', 'c.id', 'i.carrier_id')
    .select(['i.id', 'c.id as carrier_id', 'c.code as carrier_code', 'c.name as carrier_name', 'i.plan_id', 'i.member_id', 'i.group_number'])
    .where('i.id', '=', insuranceId)
    .where('i.patient_id', '=', patientId)
    .where('i.removed_at', 'is', null);

type InquiryInsuranceRow = RowOf<ReturnType<typeof insuranceForInquiryQuery>>;

/** An InsuranceForInquiry from a row of insuranceForInquiryQuery. */
export function insuranceForInquiryOf(row: InquiryInsuranceRow): InsuranceForInquiry {
  return {
    id: row.id,
    carrierId: row.carrier_id,
    carrierCode: row.carrier_code,
    carrierName: row.carrier_name,
    planId: row.plan_id,
    memberId: row.member_id,
    groupNumber: row.group_number,
  };
}

const insuranceForInquiryStatement = preparedQuery((p: Param<{ insuranceId: string; patientId: string }>) =>
  insuranceForInquiryQuery(p('insuranceId'), p('patientId')),
);

/** An insurance on file of this patient (not removed) as an eligibility inquiry needs it, in one query; undefined when there is none. */
export async function insuranceForInquiry(db: Queryable, patientId: string, insuranceId: string): Promise<InsuranceForInquiry | undefined> {
  const row = await first(db, insuranceForInquiryStatement({ insuranceId, patientId }), { prepared: true });
  return row ? insuranceForInquiryOf(row) : undefined;
}

/** The carrier and plan named by a request; the plan must be the carrier's. */
export async function planOf(db: Queryable, carrierCode: string, planId: number): Promise<{ carrierId: number; planId: number }> {
  const row = await first(
    db,
    qb
      .selectFrom('insurance_plans as pl')
      .innerJoin('insurance_carriers as c', 'c.id', 'pl.carrier_id')
      .select('c.id as carrier_id')
      .where('c.code', '=', carrierCode)
      .where('pl.id', '=', planId),
  );
  if (!row) throw new AppError('INSURANCE_PLAN_UNKNOWN');
  return { carrierId: row.carrier_id, planId };
}

/** An inquiry audit with its insurance's carrier and plan (filtered by the caller). */
export const inquirySelect = () =>
  qb
    .selectFrom('insurance_inquiry_audits as a')
    .innerJoin('patient_insurances as i', 'i.id', 'a.patient_insurance_id')
    .innerJoin('insurance_carriers as c', 'c.id', 'i.carrier_id')
    .innerJoin('insurance_plans as pl', 'pl.id', 'i.plan_id')
    .select((eb) => [
      'a.id',
      'a.patient_insurance_id',
      'a.patient_id',
      'a.provider_id',
      'a.practice_id',
      eb.ref('a.internal_outcome_assessment').$castTo<InsuranceOutcome>().as('internal_outcome_assessment'),
      'a.copay',
      'a.estimated_cost',
      'a.self_pay_price',
      'a.is_follow_up',
      'a.source',
      eb.ref('a.decision').$castTo<InsuranceDecision | null>().as('decision'),
      'a.decided_at',
      'a.created_at',
      'c.code as carrier_code',
      'c.name as carrier_name',
      'pl.name as plan_name',
    ]);

export type InquiryRow = RowOf<ReturnType<typeof inquirySelect>>;

/** inquirySelect as SQL text (it has no parameters), for a statement that reads the latest inquiry along with other things (support). */
export const INQUIRY_SELECT = inquirySelect().compile().sql;

const amount = (v: string | null) => (v === null ? null : Number(v));

export function inquiryOut(row: InquiryRow): InsuranceInquiry {
  return {
    id: row.id,
    patientId: row.patient_id,
    insuranceId: row.patient_insurance_id,
    providerId: row.provider_id,
    practiceId: row.practice_id,
    internalOutcomeAssessment: row.internal_outcome_assessment,
    carrierCode: row.carrier_code,
    carrierName: row.carrier_name,
    planName: row.plan_name,
    copay: amount(row.copay),
    estimatedCost: amount(row.estimated_cost),
    selfPayPrice: Number(row.self_pay_price),
    isFollowUp: row.is_follow_up,
    source: row.source,
    decision: row.decision,
    decidedAt: row.decided_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export async function inquiryById(db: Queryable, id: string): Promise<InquiryRow | undefined> {
  return first(db, inquirySelect().where('a.id', '=', id));
}
