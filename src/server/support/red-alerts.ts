/**
 * Red alerts (issue 16 item 3): the red_alert tasks of the one task model, with what a person needs
 * to act - the record, the patient and account, the session to open, and for a failed delivery of
 * the sync outbox its tries and last answer, for a session e-mail never delivered the mail's; retry
 * (the delivery or the e-mail, once, now) and resolve (with a note). And the sync audit: every delivery attempt, filtered and paged.
 */
import type { FastifyRequest } from 'fastify';
import type { EndpointTypes } from '@/generated/entities';
import { constants } from '@/generated/constants';
import { taskReason, taskText } from '@/domain/task-text';
import type { SyncResourceType } from '@/domain/sync';
import { AppError } from '../errors';
import { findTask } from '../tasks/repository';
import { resolveTask } from '../tasks/service';
import { retryRecord } from '../sync/outbox';
import { resendFailedSessionMail } from '../booking/mail-alerts';

type RedAlert = EndpointTypes['listRedAlerts']['response']['items'][number];
type Attempt = EndpointTypes['listSyncAttempts']['response']['items'][number];

const LIVE = `('open', 'in_progress', 'on_hold')`;

export async function listRedAlerts(request: FastifyRequest, limit: number): Promise<RedAlert[]> {
  const rows = await request.server.database.query<{
    id: string;
    version: number;
    status: RedAlert['status'];
    priority: RedAlert['priority'];
    owner: string | null;
    created_at: Date;
    reason: string;
    reason_key: string | null;
    reason_params: unknown;
    subject_type: string;
    subject_id: string;
    patient_id: string | null;
    patient_name: string | null;
    account_id: string | null;
    appointment_id: string | null;
    resource_type: SyncResourceType | null;
    sync_status: NonNullable<RedAlert['sync']>['status'] | null;
    attempts: number | null;
    last_error: string | null;
    mail_template: string | null;
    mail_recipient: string | null;
    mail_tries: number | null;
    mail_delivered: boolean | null;
    mail_error: string | null;
  }>(
    `SELECT t.id, t.version, t.status, t.priority, nullif(trim(o.first_name || ' ' || o.last_name), '') AS owner, t.created_at, t.reason, t.reason_key, t.reason_params,
            t.subject_type, t.subject_id, t.patient_id, trim(p.first_name || ' ' || p.last_name) AS patient_name, p.user_id AS account_id,
            CASE t.subject_type
              WHEN 'appointment' THEN t.subject_id::uuid
              WHEN 'consent' THEN (SELECT c.appointment_id FROM consents c WHERE c.id::text = t.subject_id)
              WHEN 'payment' THEN (SELECT pm.appointment_id FROM payments pm WHERE pm.id::text = t.subject_id)
            END AS appointment_id,
            s.resource_type, s.status AS sync_status, s.attempts, s.last_error,
            am.template AS mail_template, am.recipient AS mail_recipient, am.tries AS mail_tries,
            am.delivered_at IS NOT NULL AS mail_delivered, am.last_error AS mail_error
       FROM tasks t
       LEFT JOIN users o ON o.id = t.owner_id
       LEFT JOIN patients p ON p.id = t.patient_id
       LEFT JOIN LATERAL (
         SELECT so.resource_type, so.status, so.attempts, so.last_error FROM sync_outbox so
          WHERE t.details->>'source' = 'sync' AND so.resource_type = t.details->>'resourceType' AND so.record_id::text = t.subject_id
          ORDER BY so.version DESC LIMIT 1) s ON true
       LEFT JOIN appointment_mails am ON t.details->>'source' = 'mail' AND am.id::text = t.details->>'mailId'
      WHERE t.kind = 'red_alert' AND t.status IN ${LIVE}
      ORDER BY array_position(ARRAY['stat', 'asap', 'urgent', 'routine'], t.priority), t.due_at NULLS LAST, t.created_at, t.id
      LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    taskId: r.id,
    version: r.version,
    status: r.status,
    priority: r.priority,
    owner: r.owner,
    raisedAt: new Date(r.created_at).toISOString(),
    reason: taskReason({ reason: r.reason, reasonKey: r.reason_key, reasonParams: r.reason_params }),
    subject: { type: r.subject_type, id: r.subject_id },
    patient: r.patient_id ? { id: r.patient_id, name: r.patient_name ?? '' } : null,
    accountId: r.account_id,
    appointmentId: r.appointment_id,
    sync: r.resource_type
      ? { resourceType: r.resource_type, recordId: r.subject_id, status: r.sync_status!, attempts: r.attempts ?? 0, lastError: r.last_error }
      : null,
    mail: r.mail_template
      ? {
          template: r.mail_template,
          recipient: r.mail_recipient ?? '',
          tries: r.mail_tries ?? 0,
          delivered: r.mail_delivered ?? false,
          lastError: r.mail_error,
        }
      : null,
  }));
}

async function liveRedAlert(request: FastifyRequest, id: string) {
  request.auditTarget = { type: 'task', id };
  const task = await findTask(request.server.database, id);
  if (!task || task.kind !== 'red_alert') throw new AppError('NOT_FOUND');
  return task;
}

/** Tries the red alert's delivery again; delivered resolves it with a note. */
export async function retryRedAlert(request: FastifyRequest, id: string, version: number): Promise<EndpointTypes['retryRedAlert']['response']> {
  const task = await liveRedAlert(request, id);
  const live = ['open', 'in_progress', 'on_hold'].includes(task.status);
  const mailId = task.details.source === 'mail' && typeof task.details.mailId === 'string' ? task.details.mailId : undefined;
  if (!live || (!mailId && (task.details.source !== 'sync' || typeof task.details.resourceType !== 'string'))) throw new AppError('TASK_NOT_ALLOWED');
  if (task.version !== version) throw new AppError('TASK_VERSION_CONFLICT');
  if (task.ownerId && task.ownerId !== request.caller?.userId) throw new AppError('TASK_ALREADY_CLAIMED');
  if (mailId) {
    const sent = await resendFailedSessionMail(request.server, mailId);
    // No dead letter left for it: the mail was sent again another way; resolving with a note is what remains.
    if (!sent) throw new AppError('TASK_NOT_ALLOWED');
    if (!sent.delivered) return { outcome: 'failed', answer: sent.answer, resolved: false };
    await resolveTask(request, task.id, task.version, 'completed', taskText('task.redAlert.mailResent'));
    return { outcome: 'delivered', answer: sent.answer, resolved: true };
  }
  const outcome = await retryRecord(request, task.details.resourceType as SyncResourceType, task.subjectId);
  if (!outcome) throw new AppError('NOT_FOUND');
  if (outcome.outcome === 'failed') return { outcome: 'failed', answer: outcome.answer, resolved: false };
  await resolveTask(request, task.id, task.version, 'completed', taskText('task.redAlert.retried', { answer: outcome.answer }));
  return { outcome: outcome.outcome, answer: outcome.answer, resolved: true };
}

export async function resolveRedAlert(
  request: FastifyRequest,
  id: string,
  version: number,
  note: string,
): Promise<EndpointTypes['resolveRedAlert']['response']> {
  await liveRedAlert(request, id);
  const task = await resolveTask(request, id, version, 'completed', note);
  return { status: task.status, version: task.version };
}

export async function syncAttempts(
  request: FastifyRequest,
  q: EndpointTypes['listSyncAttempts']['query'],
): Promise<EndpointTypes['listSyncAttempts']['response']> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.resourceType) where.push(`so.resource_type = $${params.push(q.resourceType)}`);
  if (q.recordId) where.push(`so.record_id = $${params.push(q.recordId)}`);
  if (q.outcome) where.push(`sa.outcome = $${params.push(q.outcome)}`);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const pageSize = constants.syncAuditPageSize;
  const page = q.page ?? 1;
  const db = request.server.database;
  const [counted] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM sync_attempts sa JOIN sync_outbox so ON so.id = sa.outbox_id ${filter}`,
    params,
  );
  const rows = await db.query<{
    id: string;
    at: Date;
    resource_type: Attempt['resourceType'];
    record_id: string;
    version: number;
    adapter: Attempt['adapter'];
    outcome: Attempt['outcome'];
    answer: string;
    by: string | null;
  }>(
    `SELECT sa.id::text AS id, sa.at, so.resource_type, so.record_id, so.version, sa.adapter, sa.outcome, sa.answer,
            nullif(trim(u.first_name || ' ' || u.last_name), '') AS by
       FROM sync_attempts sa JOIN sync_outbox so ON so.id = sa.outbox_id LEFT JOIN users u ON u.id = sa.requested_by
       ${filter} ORDER BY sa.at DESC, sa.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    params,
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      resourceType: r.resource_type,
      recordId: r.record_id,
      version: r.version,
      adapter: r.adapter,
      outcome: r.outcome,
      answer: r.answer,
      requestedBy: r.by,
    })),
    page,
    pageSize,
    total: counted?.total ?? 0,
  };
}
