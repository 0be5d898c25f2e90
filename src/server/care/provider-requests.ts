/**
 * Providers' requests to their RCD: rcd_provider_request tasks of the one task
 * model (subject: the provider). A clinician asks (POST /care/provider-requests); an RCD approves or
 * declines with a reason (POST /rcd/provider-requests/{id}/decision), which resolves the task and,
 * for a licence or pay rates, changes the provider in the same transaction (src/domain/provider-requests.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { TaskStatus } from '@/generated/enums';
import type { ProviderRequest, ProviderRequestInput } from '@/generated/entities';
import { messageTemplate } from '@/domain/messages';
import { approvalChange, providerRequestProblems, requestOfKind } from '@/domain/provider-requests';
import { isUuid } from '@/domain/ids';
import type { Queryable } from '../db/connection';
import { all, first, qb, run, sql, type RowOf } from '../db/typed';
import { AppError } from '../errors';
import { refreshAvailabilitySummary } from '../marketplace/availability';
import { findTask, type Task } from '../tasks/repository';
import { createTask, resolveTask } from '../tasks/service';
import { providerDisplayName } from '@/domain/names';
import { taskResolutionNote, taskText } from '@/domain/task-text';

const KIND = 'rcd_provider_request';
const SUBJECT = 'provider';

async function providerRow(db: Queryable, id: string, forUpdate = false) {
  return first(
    db,
    qb
      .selectFrom('providers')
      .select(['id', 'first_name as firstName', 'last_name as lastName', 'title', 'licensed_states as licensedStates'])
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .$if(forUpdate, (query) => query.forUpdate()),
  );
}

/** Requests (tasks of KIND) with the provider who asked and who decided. */
const requestSelect = () =>
  qb
    .selectFrom('tasks as t')
    .innerJoin('providers as p', 'p.id', 't.provider_id')
    .leftJoin('users as o', 'o.id', 't.owner_id')
    .select((eb) => [
      't.id',
      't.version',
      eb.ref('t.status').$castTo<TaskStatus>().as('status'),
      eb.ref('t.details').$castTo<Task['details']>().as('details'),
      't.created_at',
      't.resolved_at',
      't.resolution_note',
      't.resolution_note_key',
      't.resolution_note_params',
      'p.id as provider_id',
      'p.first_name',
      'p.last_name',
      'p.title',
      'p.licensed_states',
      sql<string | null>`nullif(trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')), '')`.as('decided_by'),
    ])
    .where('t.kind', '=', KIND);

type Row = RowOf<ReturnType<typeof requestSelect>>;

/** The request as the task's details keep it (only the fields of its kind). */
function requestOf(details: Task['details']): ProviderRequestInput {
  const d = details as Record<string, unknown>;
  const request: ProviderRequestInput = { kind: d.kind as ProviderRequestInput['kind'], description: String(d.description ?? '') };
  if (typeof d.stateCode === 'string') request.stateCode = d.stateCode as ProviderRequestInput['stateCode'];
  if (typeof d.licenseNumber === 'string') request.licenseNumber = d.licenseNumber;
  if (typeof d.payIndividual === 'number') request.payIndividual = d.payIndividual;
  if (typeof d.payFollowUp === 'number') request.payFollowUp = d.payFollowUp;
  return request;
}

function out(r: Row): ProviderRequest {
  const resolved = r.status === 'completed' || r.status === 'declined' || r.status === 'cancelled';
  return {
    id: r.id,
    version: r.version,
    status: r.status,
    provider: { id: r.provider_id, firstName: r.first_name, lastName: r.last_name, title: r.title, licensedStates: r.licensed_states },
    request: requestOf(r.details),
    createdAt: new Date(r.created_at).toISOString(),
    decidedAt: r.resolved_at ? new Date(r.resolved_at).toISOString() : null,
    decidedBy: resolved ? r.decided_by : null,
    reason: taskResolutionNote({ resolutionNote: r.resolution_note, resolutionNoteKey: r.resolution_note_key, resolutionNoteParams: r.resolution_note_params }),
  };
}

