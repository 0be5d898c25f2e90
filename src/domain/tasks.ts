/**
 * The one task model behind every staff work queue, in the spirit
 * of FHIR Task: a task names its subject record, kind, owner, status, a stage with its own clock,
 * reason, priority, due time and, once resolved, a resolution note. Pure rules only: which changes a
 * task allows, who may make them, and the optimistic version check that keeps two people from taking
 * one task. The database applies the version check again (UPDATE … WHERE version = $n), so two
 * processes cannot both win.
 */
import * as tasksConstants from '../generated/constants/tasks';
import type { TaskPriority, TaskStatus } from '../generated/enums';
import * as tasksEnums from '../generated/enums/tasks';
import type { ErrorName } from '../generated/errors';

export interface TaskState {
  status: TaskStatus;
  ownerId: string | null;
  version: number;
}

/** Resolved tasks change no more. */
export const resolvedStatuses: readonly TaskStatus[] = ['completed', 'declined', 'cancelled'];

export function isResolved(status: TaskStatus): boolean {
  return resolvedStatuses.includes(status);
}

/** The moves between statuses; claiming (open to in_progress) and releasing name the owner too. */
const moves: Record<TaskStatus, readonly TaskStatus[]> = {
  open: ['in_progress', 'completed', 'declined', 'cancelled'],
  in_progress: ['open', 'on_hold', 'completed', 'declined', 'cancelled'],
  on_hold: ['in_progress', 'completed', 'declined', 'cancelled'],
  completed: [],
  declined: [],
  cancelled: [],
};

export function canMove(from: TaskStatus, to: TaskStatus): boolean {
  return moves[from].includes(to);
}

export type TaskRefusal = Extract<ErrorName, 'TASK_VERSION_CONFLICT' | 'TASK_ALREADY_CLAIMED' | 'TASK_NOT_ALLOWED' | 'TASK_NOTE_REQUIRED'>;

export type TaskChange = { ok: true; status: TaskStatus; ownerId: string | null; version: number } | { ok: false; refusal: TaskRefusal };

function refuse(refusal: TaskRefusal): TaskChange {
  return { ok: false, refusal };
}

/** The version the caller saw must still be the task's: otherwise someone changed it first. */
function stale(task: TaskState, expectedVersion: number): boolean {
  return task.version !== expectedVersion;
}

/** Claim: an open task without an owner becomes the actor's, in progress. */
export function claim(task: TaskState, actorId: string, expectedVersion: number): TaskChange {
  if (task.status !== 'open' || task.ownerId) return refuse(isResolved(task.status) ? 'TASK_NOT_ALLOWED' : 'TASK_ALREADY_CLAIMED');
  if (stale(task, expectedVersion)) return refuse('TASK_VERSION_CONFLICT');
  return { ok: true, status: 'in_progress', ownerId: actorId, version: task.version + 1 };
}

/** Release: the owner gives a task back to the queue. */
export function release(task: TaskState, actorId: string, expectedVersion: number): TaskChange {
  if (task.status !== 'in_progress' && task.status !== 'on_hold') return refuse('TASK_NOT_ALLOWED');
  if (task.ownerId !== actorId) return refuse('TASK_NOT_ALLOWED');
  if (stale(task, expectedVersion)) return refuse('TASK_VERSION_CONFLICT');
  return { ok: true, status: 'open', ownerId: null, version: task.version + 1 };
}

/** Put on hold or take up again: only the owner. */
export function hold(task: TaskState, actorId: string, expectedVersion: number, onHold: boolean): TaskChange {
  const to: TaskStatus = onHold ? 'on_hold' : 'in_progress';
  if (!canMove(task.status, to) || task.ownerId !== actorId) return refuse('TASK_NOT_ALLOWED');
  if (stale(task, expectedVersion)) return refuse('TASK_VERSION_CONFLICT');
  return { ok: true, status: to, ownerId: task.ownerId, version: task.version + 1 };
}

export type Resolution = Extract<TaskStatus, 'completed' | 'declined' | 'cancelled'>;

/** A note is text with something in it, at most taskNoteMax characters. */
export function cleanNote(note: string | null | undefined): string | null {
  const text = (note ?? '').trim();
  return text ? text.slice(0, tasksConstants.taskNoteMax) : null;
}

/**
 * Resolve: complete, decline or cancel, always with a note. An open task may be resolved by whoever
 * the queue lets act on it (it is claimed and resolved in one step); a claimed one only by its owner.
 */
export function resolve(task: TaskState, actorId: string, expectedVersion: number, to: Resolution, note: string | null | undefined): TaskChange {
  if (!canMove(task.status, to)) return refuse('TASK_NOT_ALLOWED');
  if (task.ownerId && task.ownerId !== actorId) return refuse('TASK_ALREADY_CLAIMED');
  if (!cleanNote(note)) return refuse('TASK_NOTE_REQUIRED');
  if (stale(task, expectedVersion)) return refuse('TASK_VERSION_CONFLICT');
  return { ok: true, status: to, ownerId: task.ownerId ?? actorId, version: task.version + 1 };
}

/** Priority order, lowest first: routine < urgent < asap < stat. */
export function priorityRank(priority: TaskPriority): number {
  return tasksEnums.taskPriority.values.indexOf(priority);
}

/** When a task is due when its creator names no time: creation plus taskDueHours of its priority. */
export function defaultDue(createdAt: Date, priority: TaskPriority): Date {
  return new Date(createdAt.getTime() + tasksConstants.taskDueHours[priority] * 3_600_000);
}

export function isOverdue(task: { status: TaskStatus; dueAt: string | Date | null }, now: Date): boolean {
  if (!task.dueAt || isResolved(task.status)) return false;
  return new Date(task.dueAt).getTime() < now.getTime();
}

/** How long a task has been in its stage (the stage's own clock), in whole minutes. */
export function minutesInStage(stageSince: string | Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(stageSince).getTime()) / 60_000));
}

/** Queue order: unresolved first, then highest priority, then earliest due, then oldest. */
export function compareTasks(
  a: { status: TaskStatus; priority: TaskPriority; dueAt: string | null; createdAt: string },
  b: { status: TaskStatus; priority: TaskPriority; dueAt: string | null; createdAt: string },
): number {
  const resolved = Number(isResolved(a.status)) - Number(isResolved(b.status));
  if (resolved) return resolved;
  const rank = priorityRank(b.priority) - priorityRank(a.priority);
  if (rank) return rank;
  const due = (a.dueAt ? Date.parse(a.dueAt) : Infinity) - (b.dueAt ? Date.parse(b.dueAt) : Infinity);
  if (due && !Number.isNaN(due)) return due;
  return Date.parse(a.createdAt) - Date.parse(b.createdAt);
}
