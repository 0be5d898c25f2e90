/**
 * The tasks table (migration 0016): reads and the one versioned write. Every change goes through
 * `applyChange`, an UPDATE … WHERE id AND version, so of two callers who saw the same version only
 * one changes the row; the other finds no row and answers TASK_VERSION_CONFLICT.
 */
import type { TaskKind, TaskPriority, TaskStatus } from '@/generated/enums';
import type { TaskText, TaskTextParams } from '@/domain/task-text';
import type { Selection } from 'kysely';
import type { Queryable } from '../db/connection';
import { all, first, qb, run, sql, type DB } from '../db/typed';

export interface Task {
  id: string;
  kind: TaskKind;
  subjectType: string;
  subjectId: string;
  patientId: string | null;
  providerId: string | null;
  status: TaskStatus;
  stage: string;
  stageSince: string;
  priority: TaskPriority;
  /** the sentence as stored (the default language's when reasonKey is set); read it with taskReason (src/domain/task-text.ts) */
  reason: string;
  /** a reason the server wrote: its message key and values, rendered in the reader's language (migration 0032) */
  reasonKey: string | null;
  reasonParams: TaskTextParams | null;
  ownerId: string | null;
  createdBy: string | null;
  dueAt: string | null;
  /** read it with taskResolutionNote: a note the server wrote has its key and values too */
  resolutionNote: string | null;
  resolutionNoteKey: string | null;
  resolutionNoteParams: TaskTextParams | null;
  resolvedAt: string | null;
  details: Record<string, string | number | boolean | null>;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export type TaskEventAction = 'create' | 'claim' | 'release' | 'hold' | 'resume' | 'stage' | 'reassign' | 'complete' | 'decline' | 'cancel';

export interface TaskEvent {
  at: string;
  actorId: string | null;
  action: TaskEventAction;
  fromStatus: TaskStatus | null;
  toStatus: TaskStatus;
  stage: string;
  ownerId: string | null;
  note: string | null;
  version: number;
}

/** Every column of a task, named as the Task it becomes. */
const COLUMNS = [
  'id',
  'kind',
  'subject_type as subjectType',
  'subject_id as subjectId',
  'patient_id as patientId',
  'provider_id as providerId',
  'status',
  'stage',
  'stage_since as stageSince',
  'priority',
  'reason',
  'reason_key as reasonKey',
  'reason_params as reasonParams',
  'owner_id as ownerId',
  'created_by as createdBy',
  'due_at as dueAt',
  'resolution_note as resolutionNote',
  'resolution_note_key as resolutionNoteKey',
  'resolution_note_params as resolutionNoteParams',
  'resolved_at as resolvedAt',
  'details',
  'version',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

type Row = Selection<DB, 'tasks', (typeof COLUMNS)[number]>;

const iso = (v: Date | string): string => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null): string | null => (v == null ? null : iso(v));

/** The stored words are the enumerations' values (the server writes only those). */
function toTask(r: Row): Task {
  return {
    ...r,
    kind: r.kind as TaskKind,
    status: r.status as TaskStatus,
    priority: r.priority as TaskPriority,
    reasonParams: r.reasonParams as TaskTextParams | null,
    resolutionNoteParams: r.resolutionNoteParams as TaskTextParams | null,
    details: r.details as Task['details'],
    stageSince: iso(r.stageSince),
    dueAt: isoOrNull(r.dueAt),
    resolvedAt: isoOrNull(r.resolvedAt),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

export interface NewTaskRow {
  kind: TaskKind;
  subjectType: string;
  subjectId: string;
  patientId?: string | null;
  providerId?: string | null;
  stage: string;
  priority: TaskPriority;
  reason: string;
  /** the reason's key and values when the server wrote it (reason then holds its default-language sentence) */
  reasonText?: TaskText | null;
  ownerId?: string | null;
  createdBy: string | null;
  dueAt: Date | null;
  details?: Task['details'];
  now: Date;
}

export async function insertTask(db: Queryable, t: NewTaskRow): Promise<Task> {
  const now = t.now.toISOString();
  const row = await first(
    db,
    qb
      .insertInto('tasks')
      .values({
        kind: t.kind,
        subject_type: t.subjectType,
        subject_id: t.subjectId,
        patient_id: t.patientId ?? null,
        provider_id: t.providerId ?? null,
        status: t.ownerId ? 'in_progress' : 'open',
        stage: t.stage,
        stage_since: now,
        priority: t.priority,
        reason: t.reason,
        owner_id: t.ownerId ?? null,
        created_by: t.createdBy,
        due_at: t.dueAt?.toISOString() ?? null,
        details: JSON.stringify(t.details ?? {}),
        reason_key: t.reasonText?.key ?? null,
        reason_params: t.reasonText ? JSON.stringify(t.reasonText.params) : null,
        created_at: now,
        updated_at: now,
      })
      .returning(COLUMNS),
  );
  return toTask(row!);
}

export async function findTask(db: Queryable, id: string, forUpdate = false): Promise<Task | undefined> {
  const query = qb.selectFrom('tasks').select(COLUMNS).where('id', '=', id);
  const row = await first(db, forUpdate ? query.forUpdate() : query);
  return row ? toTask(row) : undefined;
}

export interface TaskFilter {
  kinds?: readonly TaskKind[];
  statuses?: readonly TaskStatus[];
  ownerId?: string;
  providerId?: string;
  patientId?: string;
  subject?: { type: string; id: string };
  limit?: number;
}

/** A queue: tasks matching the filter, highest priority first, then earliest due, then oldest. */
export async function listTasks(db: Queryable, f: TaskFilter): Promise<Task[]> {
  let query = qb.selectFrom('tasks').select(COLUMNS);
  if (f.kinds?.length) query = query.where('kind', '=', sql<string>`ANY(${[...f.kinds]})`);
  if (f.statuses?.length) query = query.where('status', '=', sql<string>`ANY(${[...f.statuses]})`);
  if (f.ownerId) query = query.where('owner_id', '=', f.ownerId);
  if (f.providerId) query = query.where('provider_id', '=', f.providerId);
  if (f.patientId) query = query.where('patient_id', '=', f.patientId);
  if (f.subject) query = query.where('subject_type', '=', f.subject.type).where('subject_id', '=', f.subject.id);
  const rows = await all(
    db,
    query
      .orderBy(sql`(status IN ('completed', 'declined', 'cancelled'))`)
      .orderBy(sql`array_position(ARRAY['stat', 'asap', 'urgent', 'routine'], priority)`)
      .orderBy(sql`due_at NULLS LAST`)
      .orderBy('created_at')
      .orderBy('id')
      .limit(f.limit ?? 200),
  );
  return rows.map(toTask);
}

export interface TaskWrite {
  status: TaskStatus;
  ownerId: string | null;
  stage: string;
  stageSince: Date | string;
  priority: TaskPriority;
  dueAt: Date | string | null;
  resolutionNote: string | null;
  /** the note's key and values when the server wrote it (resolutionNote then holds its default-language sentence) */
  resolutionNoteText: { key: string; params: TaskTextParams } | null;
  resolvedAt: Date | null;
  version: number;
  now: Date;
}

/** The versioned write: changes the row only while it still has `expectedVersion`; undefined otherwise. */
export async function applyChange(db: Queryable, id: string, expectedVersion: number, w: TaskWrite): Promise<Task | undefined> {
  const row = await first(
    db,
    qb
      .updateTable('tasks')
      .set({
        status: w.status,
        owner_id: w.ownerId,
        stage: w.stage,
        stage_since: new Date(w.stageSince).toISOString(),
        priority: w.priority,
        due_at: w.dueAt ? new Date(w.dueAt).toISOString() : null,
        resolution_note: w.resolutionNote,
        resolved_at: w.resolvedAt?.toISOString() ?? null,
        version: w.version,
        updated_at: w.now.toISOString(),
        resolution_note_key: w.resolutionNoteText?.key ?? null,
        resolution_note_params: w.resolutionNoteText ? JSON.stringify(w.resolutionNoteText.params) : null,
      })
      .where('id', '=', id)
      .where('version', '=', expectedVersion)
      .returning(COLUMNS),
  );
  return row ? toTask(row) : undefined;
}

export async function insertTaskEvent(db: Queryable, taskId: string, e: Omit<TaskEvent, 'at'> & { at: Date }): Promise<void> {
  await run(
    db,
    qb.insertInto('task_events').values({
      task_id: taskId,
      at: e.at.toISOString(),
      actor_id: e.actorId,
      action: e.action,
      from_status: e.fromStatus,
      to_status: e.toStatus,
      stage: e.stage,
      owner_id: e.ownerId,
      note: e.note,
      version: e.version,
    }),
  );
}

export async function taskHistory(db: Queryable, taskId: string): Promise<TaskEvent[]> {
  const rows = await all(
    db,
    qb
      .selectFrom('task_events')
      .select(['at', 'actor_id as actorId', 'action', 'from_status as fromStatus', 'to_status as toStatus', 'stage', 'owner_id as ownerId', 'note', 'version'])
      .where('task_id', '=', taskId)
      .orderBy('id'),
  );
  return rows.map((r) => ({
    ...r,
    action: r.action as TaskEventAction,
    fromStatus: r.fromStatus as TaskStatus | null,
    toStatus: r.toStatus as TaskStatus,
    at: iso(r.at),
  }));
}
