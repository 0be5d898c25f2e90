/**
 * Confirming a patient's date of birth against the record (POST /patients/{id}/verify-date-of-birth),
 * before their consent is signed. Wrong dates are audit rows (outcome failure, 422) of this action for
 * the patient; otpMaxWrongTries of them within dobCheckLockMinutes lock the check, so the date cannot be
 * guessed one day at a time.
 */
import type { FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import { reachPatient } from '../accounts/reach';
import { writeAudit } from '../audit';
import { AppError } from '../errors';
import { first, qb, sql } from '../db/typed';

const ACTION = 'verifyPatientDateOfBirth';

/** `action` names the check in the audit trail (the front-desk hand-over counts its own wrong dates too). */
export async function verifyPatientDateOfBirth(request: FastifyRequest, patientId: string, dob: string, action = ACTION): Promise<{ verified: true }> {
  const patient = await reachPatient(request, patientId, action);
  const row = await first(
    request.server.database,
    qb
      .selectFrom('audit_log')
      .select(sql<number>`count(*)::int`.as('wrong'))
      .where('action', '=', action)
      .where('record_type', '=', 'patient')
      .where('record_id', '=', patient.id)
      .where('outcome', '=', 'failure')
      .where('status', '=', 422)
      .where('at', '>', sql<Date>`now() - make_interval(mins => ${constants.dobCheckLockMinutes})`),
  );
  if ((row?.wrong ?? 0) >= constants.otpMaxWrongTries) throw new AppError('DOB_CHECK_LOCKED');
  if (!patient.date_of_birth || patient.date_of_birth !== dob) {
    // Written now, not when the answer is sent, so the next try already counts it.
    await writeAudit(request, {
      action,
      outcome: 'failure',
      status: 422,
      recordType: 'patient',
      recordId: patient.id,
      details: { reason: 'date of birth does not match' },
    });
    throw new AppError('DOB_MISMATCH');
  }
  return { verified: true };
}
