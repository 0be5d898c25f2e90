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
import type { NotNull } from 'kysely';
import { all, appointmentStart, first, qb, run, sql } from '../db/typed';
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

/** Queues the reminders due now; answers how many were queued. */
export async function sweepReminders(app: FastifyInstance): Promise<number> {
  const now = app.clock.now();
  const horizon = new Date(now.getTime() + Math.max(...constants.reminderOffsetsMinutes) * 60_000);
  const startOf = appointmentStart();
  const candidates = await all(
    app.database,
    qb
      .selectFrom('appointments as a')
      .leftJoin('reminder_preferences as rp', 'rp.user_id', 'a.user_id')
      .select((eb) => [
        'a.id',
        startOf.as('start_at'),
        sql<Date>`CASE WHEN a.rescheduled_from IS NULL THEN a.created_at ELSE a.updated_at END`.as('scheduled_at'),
        sql<boolean>`coalesce(rp.email, true)`.as('email_on'),
        sql<boolean>`coalesce(rp.sms, false)`.as('sms_on'),
        eb
          .selectFrom('patients as p')
          .select('p.phone_number')
          .whereRef('p.user_id', '=', 'a.user_id')
          .where('p.relationship', '=', 'Self')
          .where('p.phone_number_valid', 'is not', sql<boolean>`FALSE`)
          .limit(1)
          .as('mobile'),
      ])
      .where('a.status', '=', 'booked')
      .where(startOf, '>', sql<Date>`${now.toISOString()}::timestamptz`)
      .where(startOf, '<=', sql<Date>`${horizon.toISOString()}::timestamptz`),
  );
  let queued = 0;
  for (const c of candidates) {
    const start = new Date(c.start_at);
    const offset = dueReminderOffset({ start, scheduledAt: new Date(c.scheduled_at), now });
    if (offset === undefined) continue;
    for (const channel of reminderChannels({ email: c.email_on, sms: c.sms_on && !app.sms.off, hasMobile: Boolean(c.mobile) })) {
      const sent = await first(
        app.database,
        qb
          .selectFrom('reminders_sent')
          .select(sql.lit(1).as('one'))
          .where('appointment_id', '=', c.id)
          .where('offset_minutes', '=', offset)
          .where('channel', '=', channel)
          .where('session_start', '=', start),
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
  const current = await first(
    db,
    qb
      .selectFrom('appointments')
      .select(['status', appointmentStart('appointments').as('start_at'), 'user_id', 'time_zone'])
      .where('id', '=', data.appointmentId),
  );
  // Cancelled since, or moved to another time (the sweep queues the new time's reminders).
  if (!current || current.status !== 'booked' || new Date(current.start_at).getTime() !== new Date(data.start).getTime()) return false;
  const now = app.clock.now();
  if (now >= new Date(data.start)) return false;
  // The row first: of two workers, only the one that records it sends.
  const claimed = await first(
    db,
    qb
      .insertInto('reminders_sent')
      .values({
        appointment_id: data.appointmentId,
        offset_minutes: data.offsetMinutes,
        channel: data.channel,
        session_start: data.start,
        sent_at: now.toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('appointment_id'),
  );
  if (!claimed) return false;
  if (data.channel === 'email') {
    // The mail itself is a job of its own (queued here, in this database): it is delivered and retried by the mail queue.
    return sendReminderMail(app, data.appointmentId, (userId, start, locale) => reminderLinks(app, data.appointmentId, userId, start, locale));
  }
  const phone = await first(
    db,
    qb
      .selectFrom('patients')
      .select('phone_number')
      .where('user_id', '=', current.user_id)
      .where('relationship', '=', 'Self')
      .where('phone_number', 'is not', null)
      .limit(1)
      .$narrowType<{ phone_number: NotNull }>(),
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
    await run(
      db,
      qb
        .deleteFrom('reminders_sent')
        .where('appointment_id', '=', data.appointmentId)
        .where('offset_minutes', '=', data.offsetMinutes)
        .where('channel', '=', data.channel)
        .where('session_start', '=', new Date(data.start)),
    );
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
