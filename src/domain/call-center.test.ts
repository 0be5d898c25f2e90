import moment from 'moment-timezone';
import * as timingConstants from '../generated/constants/timing';
import { callCenterStatus, nextCallCenterOpening, type CallCenterSchedule } from './call-center';

const zone = timingConstants.callCenterTimeZone;
const LOS_ANGELES = 'America/Los_Angeles';
const HONOLULU = 'Pacific/Honolulu';
const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;

function hoursOf(day: number) {
  const hours = timingConstants.callCenterHours.find((h) => h.day === day);
  if (!hours) throw new Error(`no call-center hours for day ${day}`);
  return hours;
}
const sunday = hoursOf(0);
const friday = hoursOf(5);
const saturday = hoursOf(6);
const monday = hoursOf(1);

const pad = (n: number) => String(n).padStart(2, '0');
/** "HH:mm" of a minute from midnight. */
const hhmm = (minute: number) => `${pad(Math.floor(minute / HOUR_MINUTES))}:${pad(minute % HOUR_MINUTES)}`;
/** The instant a wall clock in `timeZone` shows `minute` on `date`. */
const at = (date: string, minute: number, timeZone: string = zone) => moment.tz(`${date} ${hhmm(minute)}`, 'YYYY-MM-DD HH:mm', timeZone).toDate();
const wall = (instant: Date | undefined, timeZone: string = zone) => (instant ? moment.tz(instant, timeZone).format('YYYY-MM-DD HH:mm') : 'none');
const minutesBetween = (from: Date, to: Date | undefined) => ((to?.getTime() ?? NaN) - from.getTime()) / MINUTE_MS;

// An ordinary week: Friday 10 January 2025 to Monday 13 January 2025.
const FRIDAY = '2025-01-10';
const SATURDAY = '2025-01-11';
const SUNDAY = '2025-01-12';
const MONDAY = '2025-01-13';

describe('call center: opening and closing minutes', () => {
  it('opens exactly at the opening minute', () => {
    const justBefore = callCenterStatus(at(MONDAY, monday.openMinute - 1));
    expect(justBefore.isOpen).toBe(false);
    expect(wall(justBefore.nextOpening)).toBe(`${MONDAY} ${hhmm(monday.openMinute)}`);
    expect(justBefore.closesAt).toBeUndefined();

    const atOpening = callCenterStatus(at(MONDAY, monday.openMinute));
    expect(atOpening.isOpen).toBe(true);
    expect(wall(atOpening.closesAt)).toBe(`${MONDAY} ${hhmm(monday.closeMinute)}`);
    expect(wall(atOpening.nextOpening)).toBe(`2025-01-14 ${hhmm(hoursOf(2).openMinute)}`);
  });

  it('closes exactly at the closing minute', () => {
    expect(callCenterStatus(at(MONDAY, monday.closeMinute - 1)).isOpen).toBe(true);
    const atClosing = callCenterStatus(at(MONDAY, monday.closeMinute));
    expect(atClosing.isOpen).toBe(false);
    expect(wall(atClosing.nextOpening)).toBe(`2025-01-14 ${hhmm(hoursOf(2).openMinute)}`);
  });

  it('counts seconds inside the minute: one second before opening is still closed', () => {
    const opening = at(MONDAY, monday.openMinute);
    expect(callCenterStatus(new Date(opening.getTime() - 1000)).isOpen).toBe(false);
    expect(nextCallCenterOpening(new Date(opening.getTime() - 1000))).toEqual(opening);
  });
});

