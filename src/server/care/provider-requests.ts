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
import { AppError } from '../errors';
import { refreshAvailabilitySummary } from '../marketplace/availability';
import { findTask, type Task } from '../tasks/repository';
import { createTask, resolveTask } from '../tasks/service';
import { providerDisplayName } from '@/domain/names';
import { taskResolutionNote, taskText } from '@/domain/task-text';

const KIND = 'rcd_provider_request';
const SUBJECT = 'provider';

interface ProviderRow {
  id: string;
  firstName: string;
  lastName: string;
  title: string;
  licensedStates: string[];
}

async function providerRow(db: Queryable, id: string, forUpdate = false): Promise<ProviderRow | undefined> {
  const [row] = await db.query<ProviderRow>(
    `SELECT id, first_name AS "firstName", last_name AS "lastName", title, licensed_states AS "licensedStates"
       FROM providers WHERE id = $1 AND removed_at IS NULL${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row;
}

const SELECT = `SELECT t.id, t.version, t.status, t.details, t.created_at, t.resolved_at, t.resolution_note,
       t.resolution_note_key, t.resolution_note_params,
       p.id AS provider_id, p.first_name, p.last_name, p.title, p.licensed_states,
       nullif(trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')), '') AS decided_by
  FROM tasks t JOIN providers p ON p.id = t.provider_id LEFT JOIN users o ON o.id = t.owner_id`;

interface Row {
  id: string;
  version: number;
  status: TaskStatus;
  details: Task['details'];
  created_at: Date | string;
  resolved_at: Date | string | null;
  resolution_note: string | null;
  resolution_note_key: string | null;
  resolution_note_params: unknown;
  provider_id: string;
  first_name: string;
  last_name: string;
  title: string;
  licensed_states: string[];
  decided_by: string | null;
}

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
  const [row] = await db.query<Row>(`${SELECT} WHERE t.id = $1 AND t.kind = '${KIND}'`, [id]);
  return row ? out(row) : undefined;
}

/** A provider's own requests, newest first. */
export async function requestsOfProvider(db: Queryable, providerId: string, limit = 50): Promise<ProviderRequest[]> {
  const rows = await db.query<Row>(`${SELECT} WHERE t.kind = '${KIND}' AND t.provider_id = $1 ORDER BY t.created_at DESC, t.id LIMIT ${Math.trunc(limit)}`, [
    providerId,
  ]);
  return rows.map(out);
}

/** The RCD's queue: waiting ones oldest first, or decided ones latest first. */
export async function rcdRequests(db: Queryable, state: 'open' | 'decided', limit: number): Promise<ProviderRequest[]> {
  const where = state === 'open' ? "t.status IN ('open', 'in_progress', 'on_hold')" : "t.status IN ('completed', 'declined', 'cancelled')";
  const order = state === 'open' ? 't.created_at ASC, t.id' : 't.resolved_at DESC, t.id';
  const rows = await db.query<Row>(`${SELECT} WHERE t.kind = '${KIND}' AND ${where} ORDER BY ${order} LIMIT ${Math.trunc(limit)}`);
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
      await tx.query('UPDATE providers SET licensed_states = $2 WHERE id = $1', [provider.id, change.licensedStates]);
      licensed = true;
    }
    if (change.payIndividual !== undefined) await tx.query('UPDATE providers SET pay_individual = $2 WHERE id = $1', [provider.id, change.payIndividual]);
    if (change.payFollowUp !== undefined) await tx.query('UPDATE providers SET pay_follow_up = $2 WHERE id = $1', [provider.id, change.payFollowUp]);
  });
  if (licensed) await refreshAvailabilitySummary(db, request.server.clock.now(), [providerId]);
  return (await requestById(db, id))!;
}
