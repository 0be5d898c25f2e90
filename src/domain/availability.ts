/**
 * A provider's availability: weekly recurring windows per mode and practice, kept
 * as local wall-clock times with a named zone, exceptions (a day or hours blocked, or extra hours on
 * one date), a slot length, a buffer between slots and a minimum notice. `generateSlots` turns them
 * into the concrete slots of the coming days. Local times are resolved with moment-timezone day by
 * day, so a 9:00 window stays 9:00 local across a daylight-saving change; a slot whose wall-clock
 * start does not exist that day (spring forward) or whose length the change would bend is left out.
 */
import moment from 'moment-timezone';
import * as marketplaceConstants from '../generated/constants/marketplace';
import type { AppointmentMode } from '../generated/enums';

export interface WeeklyWindow {
  /** ISO weekday: 1 Monday … 7 Sunday */
  weekday: number;
  /** local "HH:mm" */
  start: string;
  end: string;
  mode: AppointmentMode;
  practiceId: string;
  medication: boolean;
}

export interface AvailabilityException {
  /** blocked: no slots in it; extra: a window on that date only */
  kind: 'blocked' | 'extra';
  /** local "YYYY-MM-DD" */
  date: string;
  /** local "HH:mm"; both absent means the whole day (blocked only) */
  start: string | null;
  end: string | null;
  mode: AppointmentMode | null;
}

export interface AvailabilitySettings {
  timeZone: string;
  slotMinutes: number;
  bufferMinutes: number;
  minNoticeHours: number;
}

export interface GeneratedSlot {
  start: Date;
  end: Date;
  mode: AppointmentMode;
  practiceId: string;
  medication: boolean;
}

