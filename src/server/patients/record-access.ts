/**
 * "Who looked at my record" (issue 38 item 2): the audit rows of the caller's account and of its patients'
 * records, named for the account holder (src/domain/record-access.ts), and the report of one to support.
 * The audit trail is only read here; a report is a task that names the row, never a change of the row.
 */
import type { FastifyRequest } from 'fastify';
import { endpoints } from '@/generated/api';
import { constants } from '@/generated/constants';
import type { EndpointTypes } from '@/generated/entities';
import type { AuditOutcome, RecordKind } from '@/generated/enums';
import { actOf, whoActed } from '@/domain/record-access';
import { taskText } from '@/domain/task-text';
import type { Queryable } from '../db/connection';
import { AppError } from '../errors';
import { callerOf } from '../plugins/auth';
import { createTask } from '../tasks/service';
import { writeAudit } from '../audit';

export type RecordAccessPage = EndpointTypes['listRecordAccess']['response'];

/**
 * The records of an account, by audit record type and id, with the patient each is of when it is one
 * patient's. Every type here is one of recordAccessRecordTypes (record-access.int.test.ts keeps them the same).
 */
export const ACCOUNT_RECORDS = `
  SELECT 'user' AS record_type, $1::uuid::text AS record_id, NULL::uuid AS patient_id
  UNION ALL SELECT 'patient', p.id::text, p.id FROM patients p WHERE p.user_id = $1::uuid
  UNION ALL SELECT 'appointment', a.id::text, (SELECT ap.patient_id FROM appointment_patients ap WHERE ap.appointment_id = a.id ORDER BY ap.patient_id LIMIT 1)
    FROM appointments a WHERE a.user_id = $1::uuid
  UNION ALL SELECT 'consent', c.id::text, c.patient_id FROM consents c JOIN patients p ON p.id = c.patient_id WHERE p.user_id = $1::uuid
  UNION ALL SELECT 'insurance', i.id::text, i.patient_id FROM patient_insurances i JOIN patients p ON p.id = i.patient_id WHERE p.user_id = $1::uuid
  UNION ALL SELECT 'message_thread', t.id::text, t.patient_id FROM message_threads t JOIN patients p ON p.id = t.patient_id WHERE p.user_id = $1::uuid
  UNION ALL SELECT 'document', d.id::text, d.patient_id FROM patient_documents d JOIN patients p ON p.id = d.patient_id WHERE p.user_id = $1::uuid
  UNION ALL SELECT 'payment', y.id::text, y.patient_id FROM payments y WHERE y.user_id = $1::uuid`;

interface EntryRow {
  id: string;
  at: Date;
  actor_id: string | null;
  actor_groups: string[];
  action: string;
  record_type: RecordKind;
  outcome: AuditOutcome;
  patient_first_name: string | null;
  user_type: string | null;
  first_name: string | null;
  reported: boolean;
  total: number;
}

/**
 * The account holder's own reads are left out of the list: they know what they opened, and listing them would bury
 * what others did (each visit to this page is itself a read). Their own changes and refusals stay.
 */
const READ_ACTIONS = Object.entries(endpoints as Record<string, { method: string }>)
  .filter(([, endpoint]) => endpoint.method === 'GET')
  .map(([id]) => id);
const NOT_OWN_READ = `NOT (l.actor_id = $1::uuid AND l.outcome = 'success' AND l.action = ANY($4::text[]))`;

/** The method of the endpoint an audit row's action names (undefined for the server's own changes, e.g. task.create). */
function methodOf(action: string): string | undefined {
  return (endpoints as Record<string, { method: string } | undefined>)[action]?.method;
}

export async function recordAccessPage(db: Queryable, accountId: string, page: number): Promise<RecordAccessPage> {
  const pageSize = constants.recordAccessPageSize;
  const rows = await db.query<EntryRow>(
    `WITH records AS (${ACCOUNT_RECORDS})
     SELECT l.id::text AS id, l.at, l.actor_id, l.actor_groups, l.action, l.record_type, l.outcome,
            pt.first_name AS patient_first_name, u.user_type, u.first_name,
            EXISTS (SELECT 1 FROM tasks t WHERE t.kind = 'record_access_report' AND t.subject_type = 'audit_log' AND t.subject_id = l.id::text) AS reported,
            count(*) OVER ()::int AS total
       FROM audit_log l
       JOIN records r ON r.record_type = l.record_type AND r.record_id = l.record_id
       LEFT JOIN patients pt ON pt.id = r.patient_id
       LEFT JOIN users u ON u.id = l.actor_id
      WHERE ${NOT_OWN_READ}
      ORDER BY l.at DESC, l.id DESC
      LIMIT $2 OFFSET $3`,
    [accountId, pageSize, (page - 1) * pageSize, READ_ACTIONS],
  );
  const total = rows[0]?.total ?? (page > 1 ? await countEntries(db, accountId) : 0);
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      ...whoActed({ actorId: row.actor_id, groups: row.actor_groups, userType: row.user_type, firstName: row.first_name }, accountId),
      record: row.record_type,
      patient: row.patient_first_name,
      act: actOf(methodOf(row.action)),
      outcome: row.outcome,
      reported: row.reported,
    })),
    page,
    pageSize,
    total,
  };
}

async function countEntries(db: Queryable, accountId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `WITH records AS (${ACCOUNT_RECORDS})
     SELECT count(*)::int AS n FROM audit_log l JOIN records r ON r.record_type = l.record_type AND r.record_id = l.record_id
      WHERE ${NOT_OWN_READ.replace('$4', '$2')}`,
    [accountId, READ_ACTIONS],
  );
  return row?.n ?? 0;
}

/** Reports one entry of the caller's list to support: a task naming the audit row, or the one already open. */
export async function reportRecordAccess(request: FastifyRequest, entryId: string, note: string | undefined): Promise<{ taskId: string; created: boolean }> {
  const accountId = callerOf(request).userId;
  const db = request.server.database;
  const [entry] = await db.query<{ id: string; patient_id: string | null }>(
    `WITH records AS (${ACCOUNT_RECORDS})
     SELECT l.id::text AS id, r.patient_id FROM audit_log l JOIN records r ON r.record_type = l.record_type AND r.record_id = l.record_id
      WHERE l.id = $2::bigint`,
    [accountId, entryId],
  );
  if (!entry) {
    await writeAudit(request, {
      action: 'reportRecordAccess',
      outcome: 'denied',
      status: 404,
      recordType: 'audit_log',
      recordId: entryId,
      details: { reason: 'not reachable' },
    });
    throw new AppError('NOT_FOUND');
  }
  request.auditTarget = { type: 'user', id: accountId };
  const [open] = await db.query<{ id: string }>(
    `SELECT id FROM tasks WHERE kind = 'record_access_report' AND subject_type = 'audit_log' AND subject_id = $1
       AND status IN ('open', 'in_progress', 'on_hold') LIMIT 1`,
    [entry.id],
  );
  if (open) return { taskId: open.id, created: false };
  const task = await createTask(request, {
    kind: 'record_access_report',
    subject: { type: 'audit_log', id: entry.id },
    patientId: entry.patient_id,
    reason: taskText('task.recordAccessReport.reason', { entry: entry.id }),
    priority: 'urgent',
    details: { accountId, ...(note?.trim() ? { note: note.trim() } : {}) },
  });
  return { taskId: task.id, created: true };
}
