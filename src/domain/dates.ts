/**
 * Calendar-date helpers on ISO "YYYY-MM-DD" strings. Dates of birth and similar values are
 * calendar days, not instants, so they are compared as strings and never shifted by a time zone.
 * Only "today" depends on a zone: the product's (constants.calendarTimeZone), never the host's.
 */
import { constants } from '../generated/constants';
import { MACHINE_LOCALE } from './locale';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date an instant falls on in a zone ("2026-11-23" at 2026-11-24T00:30Z in New York). */
export function isoDateIn(at: Date | string, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // A machine format read back as digits (not shown to anyone), so its locale is fixed, not DEFAULT_LOCALE.
    format = new Intl.DateTimeFormat(MACHINE_LOCALE, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(typeof at === 'string' ? new Date(at) : at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${pad(part('year'), 4)}-${pad(part('month'))}-${pad(part('day'))}`;
}

/**
 * Today's calendar date in the product's zone for date rules (constants.calendarTimeZone): the
 * visitor's device and the server agree on it whatever zone either is set to.
 */
export function todayIso(now: Date = new Date(), timeZone: string = constants.calendarTimeZone): string {
  return isoDateIn(now, timeZone);
}

function parts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/** Adds whole years; 29 February becomes 28 February in a common year. */
export function addYears(iso: string, years: number): string {
  return addMonths(iso, years * 12);
}

/** The same day `months` later, or that month's last day when it has fewer days (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = parts(iso);
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = (((total % 12) + 12) % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, lastDay))}`;
}

/** The calendar day `days` later (earlier when negative), on the calendar alone: no time of day, no zone, no daylight-saving change. */
export function addDaysIso(iso: string, days: number): string {
  const [y, m, d] = parts(iso);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** MM/DD/YYYY, the format US patients read and type. */
export function formatUsDate(iso: string): string {
  const [y, m, d] = parts(iso);
  return `${pad(m)}/${pad(d)}/${pad(y, 4)}`;
}

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * What a person typed as MM/DD/YYYY, as an ISO date when it names a real day; anything else is
 * answered as typed, so the form's date rule (validation.date.invalid) can say so.
 */
export function isoFromUsTyped(typed: string): string {
  const text = typed.trim();
  const match = US_DATE.exec(text);
  if (!match) return text;
  const iso = `${match[3]}-${match[1]}-${match[2]}`;
  return isIsoDate(iso) ? iso : text;
}

/** Whole years between a birth date and a day (both ISO). */
export function ageOn(birthIso: string, onIso: string): number {
  const [by, bm, bd] = parts(birthIso);
  const [y, m, d] = parts(onIso);
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}
