/**
 * Which accounts a caller may reach (product-spec §6): their own; any, for support and admins; for a
 * third-party agent, only their business partner's members. Anything else answers 404, exactly as
 * for an account that does not exist, and the refusal is audited.
 */
import type { FastifyRequest } from 'fastify';
import { reachesEveryAccount } from '../../domain/permissions';
import { writeAudit } from '../audit';
import { AppError } from '../errors';
import { callerOf } from '../plugins/auth';
import { userById, type UserRow } from './repository';

export async function reachAccount(request: FastifyRequest, userId: string, action: string): Promise<UserRow> {
  const caller = callerOf(request);
  const row = await userById(request.server.database, userId);
  const allowed =
    row !== undefined &&
    (row.id === caller.userId ||
      reachesEveryAccount(caller.groups) ||
      (caller.permissions.isThirdPartyAgent && caller.businessPartnerId !== undefined && row.business_partner_id === caller.businessPartnerId));
  if (!row || !allowed) {
    await writeAudit(request, { action, outcome: 'denied', status: 404, recordType: 'user', recordId: userId, details: { reason: row ? 'not reachable' : 'no such record' } });
    throw new AppError('NOT_FOUND');
  }
  request.auditTarget = { type: 'user', id: row.id };
  return row;
}
