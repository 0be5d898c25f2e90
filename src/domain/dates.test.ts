import { addDaysIso, addYears, ageOn, formatUsDate, isIsoDate, isoFromUsTyped, todayIso } from './dates';

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
