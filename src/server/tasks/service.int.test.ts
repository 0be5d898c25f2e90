import { startTestApp, type TestApp } from '@tests/support/app';
import { auditRows } from '@tests/support/sessions';
import { taskText } from '@/domain/task-text';
import { AppError } from '../errors';
import { listTasks, taskHistory } from './repository';
import { claimTask, createTask, holdTask, moveTaskStage, releaseTask, requestActingAs, resolveTask, type ActingRequest } from './service';

let t: TestApp;
let sam: string;
let devon: string;
let patientId: string;

/** The part of a request the service reads: the caller, the app (database, clock) and the audit flags. */
function requestAs(userId: string): ActingRequest {
  return requestActingAs(t.app, { userId, groups: [] }, { ip: '127.0.0.1' });
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e.errorName;
    throw e;
  }
  return 'none';
}

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  const ids = await t.app.database.query<{ id: string; email: string }>(
    "SELECT id, email::text AS email FROM users WHERE email IN ('sam.okafor@example.com', 'devon.park@example.com')",
  );
  sam = ids.find((r) => r.email === 'sam.okafor@example.com')!.id;
  devon = ids.find((r) => r.email === 'devon.park@example.com')!.id;
  [{ id: patientId }] = (await t.app.database.query<{ id: string }>(
    "SELECT p.id FROM patients p JOIN users u ON u.id = p.user_id WHERE u.email = 'jordan.rivera@example.com' LIMIT 1",
  )) as [{ id: string }];
}, 180_000);
afterAll(async () => t?.close());

describe('the one task model', () => {
  it('creates an open task with its priority, due time, stage clock, first event and an audit row', async () => {
    const now = t.app.clock.now();
    const task = await createTask(requestAs(sam), {
      kind: 'front_desk',
      subject: { type: 'patient', id: patientId },
      patientId,
      reason: taskText('task.unansweredMessage.reason'),
      priority: 'urgent',
    });
    expect(task).toMatchObject({ status: 'open', ownerId: null, stage: 'new', priority: 'urgent', version: 1, createdBy: sam, patientId });
    expect(Date.parse(task.dueAt!) - Date.parse(task.createdAt)).toBe(24 * 3_600_000);
    expect(Math.abs(Date.parse(task.stageSince) - now.getTime())).toBeLessThan(60_000);
    expect(await taskHistory(t.app.database, task.id)).toMatchObject([{ action: 'create', toStatus: 'open', version: 1 }]);
    expect(await auditRows(t.app, "action = 'task.create' AND record_id = $1", [task.id])).toMatchObject([
      { record_type: 'task', outcome: 'success', actor_id: sam },
    ]);
  });

  it('of two people claiming with the same version, one wins and the other is told it is taken; nothing else changes', async () => {
    const task = await createTask(requestAs(sam), {
      kind: 'insurance_verification',
      subject: { type: 'patient', id: patientId },
      reason: taskText('task.insuranceVerification.reason', { outcome: { enum: 'insuranceOutcome', value: 'DENIED_DUE_TO_MEDICAID' } }),
    });
    const results = await Promise.allSettled([claimTask(requestAs(sam), task.id, 1), claimTask(requestAs(devon), task.id, 1)]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(['TASK_ALREADY_CLAIMED', 'TASK_VERSION_CONFLICT']).toContain((lost.reason as AppError).errorName);
    const [after] = await listTasks(t.app.database, { subject: { type: 'patient', id: patientId }, kinds: ['insurance_verification'] });
    expect(after).toMatchObject({ status: 'in_progress', version: 2 });
    expect(await taskHistory(t.app.database, task.id)).toHaveLength(2);
  });

  it('a stale version is refused even when the task is free again', async () => {
    const task = await createTask(requestAs(sam), {
      kind: 'front_desk',
      subject: { type: 'patient', id: patientId },
      reason: taskText('task.unansweredMessage.reason'),
    });
    await claimTask(requestAs(sam), task.id, 1);
    await releaseTask(requestAs(sam), task.id, 2);
    expect(await refusal(claimTask(requestAs(devon), task.id, 1))).toBe('TASK_VERSION_CONFLICT');
    expect((await claimTask(requestAs(devon), task.id, 3)).ownerId).toBe(devon);
  });

  it('the owner holds, moves the stage (its clock starts again) and resolves, always with a note; then it changes no more', async () => {
    const task = await createTask(requestAs(sam), {
      kind: 'red_alert',
      subject: { type: 'appointment', id: 'a-1' },
      reason: taskText('task.redAlert.providerRemoved', { reason: { enum: 'providerRemovalReason', value: 'Provider Deleted' } }),
      priority: 'stat',
    });
    const claimed = await claimTask(requestAs(sam), task.id, 1);
    expect(await refusal(holdTask(requestAs(devon), task.id, 2, true))).toBe('TASK_NOT_ALLOWED');
    const held = await holdTask(requestAs(sam), task.id, 2, true, 'Waiting for the patient');
    expect(held.status).toBe('on_hold');
    const resumed = await holdTask(requestAs(sam), task.id, 3, false);
    const moved = await moveTaskStage(requestAs(sam), task.id, 4, 'calling_patient');
    expect(moved.stage).toBe('calling_patient');
    expect(moved.stageSince >= claimed.stageSince).toBe(true);
    expect(resumed.status).toBe('in_progress');
    expect(await refusal(resolveTask(requestAs(sam), task.id, 5, 'completed', ' '))).toBe('TASK_NOTE_REQUIRED');
    expect(await refusal(resolveTask(requestAs(devon), task.id, 5, 'completed', 'mine now'))).toBe('TASK_ALREADY_CLAIMED');
    const done = await resolveTask(requestAs(sam), task.id, 5, 'completed', 'Rebooked with another provider');
    expect(done).toMatchObject({ status: 'completed', resolutionNote: 'Rebooked with another provider', version: 6 });
    expect(done.resolvedAt).not.toBeNull();
    expect(await refusal(claimTask(requestAs(devon), task.id, 6))).toBe('TASK_NOT_ALLOWED');
    expect((await taskHistory(t.app.database, task.id)).map((e) => e.action)).toEqual(['create', 'claim', 'hold', 'resume', 'stage', 'complete']);
    expect((await auditRows(t.app, "record_type = 'task' AND record_id = $1", [task.id])).map((r) => r.action)).toEqual([
      'task.create',
      'task.claim',
      'task.hold',
      'task.resume',
      'task.stage',
      'task.complete',
    ]);
  });

  it('an unknown or malformed task id is not found', async () => {
    expect(await refusal(claimTask(requestAs(sam), 'not-a-uuid', 1))).toBe('NOT_FOUND');
    expect(await refusal(claimTask(requestAs(sam), '00000000-0000-4000-8000-000000000000', 1))).toBe('NOT_FOUND');
  });

  it('the database refuses a resolved task without a note whatever the code path', async () => {
    const task = await createTask(requestAs(sam), {
      kind: 'front_desk',
      subject: { type: 'patient', id: patientId },
      reason: taskText('task.unansweredMessage.reason'),
    });
    await expect(t.app.database.query("UPDATE tasks SET status = 'completed', resolved_at = now() WHERE id = $1", [task.id])).rejects.toThrow();
  });
});
