/**
 * Calendar-date helpers on ISO "YYYY-MM-DD" strings. Dates of birth and similar values are
 * calendar days, not instants, so they are compared as strings and never shifted by a time zone.
 * Only "today" depends on a zone: the product's (constants.calendarTimeZone), never the host's.
 */
import * as rulesConstants from '../generated/constants/rules';
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
export function todayIso(now: Date = new Date(), timeZone: string = rulesConstants.calendarTimeZone): string {
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

/** YYYY-MM-DD, optionally THH:mm[:ss[.fraction]] with an offset (Z, ±hh:mm or ±hhmm). */
const ISO_INSTANT =
  /^(?<day>\d{4}-\d{2}-\d{2})(?:T(?<hours>\d{2}):(?<minutes>\d{2})(?::(?<seconds>\d{2})(?:\.(?<fraction>\d{1,9}))?)?(?<offset>Z|[+-]\d{2}:?\d{2})?)?$/;
const UTC_OFFSET = /^(?<sign>[+-])(?<offsetHours>\d{2}):?(?<offsetMinutes>\d{2})$/;

/**
 * The instant (ms since the epoch) a strict ISO 8601 date or timestamp names, or undefined for anything
 * else (another format, 30 February, 25:00). A date alone, or a time without an offset, is read in UTC,
 * the zone the server stores and sends instants in: never the host's.
 */
export function isoInstant(text: string): number | undefined {
  const { day, hours = '00', minutes = '00', seconds = '00', fraction = '', offset } = ISO_INSTANT.exec(text)?.groups ?? {};
  if (!day) return undefined;
  if (!isIsoDate(day) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return undefined;
  const [y, m, d] = parts(day);
  const utc = Date.UTC(y, m - 1, d, Number(hours), Number(minutes), Number(seconds), Number(fraction.slice(0, 3).padEnd(3, '0')));
  if (!offset || offset === 'Z') return utc;
  const { sign, offsetHours = '', offsetMinutes = '' } = UTC_OFFSET.exec(offset)?.groups ?? {};
  if (Number(offsetHours) > 23 || Number(offsetMinutes) > 59) return undefined;
  const offsetMs = (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  return sign === '+' ? utc - offsetMs : utc + offsetMs;
}

// ── Wall-clock time in a zone, through Intl (the browser ships the zone data; no time-zone library) ──

/** A zone's wall clock read as numbers: month 1-12, hour 0-23. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** What a zone's wall clock shows at an instant, to the second (the one reading of a zone's clock: dates, calendars). */
export function wallTimeIn(at: Date | number, timeZone: string): WallTime {
  let format = wallFormats.get(timeZone);
  if (!format) {
    // Digits read back by machine (see isoDateIn); h23 so midnight is 0, not 24.
    format = new Intl.DateTimeFormat(MACHINE_LOCALE, {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormats.set(timeZone, format);
  }
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of format.formatToParts(at)) if (part.type in wall) wall[part.type as keyof WallTime] = Number(part.value);
  return wall;
}

/** What a zone's wall clock shows at an instant: its calendar date, weekday (0 = Sunday) and minute of the day. */
export function wallClockIn(at: Date, timeZone: string): { date: string; weekday: number; minute: number } {
  const wall = wallTimeIn(at, timeZone);
  const date = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
  return { date, weekday: weekdayOf(date), minute: wall.hour * 60 + wall.minute };
}

/** The weekday of a calendar date, 0 = Sunday. */
export function weekdayOf(iso: string): number {
  const [y, m, d] = parts(iso);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/**
 * Minutes the zone's wall clock is ahead of UTC at an instant (-300 in New York in winter, 330 in Kolkata). Read to
 * the second and rounded, so an old local mean time (-4:56:02) reads as the nearest minute.
 */
export function zoneOffsetMinutes(at: number, timeZone: string): number {
  const wall = wallTimeIn(at, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((wallAsUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * An instant written as a timestamp with the zone's offset at that instant, to the millisecond
 * ("2027-03-15T10:45:00.000-04:00"): the same instant as toISOString(), read as the zone's wall clock shows it.
 */
export function isoInZone(at: Date, timeZone: string): string {
  const ms = at.getTime();
  const offset = zoneOffsetMinutes(ms, timeZone);
  const wall = new Date(ms + offset * 60_000).toISOString().slice(0, 23);
  const sign = offset < 0 ? '-' : '+';
  return `${wall}${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/**
 * The instant a zone's wall clock shows `minute` (from midnight) on a calendar date, DST-safe: a day of
 * 23 or 25 hours still opens at its stated minute. A minute the clock skips (the spring-forward hour) is
 * read with the offset before the change, landing that much later, as the clock would show it.
 */
export function atWallMinute(iso: string, minute: number, timeZone: string): Date {
  const [y, m, d] = parts(iso);
  const wallAsUtc = Date.UTC(y, m - 1, d) + minute * 60_000;
  const firstGuess = wallAsUtc - zoneOffsetMinutes(wallAsUtc, timeZone) * 60_000;
  const settled = wallAsUtc - zoneOffsetMinutes(firstGuess, timeZone) * 60_000;
  return new Date(zoneOffsetMinutes(settled, timeZone) === zoneOffsetMinutes(firstGuess, timeZone) ? settled : firstGuess);
}
