/**
 * Insurance authorizations for referrals (product-spec §3 Authorization form). The form was
 * validated by its §5 schema; the referring provider must be a known one, and the partner's own
 * when the patient's account belongs to a partner.
 */
import type { AuthorizationForm } from '@/generated/entities';
import { todayIso } from '@/domain/dates';
import { message } from '@/domain/messages';
import type { Queryable } from '../db/connection';
import { AppError } from '../errors';

export interface AuthorizationRow {
  id: string;
  patient_id: string;
  form: AuthorizationForm;
  effective_date: string;
  expiration_date: string;
  created_at: Date;
}

const COLUMNS =
  "id, patient_id, form, to_char(effective_date, 'YYYY-MM-DD') AS effective_date, to_char(expiration_date, 'YYYY-MM-DD') AS expiration_date, created_at";

export function authorizationOut(row: AuthorizationRow, now: Date) {
  const today = todayIso(now);
  return {
    id: row.id,
    patientId: row.patient_id,
    form: row.form,
    isActive: row.effective_date <= today && today <= row.expiration_date,
    createdAt: row.created_at.toISOString(),
  };
}

export async function authorizationsOf(db: Queryable, patientId: string): Promise<AuthorizationRow[]> {
  return db.query<AuthorizationRow>(`SELECT ${COLUMNS} FROM patient_authorizations WHERE patient_id = $1 ORDER BY created_at DESC, id`, [patientId]);
}

export async function saveAuthorization(
  db: Queryable,
  patientId: string,
  partnerId: string | null,
  form: AuthorizationForm,
  createdBy: string,
): Promise<AuthorizationRow> {
  const referral = form.referralInformation;
  const [referrer] = await db.query('SELECT 1 FROM referring_providers WHERE ehr_id = $1 AND ($2::uuid IS NULL OR business_partner_id = $2)', [
    referral.referringProviderEhrId,
    partnerId,
  ]);
  if (!referrer) {
    throw new AppError('VALIDATION_FAILED', {
      errors: [
        { field: 'referralInformation.referringProviderEhrId', keyword: 'x-known', message: message('validation.authorization.referringProvider.required') },
      ],
    });
  }
  const [row] = await db.query<AuthorizationRow>(
    `INSERT INTO patient_authorizations (patient_id, form, effective_date, expiration_date, created_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [patientId, JSON.stringify(form), referral.effectiveDate, referral.expirationDate, createdBy],
  );
  return row!;
}
