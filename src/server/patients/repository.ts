/** Patients as stored, and the PatientRecord shape the API answers with. */
import type { PatientRecord } from '@/generated/entities';
import type { Gender, Relationship } from '@/generated/enums';
import { todayIso } from '@/domain/dates';
import { isMinor } from '@/domain/minor';
import type { Queryable } from '../db/connection';

export interface PatientRow {
  id: string;
  user_id: string;
  ehr_id: string | null;
  license_key: string;
  first_name: string;
  last_name: string;
  gender: string | null;
  date_of_birth: string | null;
  relationship: string;
  phone_number: string | null;
  phone_number_valid: boolean | null;
  email: string | null;
  created_at: Date;
  updated_at: Date;
}

export const PATIENT_COLUMNS = `p.id, p.user_id, p.ehr_id, p.license_key, p.first_name, p.last_name, p.gender,
  to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.relationship, p.phone_number, p.phone_number_valid,
  p.email::text AS email, p.created_at, p.updated_at`;

/** The account holder (Self) first, then dependants in the order they were added. */
export const PATIENT_ORDER = `p.relationship <> 'Self', p.created_at, p.id`;

export async function patientById(db: Queryable, id: string): Promise<PatientRow | undefined> {
  const [row] = await db.query<PatientRow>(`SELECT ${PATIENT_COLUMNS} FROM patients p WHERE p.id = $1`, [id]);
  return row;
}

export async function patientsOfUser(db: Queryable, userId: string): Promise<PatientRow[]> {
  return db.query<PatientRow>(`SELECT ${PATIENT_COLUMNS} FROM patients p WHERE p.user_id = $1 ORDER BY ${PATIENT_ORDER}`, [userId]);
}

export function patientOut(row: PatientRow, now: Date): PatientRecord {
  return {
    id: row.id,
    userId: row.user_id,
    ehrId: row.ehr_id,
    licenseKey: row.license_key,
    firstName: row.first_name,
    lastName: row.last_name,
    gender: row.gender as Gender | null,
    dateOfBirth: row.date_of_birth,
    relationship: row.relationship as Relationship,
    phoneNumber: row.phone_number,
    phoneNumberValid: row.phone_number_valid,
    email: row.email,
    isMinor: isMinor(row.date_of_birth, todayIso(now)),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The latest consent of each type of each patient: signed, or still to sign. */
export async function latestConsentsOf(db: Queryable, patientIds: string[]) {
  return db.query<{ patient_id: string; consent_type: string; source: string; signed: boolean }>(
    `SELECT DISTINCT ON (patient_id, consent_type) patient_id, consent_type, source, signed_at IS NOT NULL AS signed
       FROM consents WHERE patient_id = ANY($1::uuid[]) ORDER BY patient_id, consent_type, created_at DESC`,
    [patientIds],
  );
}

/** The account holder is also their own Self patient: what both carry changes on both (null/undefined: unchanged). */
export async function updateSelfPatientDetails(
  db: Queryable,
  userId: string,
  change: { firstName?: string; lastName?: string; phone: string | null },
): Promise<void> {
  await db.query(
    `UPDATE patients SET first_name = coalesce($2, first_name), last_name = coalesce($3, last_name),
            phone_number = coalesce($4, phone_number), updated_at = now()
      WHERE user_id = $1 AND relationship = 'Self'`,
    [userId, change.firstName ?? null, change.lastName ?? null, change.phone],
  );
}
