/**
 * When session reminders go out (offsets in specs/constants/reminders.yaml). Send times
 * are instants: the session's UTC start minus the offset, so "24 hours before" is 24 real hours whatever
 * the clocks do in between. The text states the session's start in the recipient's zone, worked out
 * from the instant when the reminder is written (src/domain/date-format.ts), so a clock change between
 * booking and session keeps the local time right.
 */
import * as remindersConstants from '../generated/constants/reminders';

const MINUTE = 60_000;

/** The instant the reminder `offsetMinutes` before a session starting at `start` is due. */
export function reminderSendAt(start: Date, offsetMinutes: number): Date {
  return new Date(start.getTime() - offsetMinutes * MINUTE);
}

export interface ReminderTiming {
  /** the session's start (UTC instant) */
  start: Date;
  /** when the session got this start: booked, or last moved; a reminder due before then is not sent late */
  scheduledAt: Date;
  now: Date;
  offsetsMinutes?: readonly number[];
}

/**
 * The reminder that is due now, if any: of the offsets whose send time has come while the session is
 * still ahead, the nearest to the session (a worker that was down does not send a stale 24-hour reminder
 * beside the 2-hour one). Offsets due before the session was booked or moved are never sent.
 */
export function dueReminderOffset(t: ReminderTiming): number | undefined {
  if (t.now.getTime() >= t.start.getTime()) return undefined;
  const due = (t.offsetsMinutes ?? remindersConstants.reminderOffsetsMinutes)
    .filter((offset) => offset > 0)
    .filter((offset) => {
      const at = reminderSendAt(t.start, offset).getTime();
      return at <= t.now.getTime() && at > t.scheduledAt.getTime();
    });
  return due.length ? Math.min(...due) : undefined;
}

/** Until when a reminder link works: its lifetime from sending, and never past the session's start. */
export function reminderLinkExpiry(sentAt: Date, start: Date, ttlHours: number = remindersConstants.reminderLinkTtlHours): Date {
  return new Date(Math.min(sentAt.getTime() + ttlHours * 60 * MINUTE, start.getTime()));
}

/** The reminders a patient gets: e-mail unless stopped, text only when chosen and a mobile number is on file. */
export function reminderChannels(p: { email: boolean; sms: boolean; hasMobile: boolean }): ('email' | 'sms')[] {
  return [...(p.email ? (['email'] as const) : []), ...(p.sms && p.hasMobile ? (['sms'] as const) : [])];
}
