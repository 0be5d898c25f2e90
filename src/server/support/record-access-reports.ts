/**
 * Reported record access (the support side): the record_access_report tasks a patient opened from
 * "Who looked at my record", each with the audit entry as it was recorded, so support can see who did what and
 * close the report with a note. The audit row is only read here.
 */
import type { FastifyRequest } from 'fastify';
import type { EndpointTypes } from '@/generated/entities';
import type { AuditOutcome, RecordKind } from '@/generated/enums';
import { AppError } from '../errors';
import { all, qb, sql } from '../db/typed';
import { findTask } from '../tasks/repository';
import { resolveTask } from '../tasks/service';

type Report = EndpointTypes['listRecordAccessReports']['response']['items'][number];

const KIND = 'record_access_report';

interface ReportRow {
  id: string;
  version: number;
  status: Report['status'];
  owner: string | null;
  created_at: Date;
  details: { note?: unknown; accountId?: unknown };
  patient_id: string | null;
  patient_name: string | null;
  entry_id: string;
  at: Date;
  actor: string | null;
  actor_email: string | null;
  actor_groups: string[];
  action: string;
  record_type: RecordKind;
  record_id: string | null;
  outcome: AuditOutcome;
  http_status: number | null;
  ip: string | null;
}

export async function listRecordAccessReports(request: FastifyRequest, limit: number): Promise<Report[]> {
  const rows: ReportRow[] = await all(
    request.server.database,
    qb
      .selectFrom('tasks as t')
      .innerJoin('audit_log as l', (join) => join.on(sql<boolean>`l.id::text = t.subject_id`))
      .leftJoin('users as o', 'o.id', 't.owner_id')
      .leftJoin('patients as p', 'p.id', 't.patient_id')
      .leftJoin('users as u', 'u.id', 'l.actor_id')
      .select([
        't.id',
        't.version',
        't.status',
        sql<string | null>`nullif(trim(o.first_name || ' ' || o.last_name), '')`.as('owner'),
        't.created_at',
        sql<ReportRow['details']>`t.details`.as('details'),
        't.patient_id',
        sql<string | null>`trim(p.first_name || ' ' || p.last_name)`.as('patient_name'),
        sql<string>`l.id::text`.as('entry_id'),
        'l.at',
        sql<string | null>`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`.as('actor'),
        sql<string | null>`u.email::text`.as('actor_email'),
        'l.actor_groups',
        'l.action',
        'l.record_type',
        'l.record_id',
        'l.outcome',
        'l.status as http_status',
        'l.ip',
      ])
      .$narrowType<{ status: Report['status']; record_type: RecordKind; outcome: AuditOutcome }>()
      .where('t.kind', '=', KIND)
      .where('t.subject_type', '=', 'audit_log')
      .where('t.status', 'in', ['open', 'in_progress', 'on_hold'])
      .orderBy('t.created_at')
      .orderBy('t.id')
      .limit(limit),
  );
  return rows.map((r) => ({
    taskId: r.id,
    version: r.version,
    status: r.status,
    owner: r.owner,
    raisedAt: new Date(r.created_at).toISOString(),
    note: typeof r.details.note === 'string' ? r.details.note : null,
    patient: r.patient_id ? { id: r.patient_id, name: r.patient_name ?? '' } : null,
    accountId: typeof r.details.accountId === 'string' ? r.details.accountId : null,
    entry: {
      id: r.entry_id,
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      actorEmail: r.actor_email,
      actorGroups: r.actor_groups,
      action: r.action,
      record: r.record_type,
      recordId: r.record_id,
      outcome: r.outcome,
      status: r.http_status,
      ip: r.ip,
    },
  }));
}

/** Closes a report with support's note; anything but a record_access_report is not found here. */
export async function resolveRecordAccessReport(
  request: FastifyRequest,
  id: string,
  version: number,
  note: string,
): Promise<EndpointTypes['resolveRecordAccessReport']['response']> {
  request.auditTarget = { type: 'task', id };
  const task = await findTask(request.server.database, id);
  if (!task || task.kind !== KIND) throw new AppError('NOT_FOUND');
  const done = await resolveTask(request, id, version, 'completed', note);
  return { status: done.status, version: done.version };
}
