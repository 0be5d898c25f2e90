import { addDaysIso, addYears, ageOn, atWallMinute, formatUsDate, isIsoDate, isoFromUsTyped, isoInstant, isoInZone, todayIso, wallClockIn } from './dates';

describe('calendar dates', () => {
  it('recognises real ISO dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('02/03/2024')).toBe(false);
  });

  it('adds years, turning 29 February into 28 February in a common year', () => {
    expect(addYears('2024-02-29', -1)).toBe('2023-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
  });

  it('adds days across month and year ends', () => {
    expect(addDaysIso('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDaysIso('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDaysIso('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDaysIso('2026-03-08', 0)).toBe('2026-03-08');
    expect(addDaysIso('2026-01-01', 55)).toBe('2026-02-25');
    expect(addDaysIso('2026-11-01', 1)).toBe('2026-11-02'); // a daylight-saving change in the US: still one day
  });

  it('formats as MM/DD/YYYY', () => {
    expect(formatUsDate('2026-07-04')).toBe('07/04/2026');
  });

  it('counts whole years of age, the birthday itself included', () => {
    expect(ageOn('2008-11-22', '2026-11-22')).toBe(18);
    expect(ageOn('2008-11-23', '2026-11-22')).toBe(17);
  });

  it("gives today in the product's calendar zone, whatever the host's zone", () => {
    // 00:30 UTC on 24 November is still the evening of the 23rd in New York.
    expect(todayIso(new Date('2026-11-24T00:30:00Z'))).toBe('2026-11-23');
    expect(todayIso(new Date('2026-11-24T05:00:00Z'))).toBe('2026-11-24');
    expect(todayIso(new Date('2026-07-04T03:59:00Z'))).toBe('2026-07-03');
    expect(todayIso(new Date('2026-11-24T00:30:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-24');
  });
});

describe('dates typed as MM/DD/YYYY', () => {
  it('turns a real day into its ISO date and round-trips with formatUsDate', () => {
    expect(isoFromUsTyped('02/29/2024')).toBe('2024-02-29');
    expect(isoFromUsTyped(' 12/31/2026 ')).toBe('2026-12-31');
    expect(formatUsDate(isoFromUsTyped('01/05/2027'))).toBe('01/05/2027');
  });

  it('leaves what names no day as typed, for the date rule to refuse', () => {
    expect(isoFromUsTyped('02/29/2025')).toBe('02/29/2025');
    expect(isoFromUsTyped('13/01/2026')).toBe('13/01/2026');
    expect(isoFromUsTyped('1/5/2026')).toBe('1/5/2026');
    expect(isoFromUsTyped('12/31/26')).toBe('12/31/26');
    expect(isoFromUsTyped('')).toBe('');
  });
});

describe('strict ISO 8601 instants', () => {
  it('reads dates and timestamps with or without an offset, a date or bare time in UTC', () => {
    expect(isoInstant('2026-03-10')).toBe(Date.UTC(2026, 2, 10));
    expect(isoInstant('2026-03-10T15:00')).toBe(Date.UTC(2026, 2, 10, 15));
    expect(isoInstant('2026-03-10T15:00:00Z')).toBe(Date.UTC(2026, 2, 10, 15));
    expect(isoInstant('2026-03-10T15:00:00.250Z')).toBe(Date.UTC(2026, 2, 10, 15, 0, 0, 250));
    expect(isoInstant('2026-03-10T10:00:00-05:00')).toBe(Date.UTC(2026, 2, 10, 15));
    expect(isoInstant('2026-03-11T00:30:00+0530')).toBe(Date.UTC(2026, 2, 10, 19));
  });

  it('refuses other formats and impossible days or times', () => {
    for (const text of ['03/10/2026', '2026-02-30', '2026-3-10', '2026-03-10T24:00', '2026-03-10T10:60', '2026-03-10 10:00', '2026-03-10T10:00:00+25:00', ''])
      expect({ text, at: isoInstant(text) }).toEqual({ text, at: undefined });
  });
});

describe('wall-clock time in a zone', () => {
  const NEW_YORK = 'America/New_York';

  it('reads the date, weekday and minute a zone shows, whatever the host zone', () => {
    // 03:30 UTC on a Sunday is still Saturday evening in New York.
    expect(wallClockIn(new Date('2026-03-08T03:30:00Z'), NEW_YORK)).toEqual({ date: '2026-03-07', weekday: 6, minute: 22 * 60 + 30 });
    expect(wallClockIn(new Date('2026-03-08T05:00:00Z'), NEW_YORK)).toEqual({ date: '2026-03-08', weekday: 0, minute: 0 });
  });

  it('builds the instant a wall-clock minute names, on days of 23 and 25 hours', () => {
    expect(atWallMinute('2026-01-12', 9 * 60, NEW_YORK).toISOString()).toBe('2026-01-12T14:00:00.000Z');
    expect(atWallMinute('2026-03-08', 9 * 60, NEW_YORK).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(atWallMinute('2026-11-01', 9 * 60, NEW_YORK).toISOString()).toBe('2026-11-01T14:00:00.000Z');
    // Midnight that ends the day is the next day's.
    expect(atWallMinute('2026-01-12', 24 * 60, NEW_YORK).toISOString()).toBe('2026-01-13T05:00:00.000Z');
  });

  it('reads a skipped minute as the clock shows it (an hour later) and a repeated one as its first time', () => {
    expect(atWallMinute('2026-03-08', 2 * 60 + 30, NEW_YORK).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(atWallMinute('2026-11-01', 60 + 30, NEW_YORK).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('writes an instant with the offset its zone has then, either side of a clock change, and east of UTC', () => {
    expect(isoInZone(new Date('2027-03-14T06:59:59.123Z'), NEW_YORK)).toBe('2027-03-14T01:59:59.123-05:00');
    expect(isoInZone(new Date('2027-03-14T07:00:00Z'), NEW_YORK)).toBe('2027-03-14T03:00:00.000-04:00');
    expect(isoInZone(new Date('2026-11-24T00:30:00Z'), NEW_YORK)).toBe('2026-11-23T19:30:00.000-05:00');
    expect(isoInZone(new Date('2026-11-24T00:30:00Z'), 'Asia/Kolkata')).toBe('2026-11-24T06:00:00.000+05:30');
    expect(isoInZone(new Date('2026-11-24T00:30:00Z'), 'UTC')).toBe('2026-11-24T00:30:00.000+00:00');
    for (const at of ['2027-03-14T06:59:59.123Z', '2027-11-07T05:30:00Z', '2027-11-07T06:30:00Z']) {
      expect(isoInstant(isoInZone(new Date(at), NEW_YORK))).toBe(Date.parse(at));
    }
  });
});