describe('call center: across days of the week', () => {
  it('goes from late Friday to Saturday morning', () => {
    expect(callCenterStatus(at(FRIDAY, friday.closeMinute - 1)).isOpen).toBe(true);
    const fridayNight = callCenterStatus(at(FRIDAY, friday.closeMinute));
    expect(fridayNight.isOpen).toBe(false);
    expect(wall(fridayNight.nextOpening)).toBe(`${SATURDAY} ${hhmm(saturday.openMinute)}`);
  });

  it('keeps Saturday to Saturday hours, which match Sunday', () => {
    expect(saturday.openMinute).toBe(sunday.openMinute);
    expect(saturday.closeMinute).toBe(sunday.closeMinute);
    expect(callCenterStatus(at(SATURDAY, saturday.closeMinute - 1)).isOpen).toBe(true);
    expect(callCenterStatus(at(SATURDAY, saturday.closeMinute)).isOpen).toBe(false);
    expect(callCenterStatus(at(FRIDAY, saturday.closeMinute)).isOpen).toBe(true);
  });

  it('goes from Saturday night to Sunday morning', () => {
    const saturdayNight = callCenterStatus(at(SATURDAY, 23 * HOUR_MINUTES));
    expect(saturdayNight.isOpen).toBe(false);
    expect(wall(saturdayNight.nextOpening)).toBe(`${SUNDAY} ${hhmm(sunday.openMinute)}`);
  });

  it('goes from Sunday night to Monday morning', () => {
    const sundayEvening = callCenterStatus(at(SUNDAY, sunday.closeMinute));
    expect(sundayEvening.isOpen).toBe(false);
    expect(wall(sundayEvening.nextOpening)).toBe(`${MONDAY} ${hhmm(monday.openMinute)}`);
    const afterMidnight = callCenterStatus(at(MONDAY, 1));
    expect(afterMidnight.isOpen).toBe(false);
    expect(wall(afterMidnight.nextOpening)).toBe(`${MONDAY} ${hhmm(monday.openMinute)}`);
  });
});

describe('call center: daylight-saving changes in Eastern time', () => {
  // 2025: clocks go from 2:00 to 3:00 on Sunday 9 March, and 2:00 repeats on Sunday 2 November.
  const SPRING_SATURDAY = '2025-03-08';
  const SPRING_SUNDAY = '2025-03-09';
  const FALL_SATURDAY = '2025-11-01';
  const FALL_SUNDAY = '2025-11-02';
  const DAY_MINUTES = 24 * HOUR_MINUTES;

  it('opens at the stated wall-clock minute on the Sunday that loses an hour', () => {
    const saturdayClose = at(SPRING_SATURDAY, saturday.closeMinute);
    const status = callCenterStatus(saturdayClose);
    expect(status.isOpen).toBe(false);
    expect(wall(status.nextOpening)).toBe(`${SPRING_SUNDAY} ${hhmm(sunday.openMinute)}`);
    expect(minutesBetween(saturdayClose, status.nextOpening)).toBe(DAY_MINUTES - saturday.closeMinute + sunday.openMinute - HOUR_MINUTES);

    expect(callCenterStatus(at(SPRING_SUNDAY, sunday.openMinute - 1)).isOpen).toBe(false);
    expect(callCenterStatus(at(SPRING_SUNDAY, sunday.openMinute)).isOpen).toBe(true);
    expect(wall(callCenterStatus(at(SPRING_SUNDAY, sunday.openMinute)).closesAt)).toBe(`${SPRING_SUNDAY} ${hhmm(sunday.closeMinute)}`);
  });

  it('is closed just after the skipped hour and opens later that morning', () => {
    const afterGap = at(SPRING_SUNDAY, 3 * HOUR_MINUTES);
    const status = callCenterStatus(afterGap);
    expect(status.isOpen).toBe(false);
    expect(minutesBetween(afterGap, status.nextOpening)).toBe(sunday.openMinute - 3 * HOUR_MINUTES);
  });

  it('opens at the stated wall-clock minute on the Sunday that repeats an hour', () => {
    const saturdayClose = at(FALL_SATURDAY, saturday.closeMinute);
    const status = callCenterStatus(saturdayClose);
    expect(wall(status.nextOpening)).toBe(`${FALL_SUNDAY} ${hhmm(sunday.openMinute)}`);
    expect(minutesBetween(saturdayClose, status.nextOpening)).toBe(DAY_MINUTES - saturday.closeMinute + sunday.openMinute + HOUR_MINUTES);
  });

  it('gives the same opening from both passes of the repeated hour', () => {
    const firstPass = at(FALL_SUNDAY, HOUR_MINUTES + 30);
    const secondPass = new Date(firstPass.getTime() + HOUR_MINUTES * MINUTE_MS);
    expect(wall(secondPass)).toBe(wall(firstPass));
    const first = callCenterStatus(firstPass);
    const second = callCenterStatus(secondPass);
    expect(first.isOpen).toBe(false);
    expect(second.isOpen).toBe(false);
    expect(second.nextOpening).toEqual(first.nextOpening);
    expect(minutesBetween(secondPass, second.nextOpening)).toBe(sunday.openMinute - HOUR_MINUTES - 30);
  });

  it('opens on Monday after the fall change at the stated minute', () => {
    const status = callCenterStatus(at(FALL_SUNDAY, sunday.closeMinute));
    expect(wall(status.nextOpening)).toBe(`2025-11-03 ${hhmm(monday.openMinute)}`);
  });
});

