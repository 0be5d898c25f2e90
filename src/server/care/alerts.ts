/**
 * Urgent clinical alerts: the clinical_alert tasks a PHQ-9 raises for the provider
 * of the patient's sessions (src/server/care/measures.ts). The clinician reads the open ones with the
 * client (the urgent flag of the MBC dashboard and the client page) and closes one with a note
 * through the one task model (resolveTask: versioned, task event and audit row). Only an alert raised
 * for the caller's provider about one of their own clients (reachClient) is reached; any other is
 * NOT_FOUND and nothing changes.
 */
import type { FastifyRequest } from 'fastify';
import type { CareAlert } from '@/generated/entities';
import type { TaskStatus } from '@/generated/enums';
import { listTasks } from '../tasks/repository';
import { resolveTask } from '../tasks/service';
import type { Queryable } from '../db/connection';
import { first, qb } from '../db/typed';
import { AppError } from '../errors';
import { isUuid } from '@/domain/ids';
import { taskReason } from '@/domain/task-text';
import { reachClient } from './clients';

const OPEN = ['open', 'in_progress', 'on_hold'] as const;

/** The open clinical alerts of the provider about these patients, by patient, most urgent first. */
export async function openAlertsOf(db: Queryable, providerId: string, patientIds: readonly string[]): Promise<Map<string, CareAlert[]>> {
  const byPatient = new Map<string, CareAlert[]>();
  if (!patientIds.length) return byPatient;
  const tasks = await listTasks(db, { kinds: ['clinical_alert'], statuses: OPEN, providerId, limit: 1000 });
  const wanted = new Set(patientIds);
  for (const t of tasks) {
    if (!t.patientId || !wanted.has(t.patientId)) continue;
    const list = byPatient.get(t.patientId) ?? [];
    list.push({ id: t.id, version: t.version, priority: t.priority, reason: taskReason(t), createdAt: t.createdAt });
    byPatient.set(t.patientId, list);
  }
  return byPatient;
}

/** Resolves (completes) one of the provider's clinical alerts about one of their clients, with the clinician's note. */
export async function resolveClientAlert(
  request: FastifyRequest,
  providerId: string,
  id: string,
  version: number,
  note: string,
): Promise<{ status: TaskStatus; version: number }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  request.auditTarget = { type: 'task', id };
  const alert = await first(
    request.server.database,
    qb.selectFrom('tasks').select('patient_id').where('id', '=', id).where('kind', '=', 'clinical_alert').where('provider_id', '=', providerId),
  );
  if (!alert?.patient_id) throw new AppError('NOT_FOUND');
  await reachClient(request, providerId, alert.patient_id, 'resolveCareAlert');
  request.auditTarget = { type: 'task', id };
  const task = await resolveTask(request, id, version, 'completed', note);
  return { status: task.status, version: task.version };
}
