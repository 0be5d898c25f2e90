/**
 * Insurance authorizations for referrals (product-spec §3 Authorization form). The form was
 * validated by its §5 schema; the referring provider must be a known one, and the partner's own
 * when the patient's account belongs to a partner.
 */
import type { AuthorizationForm } from '@/generated/entities';
import { todayIso } from '@/domain/dates';
import { message } from '@/domain/messages';
import type { Queryable } from '../db/connection';
import { all, first, qb, sql, type RowOf } from '../db/typed';
import { AppError } from '../errors';

/** An authorization as answered (its dates as YYYY-MM-DD; the form as its §5 schema validated it). */
const authorizationSelect = () =>
  qb
    .selectFrom('patient_authorizations')
    .select((eb) => [
      'id',
      'patient_id',
      eb.ref('form').$castTo<AuthorizationForm>().as('form'),
      sql<string>`to_char(effective_date, 'YYYY-MM-DD')`.as('effective_date'),
      sql<string>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_date'),
      'created_at',
    ]);

export type AuthorizationRow = RowOf<ReturnType<typeof authorizationSelect>>;

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
  return all(db, authorizationSelect().where('patient_id', '=', patientId).orderBy('created_at', 'desc').orderBy('id'));
}

export async function saveAuthorization(
  db: Queryable,
  patientId: string,
  partnerId: string | null,
  form: AuthorizationForm,
  createdBy: string,
): Promise<AuthorizationRow> {
  const referral = form.referralInformation;
  const referrer = await first(
    db,
    qb
      .selectFrom('referring_providers')
      .select(sql<number>`1`.as('one'))
      .where('ehr_id', '=', referral.referringProviderEhrId)
      .$if(partnerId !== null, (q) => q.where('business_partner_id', '=', partnerId!)),
  );
  if (!referrer) {
    throw new AppError('VALIDATION_FAILED', {
      errors: [
        { field: 'referralInformation.referringProviderEhrId', keyword: 'x-known', message: message('validation.authorization.referringProvider.required') },
      ],
    });
  }
  const inserted = await first(
    db,
    qb
      .insertInto('patient_authorizations')
      .values({
        patient_id: patientId,
        form: JSON.stringify(form),
        effective_date: referral.effectiveDate,
        expiration_date: referral.expirationDate,
        created_by: createdBy,
      })
      .returning((eb) => [
        'id',
        'patient_id',
        eb.ref('form').$castTo<AuthorizationForm>().as('form'),
        sql<string>`to_char(effective_date, 'YYYY-MM-DD')`.as('effective_date'),
        sql<string>`to_char(expiration_date, 'YYYY-MM-DD')`.as('expiration_date'),
        'created_at',
      ]),
  );
  return inserted!;
}
