/** Consents as stored (consents), with their patient and account, as the consent calls read and write them (src/server/consent/routes.ts). */
import type { AppType, ConsentType, SelfPayConsentCategory } from '@/generated/enums';
import type { Queryable } from '../db/connection';

export interface ConsentRow {
  id: string;
  patient_id: string;
  account_id: string;
  account_partner_id: string | null;
  consent_type: ConsentType;
  self_pay_consent_category: SelfPayConsentCategory | null;
  version: string;
  text: string;
  source: AppType;
  signer_name: string | null;
  signer_capacity: string | null;
  signed_at: Date | null;
  verified_at: Date | null;
  appointment_id: string | null;
  patient_first_name: string;
  patient_last_name: string;
  patient_dob: string | null;
  time_zone: string | null;
}

const CONSENT_SQL = `
  SELECT c.id, c.patient_id, p.user_id AS account_id, u.business_partner_id AS account_partner_id, c.consent_type, c.self_pay_consent_category,
         c.version, c.text, c.source, c.signer_name, c.signer_capacity, c.signed_at, c.verified_at, c.appointment_id,
         p.first_name AS patient_first_name, p.last_name AS patient_last_name, to_char(p.date_of_birth, 'YYYY-MM-DD') AS patient_dob, p.time_zone
    FROM consents c JOIN patients p ON p.id = c.patient_id JOIN users u ON u.id = p.user_id`;

/** A consent by its id ($1) with its account and that account's partner (accounts/reach.ts reachRecord). */
export const CONSENT_BY_ID_SQL = `${CONSENT_SQL} WHERE c.id = $1`;

export async function consentRowById(db: Queryable, id: string): Promise<ConsentRow | undefined> {
  const [row] = await db.query<ConsentRow>(CONSENT_BY_ID_SQL, [id]);
  return row;
}

/** A consent of the patient (undefined: no such consent, or another patient's). */
export async function consentOfPatient(db: Queryable, consentId: string, patientId: string): Promise<ConsentRow | undefined> {
  const [row] = await db.query<ConsentRow>(`${CONSENT_SQL} WHERE c.id = $1 AND c.patient_id = $2`, [consentId, patientId]);
  return row;
}

/** Signs a consent not yet signed: the signer's name and capacity, who signed, where, and now. */
export async function signConsent(db: Queryable, id: string, signer: { name: string; capacity: string | null; by: string; source: AppType }): Promise<void> {
  await db.query(
    `UPDATE consents SET signer_name = $2, signer_capacity = $3, signed_by = $4, signed_at = now(), source = $5 WHERE id = $1 AND signed_at IS NULL`,
    [id, signer.name, signer.capacity, signer.by, signer.source],
  );
}

/** Marks a consent not yet verified as verified by `by`, now. */
export async function verifyConsent(db: Queryable, id: string, by: string): Promise<void> {
  await db.query('UPDATE consents SET verified_at = now(), verified_by = $2 WHERE id = $1 AND verified_at IS NULL', [id, by]);
}

export async function isPatientOfAppointment(db: Queryable, appointmentId: string, patientId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM appointment_patients WHERE appointment_id = $1 AND patient_id = $2', [appointmentId, patientId])).length > 0;
}

export interface NewConsent {
  patientId: string;
  accountId: string;
  consentType: ConsentType;
  category: SelfPayConsentCategory | null;
  version: string;
  text: string;
  source: AppType;
  appointmentId: string | null;
  createdBy: string;
}

/** A consent to sign; answers its id. */
export async function insertConsent(db: Queryable, c: NewConsent): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO consents (patient_id, user_id, consent_type, self_pay_consent_category, version, text, source, appointment_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [c.patientId, c.accountId, c.consentType, c.category, c.version, c.text, c.source, c.appointmentId, c.createdBy],
  );
  return row!.id;
}
