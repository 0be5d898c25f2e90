/**
 * Session reminders on the job engine. The sweep (cron reminderSweepCron, and at once
 * when a test moves the clock) reads the app's clock, finds for each booked session the reminder that is
 * due (src/domain/reminders.ts) and queues one `appointment-reminder` job per session, offset, channel and
 * start (pg-boss singletonKey: a second sweep, on another worker or after a restart, queues nothing new).
 * The job records the reminder in reminders_sent before it sends: of two workers that run the same
 * reminder, only the one whose insert wins sends. A cancelled session is skipped and a moved one is a
 * new start, so cancelling removes reminders and rescheduling moves them.
 */
import type { FastifyInstance } from 'fastify';
import { constants } from '@/generated/constants';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatWhen } from '@/domain/date-format';
import { dueReminderOffset, reminderChannels } from '@/domain/reminders';
import type { JobDefinition } from '../jobs/registry';
import { sendReminderMail } from '../booking/mails';
import { reminderLinks } from './links';
import { lookupPhone } from '../notifications/routes';
import { accountLocale, writeFor } from '../locale';
import { siteUrl } from '../site-url';

export const REMINDER_QUEUE = 'appointment-reminder';

export interface ReminderJobData {
  appointmentId: string;
  offsetMinutes: number;
  channel: 'email' | 'sms';
  /** the session's start the reminder is for (ISO); a session moved since is not reminded of its old time */
  start: string;
}

interface Candidate {
  id: string;
  start_at: Date;
  scheduled_at: Date;
  email_on: boolean;
  sms_on: boolean;
  mobile: string | null;
}

/** Queues the reminders due now; answers how many were queued. */
export async function sweepReminders(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const horizon = new Date(now.getTime() + Math.max(...constants.reminderOffsetsMinutes) * 60_000);
  const candidates = await app.database.query<Candidate>(
    `SELECT a.id, lower(a.during) AS start_at,
            CASE WHEN a.rescheduled_from IS NULL THEN a.created_at ELSE a.updated_at END AS scheduled_at,
            coalesce(rp.email, true) AS email_on, coalesce(rp.sms, false) AS sms_on,
            (SELECT p.phone_number FROM patients p WHERE p.user_id = a.user_id AND p.relationship = 'Self' AND p.phone_number_valid IS NOT FALSE LIMIT 1) AS mobile
       FROM appointments a LEFT JOIN reminder_preferences rp ON rp.user_id = a.user_id
      WHERE a.status = 'booked' AND lower(a.during) > $1::timestamptz AND lower(a.during) <= $2::timestamptz`,
    [now.toISOString(), horizon.toISOString()],
  );
  let queued = 0;
  for (const c of candidates) {
    const start = new Date(c.start_at);
    const offset = dueReminderOffset({ start, scheduledAt: new Date(c.scheduled_at), now });
    if (offset === undefined) continue;
    for (const channel of reminderChannels({ email: c.email_on, sms: c.sms_on && !app.sms.off, hasMobile: Boolean(c.mobile) })) {
      const [sent] = await app.database.query(
        'SELECT 1 FROM reminders_sent WHERE appointment_id = $1 AND offset_minutes = $2 AND channel = $3 AND session_start = $4',
        [c.id, offset, channel, start.toISOString()],
      );
      if (sent) continue;
      const data: ReminderJobData = { appointmentId: c.id, offsetMinutes: offset, channel, start: start.toISOString() };
      const id = await app.jobs.send(REMINDER_QUEUE, data, { singletonKey: `${c.id}:${offset}:${channel}:${start.toISOString()}` });
      if (id) queued += 1;
    }
  }
  return queued;
}

/** Sends one reminder, once; answers whether this call sent it. */
export async function sendReminder(app: FastifyInstance, data: ReminderJobData): Promise<boolean> {
  const db = app.database;
  const [current] = await db.query<{ status: string; start_at: Date; user_id: string; time_zone: string }>(
    'SELECT status, lower(during) AS start_at, user_id, time_zone FROM appointments WHERE id = $1',
    [data.appointmentId],
  );
  // Cancelled since, or moved to another time (the sweep queues the new time's reminders).
  if (!current || current.status !== 'booked' || new Date(current.start_at).getTime() !== new Date(data.start).getTime()) return false;
  const now = app.clock.now();
  if (now >= new Date(data.start)) return false;
  // The row first: of two workers, only the one that records it sends.
  const [claimed] = await db.query(
    `INSERT INTO reminders_sent (appointment_id, offset_minutes, channel, session_start, sent_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING RETURNING appointment_id`,
    [data.appointmentId, data.offsetMinutes, data.channel, data.start, now.toISOString()],
  );
  if (!claimed) return false;
  if (data.channel === 'email') {
    // The mail itself is a job of its own (queued here, in this database): it is delivered and retried by the mail queue.
    return sendReminderMail(app, data.appointmentId, (userId, start, locale) => reminderLinks(app, data.appointmentId, userId, start, locale));
  }
  const [phone] = await db.query<{ phone_number: string }>(
    "SELECT phone_number FROM patients WHERE user_id = $1 AND relationship = 'Self' AND phone_number IS NOT NULL LIMIT 1",
    [current.user_id],
  );
  if (!phone) return false;
  // No health information in a text: only the time and a link to the portal (no provider, no kind of care).
  // Written, like its mail, in the account's language, and its link opens the page in it.
  const text = writeFor(await accountLocale(db, current.user_id), (locale) =>
    message('sms.reminder', {
      when: formatWhen(data.start, current.time_zone),
      link: siteUrl(app, `${routeById.patientSessions.path}?session=${data.appointmentId}`, locale),
    }),
  );
  try {
    await app.sms.send(lookupPhone(phone.phone_number).e164 ?? phone.phone_number, text);
  } catch (error) {
    // Not sent: give the claim back, so the job's next try sends it.
    await db.query('DELETE FROM reminders_sent WHERE appointment_id = $1 AND offset_minutes = $2 AND channel = $3 AND session_start = $4', [
      data.appointmentId,
      data.offsetMinutes,
      data.channel,
      data.start,
    ]);
    throw error;
  }
  return true;
}

export const reminderSweepJob: JobDefinition = {
  name: 'reminder-sweep',
  cron: constants.reminderSweepCron,
  run: async (app) => {
    await sweepReminders(app);
  },
};

export const appointmentReminderJob: JobDefinition<ReminderJobData> = {
  name: REMINDER_QUEUE,
  // One job per session, offset, channel and start, however many sweeps see it due.
  policy: 'exclusive',
  run: async (app, data) => {
    await sendReminder(app, data);
  },
  // Which session, offset and channel: no address, no text.
  describe: (data) => ({ appointmentId: data.appointmentId, offsetMinutes: String(data.offsetMinutes), channel: data.channel }),
};
