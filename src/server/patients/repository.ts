/** Patients as stored, and the PatientRecord shape the API answers with. */
import type { PatientRecord } from '@/generated/entities';
import type { Gender, Relationship } from '@/generated/enums';
import { todayIso } from '@/domain/dates';
import { isMinor } from '@/domain/minor';
import type { Queryable } from '../db/connection';
import { all, dbNow, first, isoDay, qb, run, sql, type RowOf } from '../db/typed';

/** Patients as the API reads them (the date of birth as YYYY-MM-DD), filtered by the caller. */
const patientSelect = () =>
  qb
    .selectFrom('patients as p')
    .select((eb) => [
      'p.id',
      'p.user_id',
      'p.ehr_id',
      'p.license_key',
      'p.first_name',
      'p.last_name',
      'p.gender',
      isoDay(eb.ref('p.date_of_birth')).as('date_of_birth'),
      'p.relationship',
      'p.phone_number',
      'p.phone_number_valid',
      sql<string | null>`p.email::text`.as('email'),
      'p.created_at',
      'p.updated_at',
    ]);

export type PatientRow = RowOf<ReturnType<typeof patientSelect>>;

export async function patientById(db: Queryable, id: string): Promise<PatientRow | undefined> {
  return first(db, patientSelect().where('p.id', '=', id));
}

export async function patientsOfUser(db: Queryable, userId: string): Promise<PatientRow[]> {
  // The account holder (Self) first, then dependants in the order they were added.
  return all(
    db,
    patientSelect()
      .where('p.user_id', '=', userId)
      .orderBy(sql`p.relationship <> 'Self'`)
      .orderBy('p.created_at')
      .orderBy('p.id'),
  );
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
  return all(
    db,
    qb
      .selectFrom('consents')
      .distinctOn(['patient_id', 'consent_type'])
      .select((eb) => ['patient_id', 'consent_type', 'source', eb('signed_at', 'is not', null).$castTo<boolean>().as('signed')])
      .where('patient_id', '=', sql<string>`ANY(${patientIds}::uuid[])`)
      .orderBy('patient_id')
      .orderBy('consent_type')
      .orderBy('created_at', 'desc'),
  );
}

/** The account holder is also their own Self patient: what both carry changes on both (null/undefined: unchanged). */
export async function updateSelfPatientDetails(
  db: Queryable,
  userId: string,
  change: { firstName?: string; lastName?: string; phone: string | null },
): Promise<void> {
  await run(
    db,
    qb
      .updateTable('patients')
      .set((eb) => ({
        first_name: eb.fn.coalesce(sql<string | null>`${change.firstName ?? null}`, 'first_name'),
        last_name: eb.fn.coalesce(sql<string | null>`${change.lastName ?? null}`, 'last_name'),
        phone_number: eb.fn.coalesce(sql<string | null>`${change.phone}`, 'phone_number'),
        updated_at: dbNow,
      }))
      .where('user_id', '=', userId)
      .where('relationship', '=', 'Self'),
  );
}
