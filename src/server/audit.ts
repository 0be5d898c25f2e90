/**
 * The audit trail: who read or changed which record, signed in or failed to, or was refused, when,
 * from where, with what outcome. Rows are only ever inserted; the database refuses UPDATE, DELETE
 * and TRUNCATE on the table (migration 0002). No health data goes into a row: only ids.
 */
import type { FastifyInstance } from 'fastify';
import type { AuditOutcome } from '../generated/enums';
import type { Queryable } from './db/connection';
import { preparedQuery, qb, run, type Param } from './db/typed';
import type { Caller } from './plugins/auth';

export interface AuditEntry {
  action: string;
  outcome: AuditOutcome;
  recordType?: string;
  recordId?: string;
  status?: number;
  /** the account acting, when known (sign-in rows name the account signing in) */
  actorId?: string;
  details?: Record<string, string | number | boolean | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set once an audit row describes this request, so the automatic row is not written twice */
    audited?: boolean;
    /** the record an audited endpoint touched, for its automatic row */
    auditTarget?: { type: string; id: string };
  }
}

/**
 * What an audit row reads of a request: an HTTP request, or one a job or a test acts through
 * (tasks/service.ts `requestActingAs`), which has no caller or address of its own.
 */
export interface AuditedRequest {
  server: FastifyInstance;
  caller?: Pick<Caller, 'userId' | 'groups' | 'impersonation'>;
  ip: string | null;
  audited?: boolean;
}

/** The audit row's statement, compiled once: every request writes one. */
const insertAudit = preparedQuery(
  (
    p: Param<{
      actorId: string | null;
      actorGroups: string[];
      action: string;
      recordType: string | null;
      recordId: string | null;
      outcome: string;
      status: number | null;
      ip: string | null;
      details: string;
    }>,
  ) =>
    qb.insertInto('audit_log').values({
      actor_id: p('actorId'),
      actor_groups: p('actorGroups'),
      action: p('action'),
      record_type: p('recordType'),
      record_id: p('recordId'),
      outcome: p('outcome'),
      status: p('status'),
      ip: p('ip'),
      details: p('details'),
    }),
);

/** `db` is the transaction the audited change runs in, when the row must stand or fall with it. */
export async function writeAudit(request: AuditedRequest, entry: AuditEntry, db: Queryable = request.server.database): Promise<void> {
  request.audited = true;
  const caller = request.caller;
  // Every request writes one: a prepared statement (its text is the same whatever the entry holds).
  await run(
    db,
    insertAudit({
      actorId: entry.actorId ?? caller?.userId ?? null,
      actorGroups: caller?.groups ?? [],
      action: entry.action,
      recordType: entry.recordType ?? null,
      recordId: entry.recordId ?? null,
      outcome: entry.outcome,
      status: entry.status ?? null,
      ip: request.ip,
      details: JSON.stringify({ ...entry.details, ...(caller?.impersonation ? { impersonating: caller.impersonation.providerId } : {}) }),
    }),
    { prepared: true },
  );
}

export function outcomeOfStatus(status: number): AuditOutcome {
  if (status < 400) return 'success';
  if (status === 401 || status === 403 || status === 404) return 'denied';
  return 'failure';
}
