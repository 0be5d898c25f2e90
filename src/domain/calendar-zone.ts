/**
 * Times of a calendar file in its reader's zone (every time a person reads, calendar files included, is
 * in the reader's zone): DTSTART/DTEND as local times with the zone's IANA name as TZID, and a VTIMEZONE (RFC 5545
 * §3.6.5) that says the zone's offsets over the events' span, so a calendar that does not know the name (or knows
 * older rules) still places the event at the right instant. The offsets come from the platform's zone data (Intl),
 * the same data every screen formats times with; no zone database ships to the browser for it.
 */

import { wallTimeIn, zoneOffsetMinutes, type WallTime } from './dates';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/**
 * Steps of the search for offset changes: shorter than the shortest time any zone keeps one offset (Morocco's
 * month without summer time is the shortest), so no change is stepped over.
 */
const SCAN_STEP_MS = 14 * DAY_MS;

const two = (n: number) => String(n).padStart(2, '0');

function stampOf(wall: WallTime): string {
  return `${String(wall.year).padStart(4, '0')}${two(wall.month)}${two(wall.day)}T${two(wall.hour)}${two(wall.minute)}${two(wall.second)}`;
}

/** An instant as the zone's wall-clock time in iCalendar's local form (20261204T080000, no Z). */
export function localStampIn(zone: string, iso: string): string {
  return stampOf(wallTimeIn(new Date(iso), zone));
}

/** A UTC offset as iCalendar writes it: -0700, +0530. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  return `${sign}${two(Math.floor(size / 60))}${two(size % 60)}`;
}

const shortNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at an instant (MST, MDT), for TZNAME. */
function zoneName(zone: string, at: number): string {
  let format = shortNames.get(zone);
  if (!format) shortNames.set(zone, (format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })));
  return format.formatToParts(new Date(at)).find((part) => part.type === 'timeZoneName')?.value ?? zone;
}

/** The first instant (to the minute) in (after, before] where the offset is no longer the one at `after`. */
function changeBetween(zone: string, after: number, before: number): number {
  const from = zoneOffsetMinutes(after, zone);
  let low = after;
  let high = before;
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (zoneOffsetMinutes(middle, zone) === from) low = middle;
    else high = middle;
  }
  return high;
}

/** Whether an offset is the zone's summer time: more than its smaller offset of that year (either hemisphere). */
function isDaylight(zone: string, at: number, offset: number): boolean {
  const year = new Date(at).getUTCFullYear();
  const standard = Math.min(zoneOffsetMinutes(Date.UTC(year, 0, 1), zone), zoneOffsetMinutes(Date.UTC(year, 6, 1), zone));
  return offset > standard;
}

function observance(zone: string, onset: number, fromOffset: number, toOffset: number): string[] {
  const kind = isDaylight(zone, onset, toOffset) ? 'DAYLIGHT' : 'STANDARD';
  // An observance's DTSTART is the wall-clock time at its onset as read before it (RFC 5545 §3.6.5).
  const localBefore = new Date(onset + fromOffset * MINUTE_MS);
  const stamp = stampOf({
    year: localBefore.getUTCFullYear(),
    month: localBefore.getUTCMonth() + 1,
    day: localBefore.getUTCDate(),
    hour: localBefore.getUTCHours(),
    minute: localBefore.getUTCMinutes(),
    second: 0,
  });
  return [
    `BEGIN:${kind}`,
    `DTSTART:${stamp}`,
    `TZOFFSETFROM:${offsetText(fromOffset)}`,
    `TZOFFSETTO:${offsetText(toOffset)}`,
    `TZNAME:${zoneName(zone, onset)}`,
    `END:${kind}`,
  ];
}

/**
 * The VTIMEZONE lines of a zone covering instants from `first` to `last` (ISO): the offset in force at the start of
 * the first's year, then every change until the end of the last's year, each an observance with its own DTSTART.
 */
export function vtimezoneLines(zone: string, first: string, last: string): string[] {
  const fromYear = new Date(first).getUTCFullYear();
  const toYear = new Date(last).getUTCFullYear() + 1;
  // Found once per zone and span (about sixty readings of the zone's clock a year), then kept.
  const key = `${zone}|${fromYear}|${toYear}`;
  let lines = vtimezones.get(key);
  if (!lines) vtimezones.set(key, (lines = observances(zone, Date.UTC(fromYear, 0, 1), Date.UTC(toYear, 0, 1))));
  return lines;
}

const vtimezones = new Map<string, string[]>();

function observances(zone: string, start: number, end: number): string[] {
  let offset = zoneOffsetMinutes(start, zone);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...observance(zone, start, offset, offset)];
  for (let at = start; at < end; at += SCAN_STEP_MS) {
    const next = Math.min(at + SCAN_STEP_MS, end);
    const later = zoneOffsetMinutes(next, zone);
    if (later === offset) continue;
    const onset = changeBetween(zone, at, next);
    lines.push(...observance(zone, onset, offset, later));
    offset = later;
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
