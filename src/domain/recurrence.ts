/**
 * Recurring sessions: a series of N sessions every week or every other week at the same wall-clock time in the
 * PATIENT's zone. The first session is the time the patient chose; each next one is the same minute of the day on the
 * calendar day 7 (or 14) days later in the patient's zone, so across a daylight-saving change the patient's clock shows
 * the same time and the instant moves by the hour (2027-03-14 and 2027-11-07 in the US).
 *
 * The provider's zone: the series follows the patient's clock, never the provider's. When the two zones change their
 * clocks on different days (Arizona, another country) the provider's local time of some sessions differs from the
 * first one's by the difference; every screen shows both times then (formatTimeForReader), and providerShifted says
 * which sessions moved on the provider's clock. A minute the patient's clock skips (02:30 on the spring-forward night)
 * is read as the clock shows it, an hour later (atWallMinute).
 */
import * as bookingConstants from '../generated/constants/booking';
import type { SessionRepeat } from '../generated/enums';
import { addDaysIso, atWallMinute, wallClockIn } from './dates';

export type { SessionRepeat } from '../generated/enums';

export interface Occurrence {
  /** 0 for the first session */
  index: number;
  start: Date;
  end: Date;
  /** the calendar day in the patient's zone */
  date: string;
}

/** Weeks between two sessions of a series; 0 for a single session. */
export function repeatWeeks(repeat: SessionRepeat): number {
  return repeat === 'week' ? 1 : repeat === 'otherWeek' ? 2 : 0;
}

/** Whether a number of sessions is a series the server books: 2 to seriesMaxSessions, whole. */
export function isSeriesLength(sessions: number): boolean {
  return Number.isInteger(sessions) && sessions >= 2 && sessions <= bookingConstants.seriesMaxSessions;
}

/** The sessions of a series, the first one being `first` itself; a single session (once) is one occurrence. */
export function seriesOccurrences(first: { start: Date; end: Date }, repeat: SessionRepeat, sessions: number, patientZone: string): Occurrence[] {
  const weeks = repeatWeeks(repeat);
  const count = weeks === 0 ? 1 : sessions;
  const durationMs = first.end.getTime() - first.start.getTime();
  const wall = wallClockIn(first.start, patientZone);
  const occurrences: Occurrence[] = [];
  for (let index = 0; index < count; index += 1) {
    const date = addDaysIso(wall.date, index * 7 * weeks);
    const start = index === 0 ? first.start : atWallMinute(date, wall.minute, patientZone);
    occurrences.push({ index, start, end: new Date(start.getTime() + durationMs), date });
  }
  return occurrences;
}

/** The indexes of the sessions whose time on the provider's clock differs from the first session's (zones that change on other days). */
export function providerShifted(occurrences: readonly Occurrence[], providerZone: string): number[] {
  const first = occurrences[0];
  if (!first) return [];
  const minute = wallClockIn(first.start, providerZone).minute;
  return occurrences.filter((o) => wallClockIn(o.start, providerZone).minute !== minute).map((o) => o.index);
}

/**
 * The nearest open times to a wanted one (by distance in time, the earlier first when two are as near), at most
 * `count` (seriesAlternativesPerOccurrence): what a refused series offers for each taken session.
 */
export function nearestOpen<T extends { start: Date }>(
  wanted: Date,
  open: readonly T[],
  count: number = bookingConstants.seriesAlternativesPerOccurrence,
): T[] {
  const distance = (t: T) => Math.abs(t.start.getTime() - wanted.getTime());
  return [...open]
    .filter((t) => t.start.getTime() !== wanted.getTime())
    .sort((a, b) => distance(a) - distance(b) || a.start.getTime() - b.start.getTime())
    .slice(0, count);
}

/** The iCalendar recurrence rule of a series (RFC 5545 §3.3.10): FREQ=WEEKLY;INTERVAL=2;COUNT=8. */
export function seriesRecurrenceRule(repeat: SessionRepeat, sessions: number): string {
  return `FREQ=WEEKLY;INTERVAL=${Math.max(1, repeatWeeks(repeat))};COUNT=${sessions}`;
}

/**
 * Where the rule puts each session of a series (its RFC 5545 occurrence), whatever became of the sessions since: read
 * from a session that was never moved (the lowest such index), else from the first session's start before its last
 * move. A calendar names a moved session by this start (RECURRENCE-ID) and a cancelled one by it (EXDATE).
 */
export function seriesRuleStarts(
  sessions: readonly { index: number; start: string; end: string; movedFrom: string | null }[],
  repeat: SessionRepeat,
  count: number,
  patientZone: string,
): Occurrence[] {
  const ordered = [...sessions].sort((a, b) => a.index - b.index);
  const kept = ordered.find((s) => s.movedFrom === null);
  const anchor = kept ?? ordered[0];
  if (!anchor) return [];
  const anchorStart = new Date(kept ? anchor.start : (anchor.movedFrom ?? anchor.start));
  const durationMs = new Date(anchor.end).getTime() - new Date(anchor.start).getTime();
  const weeks = Math.max(1, repeatWeeks(repeat));
  const wall = wallClockIn(anchorStart, patientZone);
  const firstDate = addDaysIso(wall.date, -anchor.index * 7 * weeks);
  return Array.from({ length: count }, (_, index) => {
    const date = addDaysIso(firstDate, index * 7 * weeks);
    const start = index === anchor.index ? anchorStart : atWallMinute(date, wall.minute, patientZone);
    return { index, start, end: new Date(start.getTime() + durationMs), date };
  });
}
