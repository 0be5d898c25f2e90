/**
 * Red alerts: the red_alert tasks of the one task model, with what a person needs
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
import { all, first, qb, sql } from '../db/typed';
import { findTask } from '../tasks/repository';
import { resolveTask } from '../tasks/service';
import { retryRecord } from '../sync/outbox';
import { resendFailedSessionMail } from '../booking/mail-alerts';

type RedAlert = EndpointTypes['listRedAlerts']['response']['items'][number];
type Attempt = EndpointTypes['listSyncAttempts']['response']['items'][number];

const LIVE = ['open', 'in_progress', 'on_hold'];

export async function listRedAlerts(request: FastifyRequest, limit: number): Promise<RedAlert[]> {
  const rows = await all(
    request.server.database,
    qb
      .selectFrom('tasks as t')
      .leftJoin('users as o', 'o.id', 't.owner_id')
      .leftJoin('patients as p', 'p.id', 't.patient_id')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('sync_outbox as so')
            .select(['so.resource_type', 'so.status', 'so.attempts', 'so.last_error'])
            .where(sql<boolean>`t.details->>'source' = 'sync'`)
            .where(sql<boolean>`so.resource_type = t.details->>'resourceType'`)
            .where(sql<boolean>`so.record_id::text = t.subject_id`)
            .orderBy('so.version', 'desc')
            .limit(1)
            .as('s'),
        (join) => join.onTrue(),
      )
      .leftJoin('appointment_mails as am', (join) => join.on(sql<boolean>`t.details->>'source' = 'mail' AND am.id::text = t.details->>'mailId'`))
      .select([
        't.id',
        't.version',
        't.status',
        't.priority',
        sql<string | null>`nullif(trim(o.first_name || ' ' || o.last_name), '')`.as('owner'),
        't.created_at',
        't.reason',
        't.reason_key',
        't.reason_params',
        't.subject_type',
        't.subject_id',
        't.patient_id',
        sql<string | null>`trim(p.first_name || ' ' || p.last_name)`.as('patient_name'),
        'p.user_id as account_id',
        sql<string | null>`CASE t.subject_type
            WHEN 'appointment' THEN t.subject_id::uuid
            WHEN 'consent' THEN (SELECT c.appointment_id FROM consents c WHERE c.id::text = t.subject_id)
            WHEN 'payment' THEN (SELECT pm.appointment_id FROM payments pm WHERE pm.id::text = t.subject_id)
          END`.as('appointment_id'),
        's.resource_type',
        's.status as sync_status',
        's.attempts',
        's.last_error',
        'am.template as mail_template',
        'am.recipient as mail_recipient',
        'am.tries as mail_tries',
        sql<boolean | null>`am.delivered_at IS NOT NULL`.as('mail_delivered'),
        'am.last_error as mail_error',
      ])
      .$narrowType<{
        status: RedAlert['status'];
        priority: RedAlert['priority'];
        resource_type: SyncResourceType | null;
        sync_status: NonNullable<RedAlert['sync']>['status'] | null;
      }>()
      .where('t.kind', '=', 'red_alert')
      .where('t.status', 'in', LIVE)
      .orderBy(sql`array_position(ARRAY['stat', 'asap', 'urgent', 'routine'], t.priority)`)
      .orderBy('t.due_at', (ob) => ob.nullsLast())
      .orderBy('t.created_at')
      .orderBy('t.id')
      .limit(limit),
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
  const pageSize = constants.syncAuditPageSize;
  const page = q.page ?? 1;
  const db = request.server.database;
  const attempts = qb
    .selectFrom('sync_attempts as sa')
    .innerJoin('sync_outbox as so', 'so.id', 'sa.outbox_id')
    .$if(!!q.resourceType, (b) => b.where('so.resource_type', '=', q.resourceType!))
    .$if(!!q.recordId, (b) => b.where('so.record_id', '=', q.recordId!))
    .$if(!!q.outcome, (b) => b.where('sa.outcome', '=', q.outcome!));
  const counted = await first(db, attempts.select(sql<number>`count(*)::int`.as('total')));
  const rows = await all(
    db,
    attempts
      .leftJoin('users as u', 'u.id', 'sa.requested_by')
      .select([
        sql<string>`sa.id::text`.as('id'),
        'sa.at',
        'so.resource_type',
        'so.record_id',
        'so.version',
        'sa.adapter',
        'sa.outcome',
        'sa.answer',
        sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('by'),
      ])
      .$narrowType<{ resource_type: Attempt['resourceType']; adapter: Attempt['adapter']; outcome: Attempt['outcome'] }>()
      .orderBy('sa.at', 'desc')
      .orderBy('sa.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize),
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
