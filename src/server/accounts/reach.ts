/**
 * Which accounts a caller may reach (product-spec §6): their own; any, for support and admins; for a
 * third-party agent, only their business partner's members. Anything else answers 404, exactly as
 * for an account that does not exist, and the refusal is audited.
 */
import type { FastifyRequest } from 'fastify';
import { reachesEveryAccount } from '@/domain/permissions';
import { writeAudit } from '../audit';
import { AppError } from '../errors';
import { callerOf, type Caller } from '../plugins/auth';
import { userById, type UserRow } from './repository';

/** Whether a caller may reach the account: their own, any for staff, their partner's members for a third-party agent. */
export function reaches(caller: Caller, account: { id: string; business_partner_id: string | null }): boolean {
  return (
    account.id === caller.userId ||
    reachesEveryAccount(caller.groups) ||
    (caller.permissions.isThirdPartyAgent && caller.businessPartnerId !== undefined && account.business_partner_id === caller.businessPartnerId)
  );
}

export async function reachAccount(request: FastifyRequest, userId: string, action: string): Promise<UserRow> {
  const caller = callerOf(request);
  // The caller's own account, when the request already read it with the session (plugins/auth.ts), is not read again.
  const row = caller.account?.id === userId ? caller.account : await userById(request.server.database, userId);
  const allowed = row !== undefined && reaches(caller, row);
  if (!row || !allowed) {
    await writeAudit(request, {
      action,
      outcome: 'denied',
      status: 404,
      recordType: 'user',
      recordId: userId,
      details: { reason: row ? 'not reachable' : 'no such record' },
    });
    throw new AppError('NOT_FOUND');
  }
  request.auditTarget = { type: 'user', id: row.id };
  return row;
}

/**
 * A record that belongs to an account (a patient, an appointment, a consent, a card): reachable when
 * its account is. `sql` selects the record's id and its account's id and partner by $1; anything
 * else - unknown or out of reach - answers 404 and is audited as denied.
 */
export async function reachRecord<Row extends { account_id: string; account_partner_id: string | null }>(
  request: FastifyRequest,
  recordType: string,
  id: string,
  action: string,
  sql: string,
): Promise<Row> {
  const caller = callerOf(request);
  const [row] = await request.server.database.query<Row>(sql, [id]);
  if (!row || !reaches(caller, { id: row.account_id, business_partner_id: row.account_partner_id })) {
    await writeAudit(request, {
      action,
      outcome: 'denied',
      status: 404,
      recordType,
      recordId: id,
      details: { reason: row ? 'not reachable' : 'no such record' },
    });
    throw new AppError('NOT_FOUND');
  }
  request.auditTarget = { type: recordType, id };
  return row;
}

export interface PatientRecord {
  id: string;
  account_id: string;
  account_partner_id: string | null;
  first_name: string;
  last_name: string;
  relationship: string;
  date_of_birth: string | null;
  time_zone: string | null;
}

/** A patient the caller may reach: of their own account (themself and dependants), or any for staff. */
export function reachPatient(request: FastifyRequest, patientId: string, action: string): Promise<PatientRecord> {
  return reachRecord<PatientRecord>(
    request,
    'patient',
    patientId,
    action,
    `SELECT p.id, p.user_id AS account_id, u.business_partner_id AS account_partner_id, p.first_name, p.last_name, p.relationship,
            to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.time_zone
       FROM patients p JOIN users u ON u.id = p.user_id WHERE p.id = $1`,
  );
}
