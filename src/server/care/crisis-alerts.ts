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
import { all, appointmentEnd, appointmentStart, first, qb, run, sql } from '../db/typed';
import { createTask } from '../tasks/service';
import type { Task } from '../tasks/repository';

/** The providers a clinical alert about this patient goes to: those of their upcoming booked sessions, or else of their latest one. */
export async function providersToTell(tx: Queryable, patientId: string, now: Date): Promise<string[]> {
  const rows = await all(
    tx,
    qb
      .with('mine', (w) =>
        w
          .selectFrom('appointments as a')
          .innerJoin('appointment_patients as ap', 'ap.appointment_id', 'a.id')
          .select(['a.provider_id', appointmentStart().as('start_at'), sql<boolean>`${appointmentEnd()} > ${now.toISOString()}::timestamptz`.as('upcoming')])
          .where('ap.patient_id', '=', patientId)
          .where('a.status', '=', 'booked'),
      )
      .selectFrom('mine')
      .distinct()
      .select('provider_id')
      .where((eb) => eb.ref('upcoming'))
      .union((eb) =>
        eb
          .selectFrom(eb.selectFrom('mine').select('provider_id').orderBy('start_at', 'desc').limit(1).as('latest'))
          .select('latest.provider_id')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('mine')
                  .select(sql`1`.as('one'))
                  .where((m) => m.ref('upcoming')),
              ),
            ),
          ),
      ),
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
    await run(tx, qb.selectNoFrom(sql`pg_advisory_xact_lock(hashtext(${`crisis:${key}`}))`.as('locked')));
    const raised = await first(
      tx,
      qb
        .selectFrom('tasks')
        .select(sql`1`.as('one'))
        .where('kind', '=', 'red_alert')
        .where('patient_id', '=', crisis.patientId)
        .where(sql<string>`details->>'crisisKey'`, '=', key)
        .limit(1),
    );
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
