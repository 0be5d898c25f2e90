/**
 * One crisis rule for check-ins, intake and booking: when a person answers PHQ-9 item 9
 * above 0 or writes crisis words (src/domain/crisis.ts), they see crisis resources first, and here, in the
 * caller's transaction, the clinician of each of their upcoming sessions (or of the latest one) gets a stat
 * clinical alert and support a stat red alert to call them today. The reasons name what happened, never
 * the answers or the words written.
 */
import type { FastifyRequest } from 'fastify';
import { taskText, type TaskText } from '@/domain/task-text';
import type { Queryable } from '../db/connection';
import { createTask } from '../tasks/service';
import type { Task } from '../tasks/repository';

/** The providers a clinical alert about this patient goes to: those of their upcoming booked sessions, or else of their latest one. */
export async function providersToTell(tx: Queryable, patientId: string, now: Date): Promise<string[]> {
  const rows = await tx.query<{ provider_id: string }>(
    `WITH mine AS (
       SELECT a.provider_id, lower(a.during) AS start_at, upper(a.during) > $2::timestamptz AS upcoming
         FROM appointments a JOIN appointment_patients ap ON ap.appointment_id = a.id
        WHERE ap.patient_id = $1 AND a.status = 'booked')
     SELECT DISTINCT provider_id FROM mine WHERE upcoming
     UNION
     SELECT provider_id FROM (SELECT provider_id FROM mine ORDER BY start_at DESC LIMIT 1) latest WHERE NOT EXISTS (SELECT 1 FROM mine WHERE upcoming)`,
    [patientId, now.toISOString()],
  );
  return rows.map((r) => r.provider_id);
}

export type CrisisCause = 'checkInItemNine' | 'intakeItemNine' | 'intakeWords' | 'bookingWords';

const reasons: Record<CrisisCause, { clinician: TaskText; support: TaskText; source: string }> = {
  checkInItemNine: { clinician: taskText('task.clinicalAlert.itemNine'), support: taskText('task.redAlert.checkInCrisis'), source: 'check_in' },
  intakeItemNine: { clinician: taskText('task.clinicalAlert.itemNine'), support: taskText('task.redAlert.intakeCrisis'), source: 'intake' },
  intakeWords: { clinician: taskText('task.clinicalAlert.crisisWords'), support: taskText('task.redAlert.intakeCrisisWords'), source: 'intake' },
  bookingWords: { clinician: taskText('task.clinicalAlert.bookingWords'), support: taskText('task.redAlert.bookingCrisisWords'), source: 'booking' },
};

export async function raiseCrisisAlerts(
  request: FastifyRequest,
  tx: Queryable,
  crisis: { patientId: string; subject: { type: string; id: string }; cause: CrisisCause; details?: Task['details']; crisisKey?: string },
): Promise<boolean> {
  const now = request.server.clock.now();
  const { clinician, support, source } = reasons[crisis.cause];
  // One crisis, one set of alerts: the crisis screen raises them with its key as it shows, and sending the answers with
  // the same key raises nothing again (the key's turn is taken first, so two calls at once cannot both raise).
  const key = crisis.crisisKey;
  if (key) {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`crisis:${key}`]);
    const [raised] = await tx.query(`SELECT 1 FROM tasks WHERE kind = 'red_alert' AND patient_id = $1 AND details->>'crisisKey' = $2 LIMIT 1`, [
      crisis.patientId,
      key,
    ]);
    if (raised) return false;
  }
  for (const providerId of await providersToTell(tx, crisis.patientId, now)) {
    await createTask(
      request,
      {
        kind: 'clinical_alert',
        subject: crisis.subject,
        patientId: crisis.patientId,
        providerId,
        priority: 'stat',
        reason: clinician,
        details: crisis.details,
      },
      tx,
    );
  }
  await createTask(
    request,
    {
      kind: 'red_alert',
      subject: crisis.subject,
      patientId: crisis.patientId,
      priority: 'stat',
      reason: support,
      dueAt: now,
      details: { source, ...(key ? { crisisKey: key } : {}) },
    },
    tx,
  );
  return true;
}

/** The crisis screen showing (POST /patients/{id}/crisis-alerts): the alerts at once, once per key, in their own transaction. */
export async function raiseOnCrisisScreen(
  request: FastifyRequest,
  patientId: string,
  body: { cause: 'checkInItemNine' | 'intakeItemNine' | 'intakeWords'; crisisKey: string },
): Promise<{ raised: boolean }> {
  const raised = await request.server.database.transaction((tx) =>
    raiseCrisisAlerts(request, tx, { patientId, subject: { type: 'patient', id: patientId }, cause: body.cause, crisisKey: body.crisisKey }),
  );
  return { raised };
}
