/**
 * Business days as the Good Faith Estimate rule counts them (45 CFR 149.610(b)(1)): Monday to Friday
 * without the US federal holidays (OPM's list, observed on the nearest weekday, from @18f/us-federal-holidays
 * rather than a hand-kept list). Dates are calendar dates (YYYY-MM-DD) in the practice's zone; nothing here
 * reads the host's clock or zone.
 */
import { allForYear } from '@18f/us-federal-holidays';
import * as bookingConstants from '../generated/constants/booking';
import { addDaysIso, weekdayOf } from './dates';

const holidaysByYear = new Map<number, ReadonlySet<string>>();

function holidaysOf(year: number): ReadonlySet<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    // dateString is the observed date written out (YYYY-MM-DD), free of any zone.
    days = new Set(allForYear(year, { shiftSaturdayHolidays: true, shiftSundayHolidays: true }).map((h) => h.dateString));
    holidaysByYear.set(year, days);
  }
  return days;
}

export function isFederalHoliday(iso: string): boolean {
  return holidaysOf(Number(iso.slice(0, 4))).has(iso);
}

export function isBusinessDay(iso: string): boolean {
  const weekday = weekdayOf(iso);
  return weekday !== 0 && weekday !== 6 && !isFederalHoliday(iso);
}

/** The `count`th business day after `iso` (0: `iso` itself, whatever day it is). */
export function addBusinessDays(iso: string, count: number): string {
  let day = iso;
  for (let left = count; left > 0;) {
    day = addDaysIso(day, 1);
    if (isBusinessDay(day)) left--;
  }
  return day;
}

/** How many business days after `from` up to and including `to` (0 when `to` is not after `from`). */
export function businessDaysAfter(from: string, to: string): number {
  let count = 0;
  for (let day = addDaysIso(from, 1); day <= to; day = addDaysIso(day, 1)) if (isBusinessDay(day)) count++;
  return count;
}

export interface EstimateDelivery {
  /** business days from the booking to the service */
  businessDaysAhead: number;
  /** the last day the rule allows for delivering the estimate (YYYY-MM-DD) */
  dueBy: string;
}

/**
 * When the estimate of a service booked on `bookedOn` for `serviceOn` must reach the patient: within
 * 1 business day when booked 3 to 9 business days ahead, within 3 when 10 or more. The rule asks nothing of
 * a booking less than 3 business days ahead; we deliver those on the day of booking as well.
 */
export function estimateDelivery(bookedOn: string, serviceOn: string): EstimateDelivery {
  const { soonFromBusinessDays, soonWithinBusinessDays, farFromBusinessDays, farWithinBusinessDays } = bookingConstants.goodFaithEstimate.delivery;
  const businessDaysAhead = businessDaysAfter(bookedOn, serviceOn);
  const within = businessDaysAhead >= farFromBusinessDays ? farWithinBusinessDays : businessDaysAhead >= soonFromBusinessDays ? soonWithinBusinessDays : 0;
  return { businessDaysAhead, dueBy: addBusinessDays(bookedOn, within) };
}
