/**
 * The one task model's service: create, claim, release, hold,
 * move to a stage, reassign and resolve tasks. The rules are src/domain/tasks.ts; this applies them
 * in one transaction with the versioned write (repository.applyChange), a task_events row and an
 * audit row (action `task.<change>`, record `task`, the kind and subject in details; no health data).
 *
 * Who may act on a queue is the calling endpoint's business (its access list and record checks);
 * the service only knows the actor. A refused change throws the catalogue error and changes nothing;
 * the calling endpoint's own audit row names the task (request.auditTarget) and the refusal.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller } from '../plugins/auth';
import type { TaskKind, TaskPriority } from '@/generated/enums';
import { claim, cleanNote, defaultDue, hold, isResolved, release, resolve, type Resolution, type TaskChange } from '@/domain/tasks';
import { isUuid } from '@/domain/ids';
import { storedSentence, type TaskText } from '@/domain/task-text';
import { writeAudit, type AuditedRequest } from '../audit';
import { AppError } from '../errors';
import type { Queryable } from '../db/connection';
import { applyChange, findTask, insertTask, insertTaskEvent, type Task, type TaskEventAction } from './repository';

export interface NewTask {
  kind: TaskKind;
  subject: { type: string; id: string };
  patientId?: string | null;
  providerId?: string | null;
  /** a message key and its values (taskText), rendered when read in the reader's language, never a finished sentence */
  reason: TaskText;
  priority?: TaskPriority;
  stage?: string;
  /** the task is created already claimed by this user */
  ownerId?: string | null;
  dueAt?: Date | null;
  details?: Task['details'];
}

/** What the task service reads of a request: the app (database, clock), the caller, the address and the audit flags. */
export interface ActingRequest extends AuditedRequest {
  auditTarget?: FastifyRequest['auditTarget'];
}

/**
 * A request made outside HTTP, holding what the task service reads of one: the app (database, clock), the
 * caller (none: the system), the address and the audit flags. A job acts through it; so does a test acting as a person.
 */
export function requestActingAs(app: FastifyInstance, caller?: Pick<Caller, 'userId' | 'groups'>, from: { ip?: string } = {}): ActingRequest {
  return { server: app, caller, ip: from.ip ?? null, audited: false };
}

/**
 * The request a background job acts through when it opens a task (the sync outbox's red alerts): no
 * caller and no address, so the task's event and audit rows name no actor - the system did it.
 */
export function systemRequest(app: FastifyInstance): ActingRequest {
  return requestActingAs(app);
}

function actorOf(request: ActingRequest): string | null {
  return request.caller?.userId ?? null;
}

/** A task change is an audit row of its own; the endpoint that caused it still writes its row. */
async function auditTask(request: ActingRequest, db: Queryable, action: TaskEventAction, task: Task, from: Task['status'] | null): Promise<void> {
  const endpointRowPending = !request.audited;
  await writeAudit(
    request,
    {
      action: `task.${action}`,
      outcome: 'success',
      recordType: 'task',
      recordId: task.id,
      details: { kind: task.kind, subjectType: task.subjectType, subjectId: task.subjectId, from, to: task.status, version: task.version },
    },
    db,
  );
  if (endpointRowPending) request.audited = false;
}

async function inTransaction<T>(request: ActingRequest, tx: Queryable | undefined, fn: (db: Queryable) => Promise<T>): Promise<T> {
  return tx ? fn(tx) : request.server.database.transaction(fn);
}

/** Creates a task (open, or in progress when it names an owner), with its first event and audit row. */
export async function createTask(request: ActingRequest, input: NewTask, tx?: Queryable): Promise<Task> {
  const now = request.server.clock.now();
  const priority = input.priority ?? 'routine';
  // The sentence stored beside the key is the default language's, whoever's request raised the task.
  const reason = cleanNote(storedSentence(input.reason));
  if (!reason) throw new Error('A task needs a reason.');
  return inTransaction(request, tx, async (db) => {
    const task = await insertTask(db, {
      kind: input.kind,
      subjectType: input.subject.type,
      subjectId: input.subject.id,
      patientId: input.patientId ?? null,
      providerId: input.providerId ?? null,
      stage: input.stage ?? 'new',
      priority,
      reason,
      reasonText: input.reason,
      ownerId: input.ownerId ?? null,
      createdBy: actorOf(request),
      dueAt: input.dueAt === undefined ? defaultDue(now, priority) : input.dueAt,
      details: input.details,
      now,
    });
    await insertTaskEvent(db, task.id, {
      at: now,
      actorId: actorOf(request),
      action: 'create',
      fromStatus: null,
      toStatus: task.status,
      stage: task.stage,
      ownerId: task.ownerId,
      note: null,
      version: task.version,
    });
    await auditTask(request, db, 'create', task, null);
    return task;
  });
}

/** Reads a task for a change; an unknown or malformed id is NOT_FOUND. */
async function lockTask(db: Queryable, id: string): Promise<Task> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const task = await findTask(db, id, true);
  if (!task) throw new AppError('NOT_FOUND');
  return task;
}

