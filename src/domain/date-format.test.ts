import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatDay,
  formatLongDay,
  formatSessionTime,
  formatTime,
  formatWhen,
  weekdayName,
  zoneAbbreviation,
  zoneLabel,
} from './date-format';

describe('dates and times as people read them', () => {
  it('writes a session in the zone it is read in, standard or daylight time', () => {
    expect(formatSessionTime('2026-11-24T20:00:00Z', 'America/New_York')).toBe('Tuesday, November 24, 3:00 PM EST');
    expect(formatSessionTime('2026-07-24T19:00:00Z', 'America/New_York')).toBe('Friday, July 24, 3:00 PM EDT');
    expect(formatSessionTime('2026-11-24T20:00:00Z', 'America/Phoenix')).toBe('Tuesday, November 24, 1:00 PM MST');
  });

  it('puts an instant on the day of its zone, not of the host', () => {
    expect(formatDay('2026-11-25T03:00:00Z', 'America/Los_Angeles')).toBe('Tue, Nov 24');
    expect(formatLongDay('2026-11-25T03:00:00Z', 'America/Los_Angeles')).toBe('Tuesday, November 24');
    expect(formatTime('2026-11-25T03:00:00Z', 'America/Los_Angeles')).toBe('7:00 PM');
    expect(formatDate('2026-11-25T03:00:00Z', 'America/New_York')).toBe('Nov 24, 2026');
  });

  it('writes a calendar date on its own day in every zone, in the language', () => {
    expect(formatCalendarDate('2026-11-26', 'en')).toBe('Nov 26, 2026');
    expect(formatCalendarDate('2026-11-26', 'es')).toBe('26 nov 2026');
    expect(formatCalendarDate('2027-01-01', 'en')).toBe('Jan 1, 2027');
  });

  it('writes one plain space before AM/PM, whatever the ICU version', () => {
    expect(formatTime('2026-11-25T03:00:00Z', 'UTC')).not.toMatch(/[\u202f\u00a0]/);
  });

  it('writes the times of e-mails and documents with the year and the zone', () => {
    expect(formatWhen('2026-03-09T13:00:00Z', 'America/New_York')).toBe('Monday, March 9, 2026 at 9:00 AM EDT');
    expect(formatWhen(new Date('2026-11-24T16:30:00Z'), 'America/Denver')).toBe('Tuesday, November 24, 2026 at 9:30 AM MST');
    expect(formatDateTime('2026-11-24T20:00:00Z', 'America/New_York')).toBe('Nov 24, 2026 3:00 PM EST');
  });

  it('names weekdays and zones', () => {
    expect([1, 7].map((d) => weekdayName(d))).toEqual(['Monday', 'Sunday']);
    expect(zoneAbbreviation('2026-07-01T12:00:00Z', 'America/Chicago')).toBe('CDT');
    expect(zoneLabel('America/New_York', new Date('2026-01-15T12:00:00Z'))).toMatch(/Eastern/);
  });

  it('takes another locale', () => {
    expect(formatLongDay('2026-11-24T20:00:00Z', 'America/New_York', 'es-US')).toMatch(/martes/);
  });
});