async function requestById(db: Queryable, id: string): Promise<ProviderRequest | undefined> {
  const row = await first(db, requestSelect().where('t.id', '=', id));
  return row ? out(row) : undefined;
}

/** A provider's own requests, newest first. */
export async function requestsOfProvider(db: Queryable, providerId: string, limit = 50): Promise<ProviderRequest[]> {
  const rows = await all(db, requestSelect().where('t.provider_id', '=', providerId).orderBy('t.created_at', 'desc').orderBy('t.id').limit(Math.trunc(limit)));
  return rows.map(out);
}

/** The RCD's queue: waiting ones oldest first, or decided ones latest first. */
export async function rcdRequests(db: Queryable, state: 'open' | 'decided', limit: number): Promise<ProviderRequest[]> {
  const query =
    state === 'open'
      ? requestSelect().where('t.status', 'in', ['open', 'in_progress', 'on_hold']).orderBy('t.created_at', 'asc')
      : requestSelect().where('t.status', 'in', ['completed', 'declined', 'cancelled']).orderBy('t.resolved_at', 'desc');
  const rows = await all(db, query.orderBy('t.id').limit(Math.trunc(limit)));
  return rows.map(out);
}

function invalid(problems: { field: string; message: string }[]): AppError {
  return new AppError('VALIDATION_FAILED', { errors: problems.map((p) => ({ field: p.field, keyword: 'x-providerRequest', message: p.message })) });
}

/** A clinician's provider asks; refused with one message per field the kind needs. */
export async function createProviderRequest(request: FastifyRequest, providerId: string, body: ProviderRequestInput): Promise<ProviderRequest> {
  const db = request.server.database;
  const provider = await providerRow(db, providerId);
  if (!provider) throw new AppError('NOT_FOUND');
  request.auditTarget = { type: 'provider', id: provider.id };
  const problems = providerRequestProblems(body, provider.licensedStates);
  if (problems.length) throw invalid(problems.map((p) => ({ field: p.field, message: messageTemplate(p.problem) })));
  const wanted = requestOfKind(body);
  const details = Object.fromEntries(Object.entries(wanted).filter(([, v]) => v !== undefined)) as Task['details'];
  const task = await createTask(request, {
    kind: KIND,
    subject: { type: SUBJECT, id: provider.id },
    providerId: provider.id,
    reason: taskText('task.providerRequest.reason', {
      kind: { enum: 'providerRequestKind', value: wanted.kind },
      provider: providerDisplayName(provider),
    }),
    details,
  });
  return (await requestById(db, task.id))!;
}

/**
 * An RCD decides: the task is resolved with the reason (completed when approved, declined otherwise)
 * and an approval's change is written to the provider in the same transaction; search is refreshed
 * after a new licence.
 */
export async function decideProviderRequest(
  request: FastifyRequest,
  id: string,
  decision: 'approve' | 'decline',
  reason: string,
  version: number,
): Promise<ProviderRequest> {
  const db = request.server.database;
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  request.auditTarget = { type: 'task', id };
  const existing = await findTask(db, id);
  if (!existing || existing.kind !== KIND || !existing.providerId) throw new AppError('NOT_FOUND');
  const providerId = existing.providerId;
  let licensed = false;
  await db.transaction(async (tx) => {
    const task = await resolveTask(request, id, version, decision === 'approve' ? 'completed' : 'declined', reason, tx);
    if (decision !== 'approve') return;
    const provider = await providerRow(tx, providerId, true);
    if (!provider) return;
    const change = approvalChange(requestOf(task.details), provider);
    if (change.licensedStates) {
      await run(tx, qb.updateTable('providers').set({ licensed_states: change.licensedStates }).where('id', '=', provider.id));
      licensed = true;
    }
    if (change.payIndividual !== undefined)
      await run(tx, qb.updateTable('providers').set({ pay_individual: change.payIndividual }).where('id', '=', provider.id));
    if (change.payFollowUp !== undefined) await run(tx, qb.updateTable('providers').set({ pay_follow_up: change.payFollowUp }).where('id', '=', provider.id));
  });
  if (licensed) await refreshAvailabilitySummary(db, request.server.clock.now(), [providerId]);
  return (await requestById(db, id))!;
}