interface Change {
  action: TaskEventAction;
  /** note: the change's note as stored (a server-written one as its default-language sentence) */
  decide: (task: Task, actorId: string, note: string | null) => TaskChange;
  stage?: (task: Task) => string;
  priority?: TaskPriority;
  note?: TaskNote;
}

/**
 * A note on a change: a person's words (kept as typed), or one the server writes, kept as a message key
 * and its values and read in the reader's language (the task event keeps its default-language sentence).
 */
export type TaskNote = string | TaskText | null | undefined;

function noteParts(note: TaskNote): { text: string | null; key: TaskText | null } {
  if (note && typeof note === 'object') return { text: cleanNote(storedSentence(note)), key: note };
  return { text: cleanNote(note), key: null };
}

async function change(request: ActingRequest, id: string, expectedVersion: number, c: Change, tx?: Queryable): Promise<Task> {
  const actorId = actorOf(request);
  if (!actorId) throw new AppError('UNAUTHENTICATED');
  if (isUuid(id)) request.auditTarget = { type: 'task', id };
  const now = request.server.clock.now();
  const { text: note, key: noteText } = noteParts(c.note);
  return inTransaction(request, tx, async (db) => {
    const task = await lockTask(db, id);
    const decision = c.decide(task, actorId, note);
    if (!decision.ok) throw new AppError(decision.refusal);
    const stage = c.stage ? c.stage(task) : task.stage;
    const resolved = isResolved(decision.status);
    const updated = await applyChange(db, task.id, expectedVersion, {
      status: decision.status,
      ownerId: decision.ownerId,
      stage,
      stageSince: stage === task.stage ? task.stageSince : now,
      priority: c.priority ?? task.priority,
      dueAt: task.dueAt,
      resolutionNote: resolved ? note : task.resolutionNote,
      resolutionNoteText: resolved ? noteText : task.resolutionNoteKey ? { key: task.resolutionNoteKey, params: task.resolutionNoteParams ?? {} } : null,
      resolvedAt: resolved ? now : null,
      version: decision.version,
      now,
    });
    if (!updated) throw new AppError('TASK_VERSION_CONFLICT');
    await insertTaskEvent(db, task.id, {
      at: now,
      actorId,
      action: c.action,
      fromStatus: task.status,
      toStatus: updated.status,
      stage: updated.stage,
      ownerId: updated.ownerId,
      note,
      version: updated.version,
    });
    await auditTask(request, db, c.action, updated, task.status);
    return updated;
  });
}

/** Claim: the caller takes an open task; someone else's claim or a newer version refuses with 409. */
export function claimTask(request: ActingRequest, id: string, expectedVersion: number, tx?: Queryable): Promise<Task> {
  return change(request, id, expectedVersion, { action: 'claim', decide: (t, actor) => claim(t, actor, expectedVersion) }, tx);
}

export function releaseTask(request: ActingRequest, id: string, expectedVersion: number, tx?: Queryable): Promise<Task> {
  return change(request, id, expectedVersion, { action: 'release', decide: (t, actor) => release(t, actor, expectedVersion) }, tx);
}

export function holdTask(request: ActingRequest, id: string, expectedVersion: number, onHold: boolean, note?: TaskNote, tx?: Queryable): Promise<Task> {
  return change(request, id, expectedVersion, { action: onHold ? 'hold' : 'resume', decide: (t, actor) => hold(t, actor, expectedVersion, onHold), note }, tx);
}

/** Moves a claimed task to another stage of its queue; the stage's clock starts again. Only the owner. */
export function moveTaskStage(request: ActingRequest, id: string, expectedVersion: number, stage: string, note?: TaskNote, tx?: Queryable): Promise<Task> {
  return change(
    request,
    id,
    expectedVersion,
    {
      action: 'stage',
      decide: (t, actor) =>
        isResolved(t.status) || t.ownerId !== actor
          ? { ok: false, refusal: 'TASK_NOT_ALLOWED' }
          : t.version !== expectedVersion
            ? { ok: false, refusal: 'TASK_VERSION_CONFLICT' }
            : { ok: true, status: t.status, ownerId: t.ownerId, version: t.version + 1 },
      stage: () => stage,
      note,
    },
    tx,
  );
}

const resolutionAction: Record<Resolution, TaskEventAction> = { completed: 'complete', declined: 'decline', cancelled: 'cancel' };

/** Completes, declines or cancels a task; the note is required (TASK_NOTE_REQUIRED): a person's words, or a server's taskText. */
export function resolveTask(request: ActingRequest, id: string, expectedVersion: number, to: Resolution, note: TaskNote, tx?: Queryable): Promise<Task> {
  return change(
    request,
    id,
    expectedVersion,
    { action: resolutionAction[to], decide: (t, actor, cleaned) => resolve(t, actor, expectedVersion, to, cleaned), note, stage: () => to },
    tx,
  );
}
