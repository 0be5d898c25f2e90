/**
 * Red alerts for sessions about to happen without the consent (issue 16 item 3): a booked session
 * starting within consentAlertHours whose first patient has not signed the booking consent (for this
 * session, or one without a session) raises one red_alert task for the session. A job of the job
 * engine (hourly); the alert names the session, so support opens its story and calls the patient.
 */
import type { FastifyInstance } from 'fastify';
import { constants } from '@/generated/constants';
import { taskText } from '@/domain/task-text';
import type { JobDefinition } from '../jobs/registry';
import { createTask, systemRequest } from '../tasks/service';

/** Raises the missing red alerts; answers how many it raised. */
export async function raiseConsentAlerts(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const until = new Date(now.getTime() + constants.consentAlertHours * 3_600_000);
  const rows = await app.database.query<{ id: string; patient_id: string; start_at: Date; time_zone: string }>(
    `SELECT a.id, ap.patient_id, lower(a.during) AS start_at, a.time_zone
       FROM appointments a JOIN appointment_patients ap ON ap.appointment_id = a.id AND ap.position = 0
      WHERE a.status = 'booked' AND lower(a.during) > $1 AND lower(a.during) <= $2
        AND NOT EXISTS (SELECT 1 FROM consents c WHERE c.patient_id = ap.patient_id AND c.consent_type = 'bookAppointmentConsent'
                          AND c.signed_at IS NOT NULL AND (c.appointment_id IS NULL OR c.appointment_id = a.id))
        AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.kind = 'red_alert' AND t.subject_type = 'appointment' AND t.subject_id = a.id::text
                          AND t.details->>'source' = 'consent')
      ORDER BY lower(a.during)`,
    [now, until],
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
