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
import { all, dbNow, first, qb, run } from '../db/typed';
import { editedColumns } from '../db/records';
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
    const others = await all(db, qb.selectFrom('patients').select('relationship').where('user_id', '=', current.user_id).where('id', '<>', current.id));
    const offered = offeredRelationships({
      otherRelationships: others.map((o) => o.relationship as Relationship),
      currentRelationship: current.relationship as Relationship,
    });
    if (!offered.includes(change.relationship)) throw invalid('relationship', 'x-selfTaken', message('validation.relationship.selfTaken'));
  }
  const dateOfBirth = change.dateOfBirth ?? current.date_of_birth;
  if (!dateOfBirth && !skipsDateOfBirthCheck(relationship)) throw invalid('dateOfBirth', 'required', message('validation.dateOfBirth.required'));

  const phoneChanged = change.phoneNumber !== undefined && change.phoneNumber !== current.phone_number;
  // A new number is unchecked until looked up again, unless the caller says how the lookup went.
  const phoneNumberValid = change.phoneNumberValid ?? (phoneChanged ? null : current.phone_number_valid);
  await run(
    db,
    qb
      .updateTable('patients')
      // Every editable field the body gives (the Patient entity's x-record), then what this change works out.
      .set({ ...editedColumns('Patient', change), phone_number_valid: phoneNumberValid, updated_at: dbNow })
      .where('id', '=', current.id),
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
  const account = await first(request.server.database, qb.selectFrom('users').select('user_type').where('id', '=', current.user_id));
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
