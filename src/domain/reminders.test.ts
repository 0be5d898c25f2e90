import { dueReminderOffset, reminderChannels, reminderLinkExpiry, reminderSendAt } from './reminders';
import { formatWhen } from './date-format';

const HOUR = 3_600_000;
const offsets = [1440, 120];

describe('reminderSendAt', () => {
  it('is the offset in real time before the session, whatever the local clocks do', () => {
    // 10:00 in New York on Monday 2 November 2026, the day after the clocks went back (EST, UTC-5).
    const start = new Date('2026-11-02T15:00:00Z');
    expect(reminderSendAt(start, 1440).toISOString()).toBe('2026-11-01T15:00:00.000Z');
    expect(reminderSendAt(start, 120).toISOString()).toBe('2026-11-02T13:00:00.000Z');
  });
});

describe('dueReminderOffset', () => {
  const start = new Date('2026-03-10T15:00:00Z');
  const bookedLongBefore = new Date('2026-02-01T00:00:00Z');

  it('sends nothing before the first send time', () => {
    expect(
      dueReminderOffset({ start, scheduledAt: bookedLongBefore, now: new Date(start.getTime() - 24 * HOUR - 1), offsetsMinutes: offsets }),
    ).toBeUndefined();
  });

  it('sends the 24-hour reminder from its send time on, and the 2-hour one from its own', () => {
    expect(dueReminderOffset({ start, scheduledAt: bookedLongBefore, now: new Date(start.getTime() - 24 * HOUR), offsetsMinutes: offsets })).toBe(1440);
    expect(dueReminderOffset({ start, scheduledAt: bookedLongBefore, now: new Date(start.getTime() - 3 * HOUR), offsetsMinutes: offsets })).toBe(1440);
    expect(dueReminderOffset({ start, scheduledAt: bookedLongBefore, now: new Date(start.getTime() - 2 * HOUR), offsetsMinutes: offsets })).toBe(120);
  });

  it('sends nothing once the session has started', () => {
    expect(dueReminderOffset({ start, scheduledAt: bookedLongBefore, now: start, offsetsMinutes: offsets })).toBeUndefined();
  });

  it('never sends late a reminder whose time passed before the session was booked or moved', () => {
    const bookedTwelveHoursBefore = new Date(start.getTime() - 12 * HOUR);
    expect(
      dueReminderOffset({ start, scheduledAt: bookedTwelveHoursBefore, now: new Date(start.getTime() - 11 * HOUR), offsetsMinutes: offsets }),
    ).toBeUndefined();
    expect(dueReminderOffset({ start, scheduledAt: bookedTwelveHoursBefore, now: new Date(start.getTime() - HOUR), offsetsMinutes: offsets })).toBe(120);
  });

  it('uses the offsets of specs by default (24 hours, then 2 hours)', () => {
    expect(dueReminderOffset({ start, scheduledAt: bookedLongBefore, now: new Date(start.getTime() - 23 * HOUR) })).toBe(1440);
    expect(dueReminderOffset({ start, scheduledAt: bookedLongBefore, now: new Date(start.getTime() - HOUR) })).toBe(120);
  });
});

describe('the reminder text across a clock change', () => {
  it('states the session at its local time and zone after the clocks go back (booked in EDT, session in EST)', () => {
    const start = new Date('2026-11-02T15:00:00Z');
    const bookedAt = new Date('2026-10-20T14:00:00Z');
    const sendAt = reminderSendAt(start, 1440);
    expect(dueReminderOffset({ start, scheduledAt: bookedAt, now: sendAt, offsetsMinutes: offsets })).toBe(1440);
    expect(formatWhen(start, 'America/New_York')).toBe('Monday, November 2, 2026 at 10:00 AM EST');
  });

  it('states the session at its local time and zone after the clocks go forward (booked in CST, session in CDT)', () => {
    // 9:30 in Chicago on Monday 9 March 2026, the day after the clocks went forward (CDT, UTC-5).
    const start = new Date('2026-03-09T14:30:00Z');
    expect(formatWhen(start, 'America/Chicago')).toBe('Monday, March 9, 2026 at 9:30 AM CDT');
    // The same instant read in another recipient's zone keeps its own local time and zone.
    expect(formatWhen(start, 'America/Los_Angeles')).toBe('Monday, March 9, 2026 at 7:30 AM PDT');
  });
});

describe('reminderLinkExpiry', () => {
  it('ends after its lifetime, or when the session starts if that comes first', () => {
    const sentAt = new Date('2026-03-08T15:00:00Z');
    expect(reminderLinkExpiry(sentAt, new Date('2026-03-20T15:00:00Z'), 48).toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(reminderLinkExpiry(sentAt, new Date('2026-03-09T15:00:00Z'), 48).toISOString()).toBe('2026-03-09T15:00:00.000Z');
  });
});

describe('reminderChannels', () => {
  it('mails unless stopped and texts only a chosen mobile number', () => {
    expect(reminderChannels({ email: true, sms: false, hasMobile: true })).toEqual(['email']);
    expect(reminderChannels({ email: true, sms: true, hasMobile: true })).toEqual(['email', 'sms']);
    expect(reminderChannels({ email: false, sms: true, hasMobile: false })).toEqual([]);
    expect(reminderChannels({ email: false, sms: false, hasMobile: true })).toEqual([]);
  });
});
