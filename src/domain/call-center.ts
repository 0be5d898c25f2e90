/**
 * Whether the call center is open, and when it next opens (product-spec §4). Hours are wall-clock
 * minutes from midnight in the call center's zone, per weekday (0 = Sunday). The opening minute is
 * inside the hours, the closing minute is not. Wall-clock times are read and built through Intl (dates.ts),
 * so a day of 23 or 25 hours (daylight-saving changes) still opens at the stated minute, and the browser
 * needs no time-zone library to show the hours.
 */
import * as timingConstants from '../generated/constants/timing';
import { addDaysIso, atWallMinute, wallClockIn, weekdayOf } from './dates';

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

const DAYS_PER_WEEK = 7;

export const callCenterSchedule: CallCenterSchedule = {
  timeZone: timingConstants.callCenterTimeZone,
  hours: timingConstants.callCenterHours,
};

function hoursOn(schedule: CallCenterSchedule, day: number): CallCenterDayHours | undefined {
  return schedule.hours.find((h) => h.day === day);
}

/** The first opening strictly after `now`, looking one week ahead; undefined when no day has hours. */
export function nextCallCenterOpening(now: Date, schedule: CallCenterSchedule = callCenterSchedule): Date | undefined {
  const today = wallClockIn(now, schedule.timeZone).date;
  for (let offset = 0; offset <= DAYS_PER_WEEK; offset += 1) {
    const day = addDaysIso(today, offset);
    const hours = hoursOn(schedule, weekdayOf(day));
    if (!hours) continue;
    const opening = atWallMinute(day, hours.openMinute, schedule.timeZone);
    if (opening.getTime() > now.getTime()) return opening;
  }
  return undefined;
}

export function callCenterStatus(now: Date, schedule: CallCenterSchedule = callCenterSchedule): CallCenterStatus {
  const local = wallClockIn(now, schedule.timeZone);
  const hours = hoursOn(schedule, local.weekday);
  const isOpen = hours !== undefined && local.minute >= hours.openMinute && local.minute < hours.closeMinute;
  return {
    isOpen,
    nextOpening: nextCallCenterOpening(now, schedule),
    closesAt: isOpen && hours ? atWallMinute(local.date, hours.closeMinute, schedule.timeZone) : undefined,
  };
}
