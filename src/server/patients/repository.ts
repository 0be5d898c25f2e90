/** Patients as stored, and the PatientRecord shape the API answers with. */
import type { PatientRecord } from '@/generated/entities';
import type { Gender, Relationship } from '@/generated/enums';
import { todayIso } from '@/domain/dates';
import { isMinor } from '@/domain/minor';
import type { Queryable } from '../db/connection';
import { all, dbNow, first, qb, run, sql } from '../db/typed';
import { recordColumns, recordFields, type RecordRow } from '../db/records';

/** Patients as the API reads them: the fields of the Patient entity's record (x-record), filtered by the caller. */
const patientSelect = () => qb.selectFrom('patients as p').select(recordColumns('Patient', 'p')).$castTo<PatientRow>();

export type PatientRow = RecordRow<'Patient'>;

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
  const stored = recordFields('Patient', row);
  // The enumerations' values are what the update's schema let in (gender, relationship).
  return {
    ...stored,
    gender: stored.gender as Gender | null,
    relationship: stored.relationship as Relationship,
    isMinor: isMinor(row.date_of_birth, todayIso(now)),
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
