/**
 * A red alert for a session whose e-mail (confirmation, reschedule, cancellation) never arrived: the
 * booking was committed but the patient was not told (issue 16 item 3, "bookings whose ... confirmation
 * mail failed after commit"). Raised by the mail job once its tries are spent; one per mail. The
 * reason names the mail and the session's time, not the patient's health.
 */
import type { FastifyInstance } from 'fastify';
import { message } from '@/domain/messages';
import { formatSessionTime } from '@/domain/date-format';
import { mailName } from '@/domain/mail-name';
import { createTask, systemRequest } from '../tasks/service';

export async function raiseMailRedAlert(app: FastifyInstance, sessionMailId: string): Promise<boolean> {
  const [row] = await app.database.query<{ appointment_id: string; template: string; patient_id: string | null; start_at: Date; time_zone: string }>(
    `SELECT m.appointment_id, m.template, ap.patient_id, lower(a.during) AS start_at, coalesce(a.time_zone, pr.time_zone) AS time_zone
       FROM appointment_mails m JOIN appointments a ON a.id = m.appointment_id JOIN providers pr ON pr.id = a.provider_id
       LEFT JOIN appointment_patients ap ON ap.appointment_id = a.id AND ap.position = 0
      WHERE m.id = $1 AND m.delivered_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.kind = 'red_alert' AND t.details->>'mailId' = m.id::text)`,
    [sessionMailId],
  );
  if (!row || !row.template.startsWith('appointment-')) return false;
  await createTask(systemRequest(app), {
    kind: 'red_alert',
    subject: { type: 'appointment', id: row.appointment_id },
    patientId: row.patient_id,
    priority: 'urgent',
    reason: message('task.redAlert.mailFailed', {
      mail: mailName(row.template),
      when: formatSessionTime(new Date(row.start_at).toISOString(), row.time_zone),
    }),
    dueAt: new Date(row.start_at),
    details: { source: 'mail', mailId: sessionMailId },
  });
  return true;
}
