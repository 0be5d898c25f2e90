/**
 * Changing a patient's details (PUT /patients/{id}, PUT /support/patients/{id}). The body was
 * validated against the Patient entity's §5 rules by the route schema; what needs the stored record
 * is checked here: one Self per account (product-spec §4 relationship availability) and a date of
 * birth unless the relationship is a child kind.
 */
import type { FastifyRequest } from 'fastify';
import type { EndpointTypes } from '@/generated/entities';
import { changedFields, PATIENT_IDENTITY_FIELDS, refusedIdentityFields } from '@/domain/identity-changes';
import { writeAudit } from '../audit';
import { flagOnFor } from '../flags/decisions';
import { callerOf } from '../plugins/auth';
import type { Relationship } from '@/generated/enums';
import { message } from '@/domain/messages';
import { offeredRelationships, skipsDateOfBirthCheck } from '@/domain/relationships';
import type { Queryable } from '../db/connection';
import { AppError } from '../errors';
import { patientById, type PatientRow } from './repository';

export type PatientUpdate = EndpointTypes['updatePatient']['body'];

function invalid(field: string, keyword: string, text: string): AppError {
  return new AppError('VALIDATION_FAILED', { errors: [{ field, keyword, message: text }] });
}

export async function updatePatientRecord(db: Queryable, current: PatientRow, change: PatientUpdate): Promise<PatientRow> {
  const relationship = (change.relationship ?? current.relationship) as Relationship;
  if (change.relationship && change.relationship !== current.relationship) {
    if (current.relationship === 'Self') throw invalid('relationship', 'x-holderIsSelf', message('validation.relationship.holderIsSelf'));
    const others = await db.query<{ relationship: Relationship }>('SELECT relationship FROM patients WHERE user_id = $1 AND id <> $2', [
      current.user_id,
      current.id,
    ]);
    const offered = offeredRelationships({ otherRelationships: others.map((o) => o.relationship), currentRelationship: current.relationship as Relationship });
    if (!offered.includes(change.relationship)) throw invalid('relationship', 'x-selfTaken', message('validation.relationship.selfTaken'));
  }
  const dateOfBirth = change.dateOfBirth ?? current.date_of_birth;
  if (!dateOfBirth && !skipsDateOfBirthCheck(relationship)) throw invalid('dateOfBirth', 'required', message('validation.dateOfBirth.required'));

  const phoneChanged = change.phoneNumber !== undefined && change.phoneNumber !== current.phone_number;
  // A new number is unchecked until looked up again, unless the caller says how the lookup went.
  const phoneNumberValid = change.phoneNumberValid ?? (phoneChanged ? null : current.phone_number_valid);
  await db.query(
    `UPDATE patients SET first_name = $2, last_name = $3, gender = $4, date_of_birth = $5::date, relationship = $6,
            phone_number = $7, phone_number_valid = $8, email = $9, updated_at = now()
      WHERE id = $1`,
    [
      current.id,
      change.firstName ?? current.first_name,
      change.lastName ?? current.last_name,
      change.gender ?? current.gender,
      dateOfBirth,
      relationship,
      change.phoneNumber ?? current.phone_number,
      phoneNumberValid,
      change.email ?? current.email,
    ],
  );
  return (await patientById(db, current.id))!;
}

/**
 * Identity of a patient (names, date of birth, gender, relationship, e-mail) changes only by the
 * account holder, or by support and admins while supportDemographicsEdit is on for them; never by a
 * third-party agent, never on a staff account's records (domain/identity-changes.ts).
 */
export async function assertMayChangePatient(request: FastifyRequest, current: PatientRow, change: PatientUpdate, action: string): Promise<void> {
  const caller = callerOf(request);
  const changed = changedFields(
    {
      firstName: current.first_name,
      lastName: current.last_name,
      email: current.email,
      dateOfBirth: current.date_of_birth,
      gender: current.gender,
      relationship: current.relationship,
    },
    {
      firstName: change.firstName,
      lastName: change.lastName,
      email: change.email,
      dateOfBirth: change.dateOfBirth,
      gender: change.gender,
      relationship: change.relationship,
    },
  );
  if (!changed.length || caller.userId === current.user_id) return;
  const [account] = await request.server.database.query<{ user_type: string }>('SELECT user_type FROM users WHERE id = $1', [current.user_id]);
  const editor = {
    isHolder: false,
    isThirdPartyAgent: caller.permissions.isThirdPartyAgent,
    demographicsEdit: await flagOnFor(request, 'supportDemographicsEdit'),
  };
  const refused = refusedIdentityFields(editor, account?.user_type !== 'patient', changed, PATIENT_IDENTITY_FIELDS);
  if (refused.length) {
    await writeAudit(request, {
      action,
      outcome: 'denied',
      status: 403,
      recordType: 'patient',
      recordId: current.id,
      details: { reason: `identity fields: ${refused.join(', ')}` },
    });
    throw new AppError('IDENTITY_CHANGE_FORBIDDEN');
  }
}
