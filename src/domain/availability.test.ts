import moment from 'moment-timezone';
import { availabilityProblems, generateSlots, localInstant, type WeeklyWindow } from './availability';

const zone = 'America/New_York';
const settings = { timeZone: zone, slotMinutes: 60, bufferMinutes: 0, minNoticeHours: 0 };
const monday = (start: string, end: string, extra: Partial<WeeklyWindow> = {}): WeeklyWindow => ({
  weekday: 1,
  start,
  end,
  mode: 'online',
  practiceId: 'p',
  medication: false,
  ...extra,
});
const local = (d: Date, z = zone) => moment.tz(d, z).format('ddd YYYY-MM-DD HH:mm');

describe('generateSlots', () => {
  it('cuts each weekly window into slots of the session length with the buffer between them', () => {
    const slots = generateSlots({
      settings: { ...settings, slotMinutes: 50, bufferMinutes: 10 },
      windows: [monday('09:00', '12:00')],
      exceptions: [],
      fromDate: '2026-01-05',
      days: 7,
      now: new Date('2026-01-01T00:00:00Z'),
      homePracticeId: 'p',
    });
    expect(slots.map((s) => local(s.start))).toEqual(['Mon 2026-01-05 09:00', 'Mon 2026-01-05 10:00', 'Mon 2026-01-05 11:00']);
    expect(slots.every((s) => s.end.getTime() - s.start.getTime() === 50 * 60_000)).toBe(true);
  });

  it('keeps 9:00 at 9:00 local across both daylight-saving changes', () => {
    const sunday = { ...monday('09:00', '10:00'), weekday: 7 };
    // US changes: 2026-03-08 (spring forward) and 2026-11-01 (fall back), both Sundays.
    for (const from of ['2026-03-01', '2026-10-25']) {
      const slots = generateSlots({
        settings,
        windows: [sunday],
        exceptions: [],
        fromDate: from,
        days: 14,
        now: new Date('2026-01-01T00:00:00Z'),
        homePracticeId: 'p',
      });
      expect(slots.map((s) => local(s.start).slice(-5))).toEqual(['09:00', '09:00']);
      const [before, after] = slots;
      expect(after!.start.getTime() - before!.start.getTime()).not.toBe(7 * 86_400_000);
    }
  });

  it('leaves out a slot whose local start does not exist or that a change would stretch', () => {
    const sunday = { ...monday('01:00', '04:00'), weekday: 7 };
    const slots = generateSlots({
      settings,
      windows: [sunday],
      exceptions: [],
      fromDate: '2026-03-08',
      days: 1,
      now: new Date('2026-01-01T00:00:00Z'),
      homePracticeId: 'p',
    });
    // 01:00-02:00 would end at a time that does not exist; 02:00 does not exist; 03:00-04:00 is fine.
    expect(slots.map((s) => local(s.start))).toEqual(['Sun 2026-03-08 03:00']);
    expect(localInstant('2026-03-08', '02:30', zone)).toBeNull();
    const fall = generateSlots({
      settings,
      windows: [sunday],
      exceptions: [],
      fromDate: '2026-11-01',
      days: 1,
      now: new Date('2026-01-01T00:00:00Z'),
      homePracticeId: 'p',
    });
    expect(fall.every((s) => s.end.getTime() - s.start.getTime() === 3_600_000)).toBe(true);
  });

  it('honours blocked days and hours, extra hours, minimum notice and never overlaps', () => {
    const now = new Date('2026-01-05T14:30:00Z'); // 09:30 in New York on Monday 5 January
    const slots = generateSlots({
      settings: { ...settings, minNoticeHours: 1 },
      windows: [monday('09:00', '13:00'), monday('12:00', '14:00', { mode: 'in_person' })],
      exceptions: [
        { kind: 'blocked', date: '2026-01-12', start: null, end: null, mode: null },
        { kind: 'blocked', date: '2026-01-19', start: '10:00', end: '11:30', mode: null },
        { kind: 'extra', date: '2026-01-07', start: '18:00', end: '19:00', mode: 'online' },
      ],
      fromDate: '2026-01-05',
      days: 15,
      now,
      homePracticeId: 'home',
    });
    expect(slots.map((s) => `${local(s.start)} ${s.mode}`)).toEqual([
      'Mon 2026-01-05 11:00 online',
      'Mon 2026-01-05 12:00 online',
      'Mon 2026-01-05 13:00 in_person',
      'Wed 2026-01-07 18:00 online',
      'Mon 2026-01-19 09:00 online',
      'Mon 2026-01-19 12:00 online',
      'Mon 2026-01-19 13:00 in_person',
    ]);
    expect(slots[3]!.practiceId).toBe('home');
  });

  it('works in a zone far from the host and from UTC', () => {
    const slots = generateSlots({
      settings: { ...settings, timeZone: 'Pacific/Honolulu' },
      windows: [monday('08:00', '09:00')],
      exceptions: [],
      fromDate: '2026-01-05',
      days: 1,
      now: new Date('2026-01-01T00:00:00Z'),
      homePracticeId: 'p',
    });
    expect(slots.map((s) => s.start.toISOString())).toEqual(['2026-01-05T18:00:00.000Z']);
  });
});

describe('availabilityProblems', () => {
  it('names each window or exception at fault', () => {
    const problems = availabilityProblems(
      settings,
      [
        monday('10:00', '09:00'),
        monday('09:00', '09:30'),
        monday('08:00', '10:00'),
        { ...monday('13:00', '15:00'), mode: 'in_person', practiceId: 'elsewhere' },
      ],
      [
        { kind: 'blocked', date: '2026-01-01', start: '10:00', end: null, mode: null },
        { kind: 'extra', date: '2026-01-01', start: null, end: null, mode: null },
      ],
      ['p'],
    );
    expect(problems).toEqual([
      { at: 'windows/0', problem: 'availability.endBeforeStart' },
      { at: 'windows/1', problem: 'availability.shorterThanSlot' },
      { at: 'windows/2', problem: 'availability.overlap' },
      { at: 'windows/3', problem: 'availability.inPersonNeedsPractice' },
      { at: 'exceptions/0', problem: 'availability.exceptionHalfDay' },
      { at: 'exceptions/1', problem: 'availability.exceptionNeedsMode' },
    ]);
    expect(availabilityProblems({ ...settings, timeZone: 'Mars/Olympus' }, [], [], [])).toEqual([{ at: 'timeZone', problem: 'availability.unknownZone' }]);
  });
});
