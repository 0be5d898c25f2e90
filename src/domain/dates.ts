/**
 * Calendar-date helpers on ISO "YYYY-MM-DD" strings. Dates of birth and similar values are
 * calendar days, not instants, so they are compared as strings and never shifted by a time zone.
 */
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

/** Today's calendar date where the code runs (the visitor's device, or the server). */
export function todayIso(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function parts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/** Adds whole years; 29 February becomes 28 February in a common year. */
export function addYears(iso: string, years: number): string {
  const [y, m, d] = parts(iso);
  const year = y + years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(m)}-${pad(Math.min(d, lastDay))}`;
}

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

/** Whole years between a birth date and a day (both ISO). */
export function ageOn(birthIso: string, onIso: string): number {
  const [by, bm, bd] = parts(birthIso);
  const [y, m, d] = parts(onIso);
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}
