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
import { appointmentStart, first, qb, sql } from '../db/typed';
import { recordMailTry } from './session-mails';

export async function raiseMailRedAlert(app: FastifyInstance, sessionMailId: string): Promise<boolean> {
  const row = await first(
    app.database,
    qb
      .selectFrom('appointment_mails as m')
      .innerJoin('appointments as a', 'a.id', 'm.appointment_id')
      .innerJoin('providers as pr', 'pr.id', 'a.provider_id')
      .leftJoin('appointment_patients as ap', (join) => join.onRef('ap.appointment_id', '=', 'a.id').on('ap.position', '=', 0))
      .select([
        'm.appointment_id',
        'm.template',
        'ap.patient_id',
        appointmentStart().as('start_at'),
        sql<string>`coalesce(a.time_zone, pr.time_zone)`.as('time_zone'),
      ])
      .where('m.id', '=', sessionMailId)
      .where('m.delivered_at', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('tasks as t')
              .select(sql.lit(1).as('one'))
              .where('t.kind', '=', 'red_alert')
              .where(sql<boolean>`t.details->>'mailId' = m.id::text`),
          ),
        ),
      ),
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
  const open = await first(
    app.database,
    qb
      .selectFrom('tasks')
      .select(['id', 'version'])
      .where('kind', '=', 'red_alert')
      .where(sql<string>`details->>'source'`, '=', 'mail')
      .where(sql<string>`details->>'mailId'`, '=', sessionMailId)
      .where('status', 'in', ['open', 'in_progress', 'on_hold'])
      .limit(1),
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
