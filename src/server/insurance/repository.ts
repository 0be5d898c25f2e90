/** Insurances on file and their inquiry audits, in the PatientInsurance and InsuranceInquiry shapes. */
import type { InsuranceInquiry, PatientInsurance } from '@/generated/entities';
import type { InsuranceDecision, InsuranceOutcome } from '@/generated/enums';
import { prepared, type Queryable } from '../db/connection';
import { AppError } from '../errors';

/** Inquiries listed with each insurance (newest first). */
const AUDITS_LISTED = 10;

interface InsuranceRow {
  id: string;
  patient_id: string;
  patient_ehr_id: string | null;
  patient_first_name: string;
  patient_last_name: string;
  patient_date_of_birth: string | null;
  carrier_id: number;
  carrier_code: string;
  carrier_name: string;
  plan_id: number;
  plan_name: string;
  is_medicaid: boolean;
  member_id: string;
  group_number: string | null;
  card_front: string | null;
  card_back: string | null;
  created_at: Date;
}

const INSURANCE_SELECT = `
  SELECT i.id, i.patient_id, p.ehr_id AS patient_ehr_id, p.first_name AS patient_first_name, p.last_name AS patient_last_name,
         to_char(p.date_of_birth, 'YYYY-MM-DD') AS patient_date_of_birth,
         c.id AS carrier_id, c.code AS carrier_code, c.name AS carrier_name, pl.id AS plan_id, pl.name AS plan_name, pl.is_medicaid,
         i.member_id, i.group_number, i.created_at,
         (SELECT d.id FROM patient_documents d WHERE d.insurance_id = i.id AND d.kind = 'insurance_card_front' ORDER BY d.created_at DESC LIMIT 1) AS card_front,
         (SELECT d.id FROM patient_documents d WHERE d.insurance_id = i.id AND d.kind = 'insurance_card_back' ORDER BY d.created_at DESC LIMIT 1) AS card_back
    FROM patient_insurances i
    JOIN patients p ON p.id = i.patient_id
    JOIN insurance_carriers c ON c.id = i.carrier_id
    JOIN insurance_plans pl ON pl.id = i.plan_id`;

export interface InsuranceOnFile extends PatientInsurance {
  carrierId: number;
}

async function withAudits(db: Queryable, rows: InsuranceRow[]): Promise<InsuranceOnFile[]> {
  if (!rows.length) return [];
  const audits = await db.query<{
    id: string;
    patient_insurance_id: string;
    internal_outcome_assessment: InsuranceOutcome;
    decision: InsuranceDecision | null;
    decided_at: Date | null;
    created_at: Date;
  }>(
    `SELECT id, patient_insurance_id, internal_outcome_assessment, decision, decided_at, created_at FROM (
       SELECT a.*, row_number() OVER (PARTITION BY patient_insurance_id ORDER BY created_at DESC, id) AS n
         FROM insurance_inquiry_audits a WHERE patient_insurance_id = ANY($1::uuid[])) ranked
      WHERE n <= $2 ORDER BY created_at DESC, id`,
    [rows.map((r) => r.id), AUDITS_LISTED],
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
  const rows = await db.query<InsuranceRow>(
    `${INSURANCE_SELECT} WHERE i.patient_id = ANY($1::uuid[]) AND i.removed_at IS NULL ORDER BY i.created_at DESC, i.id`,
    [patientIds],
  );
  return withAudits(db, rows);
}

/** An insurance on file of this patient, or NOT_FOUND. */
export async function insuranceOfPatient(db: Queryable, patientId: string, insuranceId: string): Promise<InsuranceOnFile> {
  const rows = await db.query<InsuranceRow>(`${INSURANCE_SELECT} WHERE i.id = $1 AND i.patient_id = $2 AND i.removed_at IS NULL`, [insuranceId, patientId]);
  const [insurance] = await withAudits(db, rows);
  if (!insurance) throw new AppError('NOT_FOUND');
  return insurance;
}

/** What an eligibility inquiry needs of an insurance on file: its carrier, plan and member. */
export type InsuranceForInquiry = Pick<InsuranceOnFile, 'id' | 'carrierId' | 'carrierCode' | 'carrierName' | 'planId' | 'memberId' | 'groupNumber'>;

type InquiryInsuranceRow = Pick<InsuranceRow, 'id' | 'carrier_id' | 'carrier_code' | 'carrier_name' | 'plan_id' | 'member_id' | 'group_number'>;

/**
 * The insurance on file (not removed) of id `insuranceParam` and patient `patientRef`, as an eligibility
 * inquiry needs it: a query of one row (or none), for a statement that reads it along with other things.
 */
export function insuranceForInquirySql(insuranceParam: string, patientRef: string): string {
  return `SELECT i.id, c.id AS carrier_id, c.code AS carrier_code, c.name AS carrier_name, i.plan_id, i.member_id, i.group_number
       FROM patient_insurances i JOIN insurance_carriers c ON c.id = i.carrier_id
      WHERE i.id = ${insuranceParam} AND i.patient_id = ${patientRef} AND i.removed_at IS NULL`;
}

/** An InsuranceForInquiry from a row of insuranceForInquirySql. */
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

/** An insurance on file of this patient (not removed) as an eligibility inquiry needs it, in one query; undefined when there is none. */
export async function insuranceForInquiry(db: Queryable, patientId: string, insuranceId: string): Promise<InsuranceForInquiry | undefined> {
  const [row] = await db.query<InquiryInsuranceRow>(prepared(insuranceForInquirySql('$1', '$2')), [insuranceId, patientId]);
  return row ? insuranceForInquiryOf(row) : undefined;
}

/** The carrier and plan named by a request; the plan must be the carrier's. */
export async function planOf(db: Queryable, carrierCode: string, planId: number): Promise<{ carrierId: number; planId: number }> {
  const [row] = await db.query<{ carrier_id: number }>(
    'SELECT c.id AS carrier_id FROM insurance_plans pl JOIN insurance_carriers c ON c.id = pl.carrier_id WHERE c.code = $1 AND pl.id = $2',
    [carrierCode, planId],
  );
  if (!row) throw new AppError('INSURANCE_PLAN_UNKNOWN');
  return { carrierId: row.carrier_id, planId };
}

export interface InquiryRow {
  id: string;
  patient_insurance_id: string;
  patient_id: string;
  provider_id: string;
  practice_id: string;
  internal_outcome_assessment: InsuranceOutcome;
  copay: string | null;
  estimated_cost: string | null;
  self_pay_price: string;
  is_follow_up: boolean;
  source: string;
  decision: InsuranceDecision | null;
  decided_at: Date | null;
  created_at: Date;
  carrier_code: string;
  carrier_name: string;
  plan_name: string;
}

export const INQUIRY_SELECT = `
  SELECT a.id, a.patient_insurance_id, a.patient_id, a.provider_id, a.practice_id, a.internal_outcome_assessment, a.copay, a.estimated_cost,
         a.self_pay_price, a.is_follow_up, a.source, a.decision, a.decided_at, a.created_at, c.code AS carrier_code, c.name AS carrier_name, pl.name AS plan_name
    FROM insurance_inquiry_audits a
    JOIN patient_insurances i ON i.id = a.patient_insurance_id
    JOIN insurance_carriers c ON c.id = i.carrier_id
    JOIN insurance_plans pl ON pl.id = i.plan_id`;

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
  const [row] = await db.query<InquiryRow>(`${INQUIRY_SELECT} WHERE a.id = $1`, [id]);
  return row;
}
