/**
 * Whether the call center is open, and when it next opens (product-spec §4). Hours are wall-clock
 * minutes from midnight in the call center's zone, per weekday (0 = Sunday). The opening minute is
 * inside the hours, the closing minute is not. Wall-clock times are built by moment-timezone, so a
 * day of 23 or 25 hours (daylight-saving changes) still opens at the stated minute.
 */
import moment from 'moment-timezone';
import { constants } from '../generated/constants';

export interface CallCenterDayHours {
  /** 0 = Sunday ... 6 = Saturday */
  day: number;
  openMinute: number;
  closeMinute: number;
}

export interface CallCenterSchedule {
  timeZone: string;
  hours: readonly CallCenterDayHours[];
}

export interface CallCenterStatus {
  isOpen: boolean;
  /** The first opening strictly after the given instant (tomorrow's, or later, while open). */
  nextOpening: Date | undefined;
  /** When the current opening period ends; undefined while closed. */
  closesAt: Date | undefined;
}

const MINUTES_PER_HOUR = 60;
const DAYS_PER_WEEK = 7;

export const callCenterSchedule: CallCenterSchedule = {
  timeZone: constants.callCenterTimeZone,
  hours: constants.callCenterHours,
};

function hoursOn(schedule: CallCenterSchedule, day: number): CallCenterDayHours | undefined {
  return schedule.hours.find((h) => h.day === day);
}

/** The instant the zone's wall clock shows `minute` on the calendar day of `localDay`. */
function atWallMinute(localDay: moment.Moment, minute: number): moment.Moment {
  return localDay
    .clone()
    .startOf('day')
    .set({ hour: Math.floor(minute / MINUTES_PER_HOUR), minute: minute % MINUTES_PER_HOUR, second: 0, millisecond: 0 });
}

function minuteOfDay(local: moment.Moment): number {
  return local.hours() * MINUTES_PER_HOUR + local.minutes();
}

/** The first opening strictly after `now`, looking one week ahead; undefined when no day has hours. */
export function nextCallCenterOpening(now: Date, schedule: CallCenterSchedule = callCenterSchedule): Date | undefined {
  const local = moment.tz(now, schedule.timeZone);
  for (let offset = 0; offset <= DAYS_PER_WEEK; offset += 1) {
    const day = local.clone().add(offset, 'days');
    const hours = hoursOn(schedule, day.day());
    if (!hours) continue;
    const opening = atWallMinute(day, hours.openMinute);
    if (opening.valueOf() > now.getTime()) return opening.toDate();
  }
  return undefined;
}

export function callCenterStatus(now: Date, schedule: CallCenterSchedule = callCenterSchedule): CallCenterStatus {
  const local = moment.tz(now, schedule.timeZone);
  const hours = hoursOn(schedule, local.day());
  const minute = minuteOfDay(local);
  const isOpen = hours !== undefined && minute >= hours.openMinute && minute < hours.closeMinute;
  return {
    isOpen,
    nextOpening: nextCallCenterOpening(now, schedule),
    closesAt: isOpen && hours ? atWallMinute(local, hours.closeMinute).toDate() : undefined,
  };
}
