/**
 * The tasks table (migration 0016): reads and the one versioned write. Every change goes through
 * `applyChange`, an UPDATE … WHERE id AND version, so of two callers who saw the same version only
 * one changes the row; the other finds no row and answers TASK_VERSION_CONFLICT.
 */
import type { TaskKind, TaskPriority, TaskStatus } from '@/generated/enums';
import type { TaskText, TaskTextParams } from '@/domain/task-text';
import type { Queryable } from '../db/connection';

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

const columns = `t.id, t.kind, t.subject_type AS "subjectType", t.subject_id AS "subjectId", t.patient_id AS "patientId",
  t.provider_id AS "providerId", t.status, t.stage, t.stage_since AS "stageSince", t.priority, t.reason, t.reason_key AS "reasonKey",
  t.reason_params AS "reasonParams", t.owner_id AS "ownerId", t.created_by AS "createdBy", t.due_at AS "dueAt", t.resolution_note AS "resolutionNote",
  t.resolution_note_key AS "resolutionNoteKey", t.resolution_note_params AS "resolutionNoteParams", t.resolved_at AS "resolvedAt",
  t.details, t.version, t.created_at AS "createdAt", t.updated_at AS "updatedAt"`;

type Row = Omit<Task, 'stageSince' | 'dueAt' | 'resolvedAt' | 'createdAt' | 'updatedAt'> & {
  stageSince: Date | string;
  dueAt: Date | string | null;
  resolvedAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
};

const iso = (v: Date | string): string => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null): string | null => (v == null ? null : iso(v));

function toTask(r: Row): Task {
  return {
    ...r,
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
  const [row] = await db.query<Row>(
    `INSERT INTO tasks AS t (kind, subject_type, subject_id, patient_id, provider_id, status, stage, stage_since, priority, reason, owner_id, created_by, due_at, details,
                             reason_key, reason_params, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $8, $8)
     RETURNING ${columns}`,
    [
      t.kind,
      t.subjectType,
      t.subjectId,
      t.patientId ?? null,
      t.providerId ?? null,
      t.ownerId ? 'in_progress' : 'open',
      t.stage,
      t.now.toISOString(),
      t.priority,
      t.reason,
      t.ownerId ?? null,
      t.createdBy,
      t.dueAt?.toISOString() ?? null,
      JSON.stringify(t.details ?? {}),
      t.reasonText?.key ?? null,
      t.reasonText ? JSON.stringify(t.reasonText.params) : null,
    ],
  );
  return toTask(row!);
}

export async function findTask(db: Queryable, id: string, forUpdate = false): Promise<Task | undefined> {
  const [row] = await db.query<Row>(`SELECT ${columns} FROM tasks t WHERE t.id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
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
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.kinds?.length) add('t.kind = ANY(?)', f.kinds);
  if (f.statuses?.length) add('t.status = ANY(?)', f.statuses);
  if (f.ownerId) add('t.owner_id = ?', f.ownerId);
  if (f.providerId) add('t.provider_id = ?', f.providerId);
  if (f.patientId) add('t.patient_id = ?', f.patientId);
  if (f.subject) {
    add('t.subject_type = ?', f.subject.type);
    add('t.subject_id = ?', f.subject.id);
  }
  params.push(f.limit ?? 200);
  const rows = await db.query<Row>(
    `SELECT ${columns} FROM tasks t ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY (t.status IN ('completed', 'declined', 'cancelled')),
       array_position(ARRAY['stat', 'asap', 'urgent', 'routine'], t.priority), t.due_at NULLS LAST, t.created_at, t.id
     LIMIT $${params.length}`,
    params,
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
  const [row] = await db.query<Row>(
    `UPDATE tasks AS t SET status = $3, owner_id = $4, stage = $5, stage_since = $6, priority = $7, due_at = $8, resolution_note = $9,
       resolved_at = $10, version = $11, updated_at = $12, resolution_note_key = $13, resolution_note_params = $14
     WHERE t.id = $1 AND t.version = $2
     RETURNING ${columns}`,
    [
      id,
      expectedVersion,
      w.status,
      w.ownerId,
      w.stage,
      new Date(w.stageSince).toISOString(),
      w.priority,
      w.dueAt ? new Date(w.dueAt).toISOString() : null,
      w.resolutionNote,
      w.resolvedAt?.toISOString() ?? null,
      w.version,
      w.now.toISOString(),
      w.resolutionNoteText?.key ?? null,
      w.resolutionNoteText ? JSON.stringify(w.resolutionNoteText.params) : null,
    ],
  );
  return row ? toTask(row) : undefined;
}

export async function insertTaskEvent(db: Queryable, taskId: string, e: Omit<TaskEvent, 'at'> & { at: Date }): Promise<void> {
  await db.query(
    `INSERT INTO task_events (task_id, at, actor_id, action, from_status, to_status, stage, owner_id, note, version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [taskId, e.at.toISOString(), e.actorId, e.action, e.fromStatus, e.toStatus, e.stage, e.ownerId, e.note, e.version],
  );
}

export async function taskHistory(db: Queryable, taskId: string): Promise<TaskEvent[]> {
  const rows = await db.query<Omit<TaskEvent, 'at'> & { at: Date | string }>(
    `SELECT at, actor_id AS "actorId", action, from_status AS "fromStatus", to_status AS "toStatus", stage, owner_id AS "ownerId", note, version
     FROM task_events WHERE task_id = $1 ORDER BY id`,
    [taskId],
  );
  return rows.map((r) => ({ ...r, at: iso(r.at) }));
}
