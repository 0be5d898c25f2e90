/** Consents as stored (consents), with their patient and account, as the consent calls read and write them (src/server/consent/routes.ts). */
import type { AppType, ConsentType, SelfPayConsentCategory } from '@/generated/enums';
import type { Queryable } from '../db/connection';
import { dbNow, first, isoDay, qb, run, type RowOf } from '../db/typed';

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

const consents = () =>
  qb
    .selectFrom('consents as c')
    .innerJoin('patients as p', 'p.id', 'c.patient_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select((eb) => [
      'c.id',
      'c.patient_id',
      'p.user_id as account_id',
      'u.business_partner_id as account_partner_id',
      'c.consent_type',
      'c.self_pay_consent_category',
      'c.version',
      'c.text',
      'c.source',
      'c.signer_name',
      'c.signer_capacity',
      'c.signed_at',
      'c.verified_at',
      'c.appointment_id',
      'p.first_name as patient_first_name',
      'p.last_name as patient_last_name',
      isoDay(eb.ref('p.date_of_birth')).as('patient_dob'),
      'p.time_zone',
    ]);

/** A consent by its id with its account and that account's partner (accounts/reach.ts reachRecord; read it with consentRowOf). */
export const consentByIdQuery = (id: string) => consents().where('c.id', '=', id);

/** The stored words are the enumerations' values (the API validated them on the way in). */
export function consentRowOf(r: RowOf<ReturnType<typeof consents>>): ConsentRow {
  return {
    ...r,
    consent_type: r.consent_type as ConsentType,
    self_pay_consent_category: r.self_pay_consent_category as SelfPayConsentCategory | null,
    source: r.source as AppType,
  };
}

export async function consentRowById(db: Queryable, id: string): Promise<ConsentRow | undefined> {
  const row = await first(db, consentByIdQuery(id));
  return row && consentRowOf(row);
}

/** A consent of the patient (undefined: no such consent, or another patient's). */
export async function consentOfPatient(db: Queryable, consentId: string, patientId: string): Promise<ConsentRow | undefined> {
  const row = await first(db, consents().where('c.id', '=', consentId).where('c.patient_id', '=', patientId));
  return row && consentRowOf(row);
}

/** Signs a consent not yet signed: the signer's name and capacity, who signed, where, and now. */
export async function signConsent(db: Queryable, id: string, signer: { name: string; capacity: string | null; by: string; source: AppType }): Promise<void> {
  await run(
    db,
    qb
      .updateTable('consents')
      .set({ signer_name: signer.name, signer_capacity: signer.capacity, signed_by: signer.by, signed_at: dbNow, source: signer.source })
      .where('id', '=', id)
      .where('signed_at', 'is', null),
  );
}

/** Marks a consent not yet verified as verified by `by`, now. */
export async function verifyConsent(db: Queryable, id: string, by: string): Promise<void> {
  await run(db, qb.updateTable('consents').set({ verified_at: dbNow, verified_by: by }).where('id', '=', id).where('verified_at', 'is', null));
}

export async function isPatientOfAppointment(db: Queryable, appointmentId: string, patientId: string): Promise<boolean> {
  const found = await first(
    db,
    qb.selectFrom('appointment_patients').select('patient_id').where('appointment_id', '=', appointmentId).where('patient_id', '=', patientId),
  );
  return found !== undefined;
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
  const row = await first(
    db,
    qb
      .insertInto('consents')
      .values({
        patient_id: c.patientId,
        user_id: c.accountId,
        consent_type: c.consentType,
        self_pay_consent_category: c.category,
        version: c.version,
        text: c.text,
        source: c.source,
        appointment_id: c.appointmentId,
        created_by: c.createdBy,
      })
      .returning('id'),
  );
  return row!.id;
}
