/**
 * Reach of patient records (product-spec §6): a patient reaches the patients of their own account
 * (themselves and their dependants), a third-party agent those of their business partner's members,
 * support and admins any. Anything else answers 404, exactly as for a patient that does not exist,
 * and the refusal is audited. The rule is reaches() of src/server/accounts/reach.ts, applied to the
 * patient's account; this variant also checks the account a request names (userId).
 */
import type { FastifyRequest } from 'fastify';
import { reaches } from '../accounts/reach';
import { writeAudit } from '../audit';
import { AppError } from '../errors';
import { first, qb } from '../db/typed';
import { callerOf } from '../plugins/auth';

/** Whether the caller reaches records of this account. */
export function reachesAccountOf(request: FastifyRequest, account: { id: string; business_partner_id: string | null }): boolean {
  return reaches(callerOf(request), account);
}

export interface ReachedPatient {
  id: string;
  account_id: string;
  account_partner_id: string | null;
}

/** A patient the caller may reach; with `userId`, it must also be a patient of that account. */
export async function reachPatientOf(request: FastifyRequest, patientId: string, action: string, userId?: string): Promise<ReachedPatient> {
  const row = await first(
    request.server.database,
    qb
      .selectFrom('patients as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.id', 'p.user_id as account_id', 'u.business_partner_id as account_partner_id'])
      .where('p.id', '=', patientId),
  );
  const allowed =
    row !== undefined &&
    (userId === undefined || row.account_id === userId) &&
    reachesAccountOf(request, { id: row.account_id, business_partner_id: row.account_partner_id });
  if (!row || !allowed) {
    await writeAudit(request, {
      action,
      outcome: 'denied',
      status: 404,
      recordType: 'patient',
      recordId: patientId,
      details: { reason: row ? 'not reachable' : 'no such record' },
    });
    throw new AppError('NOT_FOUND');
  }
  request.auditTarget = { type: 'patient', id: row.id };
  return row;
}
