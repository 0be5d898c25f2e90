/**
 * A red alert for a session whose e-mail (confirmation, reschedule, cancellation) never arrived: the
 * booking was committed but the patient was not told ("bookings whose ... confirmation
 * mail failed after commit"). Raised by the mail job once its tries are spent; one per mail. The
 * reason names the mail and the session's time, not the patient's health.
 */
import type { FastifyInstance } from 'fastify';
import { message } from '@/domain/messages';
import { mailNameKey } from '@/domain/mail-name';
import { taskText } from '@/domain/task-text';
import { createTask, resolveTask, systemRequest } from '../tasks/service';
import { attachmentsOf, MAIL_QUEUE, type MailJobData } from '../jobs/mail-job';
import { recordMailTry } from './session-mails';

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
  const mailKey = mailNameKey(row.template);
  await createTask(systemRequest(app), {
    kind: 'red_alert',
    subject: { type: 'appointment', id: row.appointment_id },
    patientId: row.patient_id,
    priority: 'urgent',
    reason: taskText('task.redAlert.mailFailed', {
      mail: mailKey ? { message: mailKey } : row.template,
      when: { sessionTime: new Date(row.start_at).toISOString(), zone: row.time_zone },
    }),
    dueAt: new Date(row.start_at),
    details: { source: 'mail', mailId: sessionMailId },
  });
  return true;
}

/** A red alert of a session mail that is still open, if any. */
async function openMailAlert(app: FastifyInstance, sessionMailId: string) {
  const [open] = await app.database.query<{ id: string; version: number }>(
    `SELECT id, version FROM tasks WHERE kind = 'red_alert' AND details->>'source' = 'mail' AND details->>'mailId' = $1
        AND status IN ('open', 'in_progress', 'on_hold') LIMIT 1`,
    [sessionMailId],
  );
  return open;
}

/**
 * The mail was delivered after all (another round of tries from the dead-letter list): its red alert,
 * if still open, is resolved with a note saying so, so nobody calls a patient who was told.
 */
export async function resolveMailAlertOnDelivery(app: FastifyInstance, sessionMailId: string): Promise<void> {
  const open = await openMailAlert(app, sessionMailId);
  if (open) await resolveTask(systemRequest(app), open.id, open.version, 'completed', taskText('task.redAlert.mailResent'));
}

/**
 * A person sends a session mail that never arrived once more, now, from its red alert: the same mail
 * (the dead-lettered job's words and calendar file) through the same transport. Delivered: the try is
 * recorded, the dead letter leaves the list and the caller resolves the alert. Refused: the mail
 * server's answer, and everything stays as it was.
 */
export async function resendFailedSessionMail(app: FastifyInstance, sessionMailId: string): Promise<{ delivered: boolean; answer: string } | undefined> {
  const [letter] = await app.jobs.deadLettersOf<MailJobData>(MAIL_QUEUE, (data) => data.sessionMailId === sessionMailId);
  if (!letter) return undefined;
  const { template, to, params } = letter.data;
  try {
    await app.mailTransport.deliver(template, to, params, attachmentsOf(letter.data));
  } catch (err) {
    const answer = err instanceof Error ? err.message : String(err);
    await recordMailTry(app.database, sessionMailId, { error: answer });
    return { delivered: false, answer };
  }
  await recordMailTry(app.database, sessionMailId, { deliveredAt: app.clock.now() });
  await app.jobs.removeDeadLetter(letter.id);
  return { delivered: true, answer: message('task.redAlert.mailResent') };
}
