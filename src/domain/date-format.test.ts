import {
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatDay,
  formatLongDay,
  formatSessionTime,
  formatTime,
  formatTimeForReader,
  formatWhen,
  isTimeZone,
  weekdayName,
  zoneAbbreviation,
  zoneChoices,
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

  it('names a zone in the reader’s language, never an English name on a Spanish page', () => {
    const winter = new Date('2026-12-01T12:00:00Z');
    expect(zoneLabel('America/Los_Angeles', winter, 'en')).toBe('Pacific Standard Time');
    expect(zoneLabel('America/Los_Angeles', winter, 'es')).toMatch(/^hora estándar del Pacífico$/i);
    expect(zoneLabel('America/Denver', winter, 'es')).not.toMatch(/Mountain|Standard Time/);
  });

  it('knows an IANA zone from anything else', () => {
    expect(['America/Denver', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+5'].every(isTimeZone)).toBe(true);
    expect(['Mars/Olympus_Mons', '+05:00', 'America/Denver; DROP', '', 'a'.repeat(65)].some(isTimeZone)).toBe(false);
  });

  it('offers the spec’s zones and the person’s own, each named once in their language', () => {
    const winter = new Date('2026-12-01T12:00:00Z');
    const english = zoneChoices(['America/Boise', 'America/Denver', 'Not/AZone'], winter, 'en');
    expect(english.map((c) => c.zone)).toContain('America/Boise');
    expect(english.map((c) => c.zone)).not.toContain('Not/AZone');
    expect(english.filter((c) => c.zone === 'America/Denver')).toHaveLength(1);
    expect(new Set(english.map((c) => c.label)).size).toBe(english.length);
    const spanish = zoneChoices([], winter, 'es');
    expect(new Set(spanish.map((c) => c.label)).size).toBe(spanish.length);
    expect(spanish.find((c) => c.zone === 'America/Phoenix')!.label).toMatch(/Montañas Rocosas.*\(Phoenix\)/);
  });

  it('shows the reader’s time, and the provider’s beside it when their zone differs', () => {
    // 16:00 UTC on 1 December: 9:00 AM in Denver, 10:00 AM in Chicago.
    expect(formatTimeForReader('2026-12-01T16:00:00Z', 'America/Denver', 'America/Chicago', 'Texas', 'en')).toBe(
      '9:00 AM MST your time (10:00 AM CST in Texas)',
    );
    expect(formatTimeForReader('2026-12-01T16:00:00Z', 'America/Chicago', 'America/Chicago', 'Texas', 'en')).toBe('10:00 AM CST');
    expect(formatTimeForReader('2026-12-01T16:00:00Z', 'America/Denver', 'America/Chicago', 'Texas', 'es')).toMatch(
      /^9:00 .* en su hora \(10:00 .* en Texas\)$/,
    );
  });

  it('takes another locale', () => {
    expect(formatLongDay('2026-11-24T20:00:00Z', 'America/New_York', 'es-US')).toMatch(/martes/);
  });
});
