/** Reach of a payment: through the account that paid it, as for accounts (404 for unknown or unreachable, audited). */
import type { FastifyRequest } from 'fastify';
import { reachAccount } from '../accounts/reach';
import type { UserRow } from '../accounts/repository';
import { writeAudit } from '../audit';
import { AppError } from '../errors';

export async function reachAccountOfPatientRecord(request: FastifyRequest, accountId: string | undefined, recordId: string, action: string): Promise<UserRow> {
  if (!accountId) {
    await writeAudit(request, { action, outcome: 'denied', status: 404, recordType: 'payment', recordId, details: { reason: 'no such record' } });
    throw new AppError('NOT_FOUND');
  }
  return reachAccount(request, accountId, action);
}