describe('call center: visitors in other time zones', () => {
  it('answers for Honolulu, which keeps no daylight time, one hour apart across the spring change', () => {
    // The same Honolulu wall-clock time is an hour later in Eastern time once Eastern daylight time starts.
    const honoluluMinute = sunday.openMinute - 6 * HOUR_MINUTES;
    const saturdayVisit = at('2025-03-08', honoluluMinute, HONOLULU);
    const sundayVisit = at('2025-03-09', honoluluMinute, HONOLULU);
    expect(wall(saturdayVisit)).toBe(`2025-03-08 ${hhmm(saturday.openMinute - HOUR_MINUTES)}`);
    expect(callCenterStatus(saturdayVisit).isOpen).toBe(false);
    expect(wall(sundayVisit)).toBe(`2025-03-09 ${hhmm(sunday.openMinute)}`);
    expect(callCenterStatus(sundayVisit).isOpen).toBe(true);
  });

  it('uses the Eastern day, not the visitor’s: Saturday evening in Honolulu is already Sunday in Eastern time', () => {
    const visit = at('2025-07-05', 20 * HOUR_MINUTES, HONOLULU);
    expect(wall(visit)).toBe('2025-07-06 02:00');
    const status = callCenterStatus(visit);
    expect(status.isOpen).toBe(false);
    expect(wall(status.nextOpening)).toBe(`2025-07-06 ${hhmm(sunday.openMinute)}`);
    expect(wall(status.nextOpening, HONOLULU)).toBe(`2025-07-06 ${hhmm(sunday.openMinute - 6 * HOUR_MINUTES)}`);
  });

  it('answers for Los Angeles on the spring-change night, while the two zones are four hours apart', () => {
    // Eastern time has changed at 2:00 Eastern; Los Angeles changes three hours later.
    const visit = at('2025-03-09', 30, LOS_ANGELES);
    expect(wall(visit)).toBe('2025-03-09 04:30');
    const status = callCenterStatus(visit);
    expect(status.isOpen).toBe(false);
    expect(wall(status.nextOpening, LOS_ANGELES)).toBe(`2025-03-09 ${hhmm(sunday.openMinute - 3 * HOUR_MINUTES)}`);
  });

  it('answers for Los Angeles in the evening: open in Los Angeles afternoon, closed once Eastern closes', () => {
    const stillOpen = at(MONDAY, monday.closeMinute - 3 * HOUR_MINUTES - 1, LOS_ANGELES);
    const closed = at(MONDAY, monday.closeMinute - 3 * HOUR_MINUTES, LOS_ANGELES);
    expect(callCenterStatus(stillOpen).isOpen).toBe(true);
    expect(callCenterStatus(closed).isOpen).toBe(false);
  });
});

describe('call center: other schedules', () => {
  const mondaysOnly: CallCenterSchedule = { timeZone: zone, hours: [{ day: 1, openMinute: 600, closeMinute: 660 }] };

  it('skips days without hours', () => {
    const status = callCenterStatus(at(FRIDAY, 600), mondaysOnly);
    expect(status.isOpen).toBe(false);
    expect(wall(status.nextOpening)).toBe(`${MONDAY} 10:00`);
  });

  it('finds next week’s opening when this week’s has passed', () => {
    expect(wall(nextCallCenterOpening(at(MONDAY, 600), mondaysOnly))).toBe('2025-01-20 10:00');
  });

  it('never opens without hours', () => {
    const status = callCenterStatus(at(MONDAY, 600), { timeZone: zone, hours: [] });
    expect(status).toEqual({ isOpen: false, nextOpening: undefined, closesAt: undefined });
  });
});