export type AvailabilityProblem =
  | 'availability.endBeforeStart'
  | 'availability.overlap'
  | 'availability.shorterThanSlot'
  | 'availability.exceptionNeedsMode'
  | 'availability.exceptionHalfDay'
  | 'availability.unknownZone'
  | 'availability.inPersonNeedsPractice';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export function minutesOf(hhmm: string): number {
  if (!HHMM.test(hhmm)) return NaN;
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

export function isKnownZone(zone: string): boolean {
  return moment.tz.zone(zone) !== null;
}

/**
 * What is wrong with a weekly plan, as message keys with the index of the window or exception they
 * are about (the form shows each beside its row). Two windows of one weekday may not overlap, whatever
 * their modes: a provider is in one place at a time.
 */
export function availabilityProblems(
  settings: AvailabilitySettings,
  windows: readonly WeeklyWindow[],
  exceptions: readonly AvailabilityException[],
  inPersonPracticeIds: readonly string[],
): { at: string; problem: AvailabilityProblem }[] {
  const out: { at: string; problem: AvailabilityProblem }[] = [];
  if (!isKnownZone(settings.timeZone)) out.push({ at: 'timeZone', problem: 'availability.unknownZone' });
  windows.forEach((w, i) => {
    const from = minutesOf(w.start);
    const to = minutesOf(w.end);
    if (!(to > from)) out.push({ at: `windows/${i}`, problem: 'availability.endBeforeStart' });
    else if (to - from < settings.slotMinutes) out.push({ at: `windows/${i}`, problem: 'availability.shorterThanSlot' });
    if (w.mode === 'in_person' && !inPersonPracticeIds.includes(w.practiceId)) out.push({ at: `windows/${i}`, problem: 'availability.inPersonNeedsPractice' });
    const clash = windows.findIndex((o, j) => j < i && o.weekday === w.weekday && minutesOf(o.start) < to && from < minutesOf(o.end));
    if (clash >= 0) out.push({ at: `windows/${i}`, problem: 'availability.overlap' });
  });
  exceptions.forEach((e, i) => {
    if ((e.start === null) !== (e.end === null)) out.push({ at: `exceptions/${i}`, problem: 'availability.exceptionHalfDay' });
    else if (e.start !== null && e.end !== null && !(minutesOf(e.end) > minutesOf(e.start)))
      out.push({ at: `exceptions/${i}`, problem: 'availability.endBeforeStart' });
    if (e.kind === 'extra' && (!e.mode || e.start === null)) out.push({ at: `exceptions/${i}`, problem: 'availability.exceptionNeedsMode' });
  });
  return out;
}

/** The instant of a local date and wall-clock time in a zone, or null when that wall-clock time does not exist there (spring forward). */
export function localInstant(date: string, hhmm: string, zone: string): Date | null {
  const m = moment.tz(`${date} ${hhmm}`, 'YYYY-MM-DD HH:mm', true, zone);
  if (!m.isValid() || m.format('YYYY-MM-DD HH:mm') !== `${date} ${hhmm}`) return null;
  return m.toDate();
}

function hhmmOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Local dates from `from` for `days` days ("YYYY-MM-DD", with their ISO weekday). */
function localDates(from: string, days: number): { date: string; weekday: number }[] {
  const start = moment.utc(from, 'YYYY-MM-DD', true);
  return Array.from({ length: days }, (_, i) => {
    const d = start.clone().add(i, 'days');
    return { date: d.format('YYYY-MM-DD'), weekday: d.isoWeekday() };
  });
}

/**
 * The slots of `days` local days from `fromDate` (the provider's local today): each window of the
 * weekday, and each extra window of the date, cut into slotMinutes slots with bufferMinutes between
 * them; none overlapping a blocked exception, none starting before now + minNoticeHours, none
 * overlapping another (the first window wins). In start order.
 */
export function generateSlots(input: {
  settings: AvailabilitySettings;
  windows: readonly WeeklyWindow[];
  exceptions: readonly AvailabilityException[];
  fromDate: string;
  days?: number;
  now: Date;
  /** the practice extra online hours are attached to */
  homePracticeId: string;
}): GeneratedSlot[] {
  const { settings, now } = input;
  const zone = settings.timeZone;
  const notBefore = now.getTime() + settings.minNoticeHours * 3_600_000;
  const out: GeneratedSlot[] = [];
  for (const { date, weekday } of localDates(input.fromDate, input.days ?? marketplaceConstants.availabilityWindowDays)) {
    const todays = input.exceptions.filter((e) => e.date === date);
    const blocked = todays
      .filter((e) => e.kind === 'blocked')
      .map((e) => (e.start === null || e.end === null ? { from: 0, to: 24 * 60 } : { from: minutesOf(e.start), to: minutesOf(e.end) }));
    const windows = [
      ...input.windows.filter((w) => w.weekday === weekday),
      ...todays
        .filter((e) => e.kind === 'extra' && e.start && e.end && e.mode)
        .map((e) => ({ weekday, start: e.start!, end: e.end!, mode: e.mode!, practiceId: input.homePracticeId, medication: false })),
    ];
    for (const w of windows) {
      const last = minutesOf(w.end);
      for (let at = minutesOf(w.start); at + settings.slotMinutes <= last; at += settings.slotMinutes + settings.bufferMinutes) {
        const to = at + settings.slotMinutes;
        if (blocked.some((b) => b.from < to && at < b.to)) continue;
        const start = localInstant(date, hhmmOf(at), zone);
        const end = to === 24 * 60 ? null : localInstant(date, hhmmOf(to), zone);
        if (!start || !end) continue;
        // A daylight-saving change inside the slot would make it longer or shorter than it says.
        if (end.getTime() - start.getTime() !== settings.slotMinutes * 60_000) continue;
        if (start.getTime() < notBefore) continue;
        out.push({ start, end, mode: w.mode, practiceId: w.practiceId, medication: w.medication });
      }
    }
  }
  out.sort((a, b) => a.start.getTime() - b.start.getTime());
  const kept: GeneratedSlot[] = [];
  for (const s of out) if (!kept.length || kept.at(-1)!.end <= s.start) kept.push(s);
  return kept;
}
