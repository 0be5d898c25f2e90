/**
 * Red alerts for sessions about to happen without the consent: a booked session
 * starting within consentAlertHours whose first patient has not signed the booking consent (for this
 * session, or one without a session) raises one red_alert task for the session. A job of the job
 * engine (hourly); the alert names the session, so support opens its story and calls the patient.
 */
import type { FastifyInstance } from 'fastify';
import { all, appointmentStart, qb, sql } from '../db/typed';
import { constants } from '@/generated/constants';
import { taskText } from '@/domain/task-text';
import type { JobDefinition } from '../jobs/registry';
import { createTask, systemRequest } from '../tasks/service';

/** Raises the missing red alerts; answers how many it raised. */
export async function raiseConsentAlerts(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const until = new Date(now.getTime() + constants.consentAlertHours * 3_600_000);
  const startOf = appointmentStart();
  const rows = await all(
    app.database,
    qb
      .selectFrom('appointments as a')
      .innerJoin('appointment_patients as ap', (j) => j.onRef('ap.appointment_id', '=', 'a.id').on('ap.position', '=', 0))
      .select(['a.id', 'ap.patient_id', startOf.as('start_at'), 'a.time_zone'])
      .where('a.status', '=', 'booked')
      .where(startOf, '>', now)
      .where(startOf, '<=', until)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('consents as c')
              .select('c.id')
              .whereRef('c.patient_id', '=', 'ap.patient_id')
              .where('c.consent_type', '=', 'bookAppointmentConsent')
              .where('c.signed_at', 'is not', null)
              .where((w) => w.or([w('c.appointment_id', 'is', null), w('c.appointment_id', '=', w.ref('a.id'))])),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('tasks as t')
              .select('t.id')
              .where('t.kind', '=', 'red_alert')
              .where('t.subject_type', '=', 'appointment')
              .where('t.subject_id', '=', eb.cast<string>('a.id', 'text'))
              .where(sql<string>`t.details->>'source'`, '=', 'consent'),
          ),
        ),
      )
      .orderBy(startOf),
  );
  const request = systemRequest(app);
  for (const r of rows) {
    await createTask(request, {
      kind: 'red_alert',
      subject: { type: 'appointment', id: r.id },
      patientId: r.patient_id,
      priority: 'urgent',
      reason: taskText('task.redAlert.consentMissing', {
        hours: constants.consentAlertHours,
        when: { sessionTime: new Date(r.start_at).toISOString(), zone: r.time_zone },
      }),
      dueAt: new Date(r.start_at),
      details: { source: 'consent' },
    });
  }
  return rows.length;
}

export const consentAlertJob: JobDefinition = {
  name: 'consent-red-alerts',
  cron: '5 * * * *',
  run: async (app) => {
    await raiseConsentAlerts(app);
  },
};
