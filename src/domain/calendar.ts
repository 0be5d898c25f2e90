/**
 * A booked session as a calendar event: one iCalendar writer (RFC 5545, through the `ics` package) for
 * the file the browser downloads and the one the e-mails attach, and a Google Calendar link.
 * Every copy of one appointment carries the same UID, and SEQUENCE grows with each change (reschedule,
 * cancellation), so a calendar that holds the event from the portal updates or cancels that same event
 * when the e-mail arrives. An event with its reader's zone is written in it (DTSTART;TZID=America/Denver:…, with
 * that zone's VTIMEZONE: src/domain/calendar-zone.ts); one without is written in UTC.
 */
import { createEvent, createEvents, type EventAttributes } from 'ics';
import site from '../generated/content/site';
import { localStampIn, vtimezoneLines } from './calendar-zone';

export interface CalendarEvent {
  /** the appointment's id: the event's UID is made from it (appointmentEventUid) */
  appointmentId: string;
  title: string;
  /** ISO instants */
  start: string;
  end: string;
  location?: string;
  description?: string;
  /** where to join (a video visit's link) */
  url?: string;
  /** revision of the event (calendarSequence); 0 as booked */
  sequence: number;
  /** a cancelled appointment's event tells calendars to remove it */
  cancelled?: boolean;
  /** the reader's IANA zone: the event's times are written in it (TZID and VTIMEZONE) */
  timeZone?: string;
  /**
   * A recurring series as one event: its rule (seriesRecurrenceRule, src/domain/recurrence.ts) and the starts (ISO
   * instants) of its cancelled sessions, written as RRULE and EXDATE in the event's zone, so the reader's calendar
   * repeats it at the same local time across daylight-saving changes.
   */
  recurrence?: {
    rule: string;
    excluded: readonly string[];
    /** the last session's end: the zone's VTIMEZONE covers the series to it */
    lastEnd: string;
    /**
     * Sessions that are not where the rule puts them (moved): each written as its own VEVENT with the series' UID and a
     * RECURRENCE-ID naming the rule's start it replaces (RFC 5545 §3.8.4.4), so the reader's calendar shows it moved.
     */
    overrides?: readonly { recurrenceId: string; start: string; end: string; sequence: number }[];
  };
  /** the event's UID when it is not one appointment's (a series': seriesEventUid); appointmentEventUid otherwise */
  uid?: string;
  /** an override of one occurrence of a recurring event: the ISO start the rule gave the occurrence it replaces */
  recurrenceId?: string;
}

/** The host part of every appointment event's UID (RFC 5545 §3.8.4.7: globally unique, so id@host). */
export const CALENDAR_UID_HOST = 'mindfulcare.example';

/** The one UID of an appointment's event, wherever the event is written. */
export function appointmentEventUid(appointmentId: string): string {
  return `${appointmentId}@${CALENDAR_UID_HOST}`;
}

/**
 * The one UID of a recurring series' event: not any one session's, so a single session's file never replaces the
 * series in a calendar (and the series never replaces a session).
 */
export function seriesEventUid(seriesId: string): string {
  return `series-${seriesId}@${CALENDAR_UID_HOST}`;
}

/**
 * The event and, for a series with moved sessions, one VEVENT per moved session: the series' UID, its RECURRENCE-ID
 * and its own times (RFC 5545 §3.8.4.4). Written after the series' own VEVENT.
 */
function withOverrides(event: CalendarEvent): CalendarEvent[] {
  const overrides = event.recurrence?.overrides ?? [];
  if (!overrides.length) return [event];
  const uid = event.uid ?? appointmentEventUid(event.appointmentId);
  const { recurrence: _rule, ...single } = event;
  return [event, ...[...overrides].sort((a, b) => a.recurrenceId.localeCompare(b.recurrenceId)).map((o) => ({ ...single, uid, ...o }))];
}

/**
 * The event's SEQUENCE (RFC 5545 §3.8.7.4), from the appointment's own record: 0 as booked; after a change
 * (reschedule, cancellation) the whole seconds from booking to the last change, plus one for having been
 * moved and one for being cancelled. It only grows, so every copy written after a change (the e-mail, a new
 * download) supersedes every copy written before it.
 */
export function calendarSequence(appointment: { bookedAt: string | Date; changedAt: string | Date; rescheduled: boolean; cancelled: boolean }): number {
  const seconds = Math.floor((new Date(appointment.changedAt).getTime() - new Date(appointment.bookedAt).getTime()) / 1000);
  return Math.max(0, Number.isFinite(seconds) ? seconds : 0) + (appointment.rescheduled ? 1 : 0) + (appointment.cancelled ? 1 : 0);
}

/** 20300107T150000Z */
export function calendarStamp(iso: string): string {
  return instant(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function instant(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a date-time: ${iso}`);
  return date;
}

/** The UTC fields the `ics` package takes for an instant. */
function utcFields(iso: string): [number, number, number, number, number] {
  const d = instant(iso);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
}

/** The iTIP method of a file: a new or changed event is published (download) or requested (e-mail); a cancelled one cancels. */
export function calendarMethod(event: Pick<CalendarEvent, 'cancelled'>, delivery: 'download' | 'mail'): 'PUBLISH' | 'REQUEST' | 'CANCEL' {
  if (event.cancelled) return 'CANCEL';
  return delivery === 'mail' ? 'REQUEST' : 'PUBLISH';
}

/**
 * The iCalendar file (CRLF line ends, long lines folded, text escaped) of one event. `now` is the DTSTAMP.
 */
export function icsCalendar(event: CalendarEvent, options: { delivery: 'download' | 'mail'; now?: Date }): string {
  const events = withOverrides(event);
  if (events.length > 1) {
    const { error, value } = createEvents(
      events.map((e) => eventAttributes(e, options.now)),
      { productId: `-//${site.brand.name}//Sessions//EN`, method: calendarMethod(event, options.delivery) },
    );
    if (error || !value) throw error ?? new Error('calendar entry could not be written');
    return refolded(value, events);
  }
  const { error, value } = createEvent({ ...eventAttributes(event, options.now), method: calendarMethod(event, options.delivery) });
  if (error || !value) throw error ?? new Error('calendar entry could not be written');
  return refolded(value, [event]);
}

/**
 * A calendar feed (RFC 5545 VCALENDAR with many events, method PUBLISH): a subscribed calendar shows the events it
 * holds now, each with its appointment's UID and SEQUENCE, so a moved or cancelled session updates in place.
 */
export function icsFeed(events: readonly CalendarEvent[], options: { name: string; now?: Date }): string {
  if (!events.length) {
    // The package writes nothing for no events; an empty calendar is still a calendar.
    return [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      `PRODID:-//${site.brand.name}//Sessions//EN`,
      'METHOD:PUBLISH',
      `X-WR-CALNAME:${options.name}`,
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  }
  const all = events.flatMap(withOverrides);
  const { error, value } = createEvents(
    all.map((e) => eventAttributes(e, options.now)),
    { productId: `-//${site.brand.name}//Sessions//EN`, method: 'PUBLISH', calName: options.name },
  );
  if (error || !value) throw error ?? new Error('calendar feed could not be written');
  return refolded(value, all);
}

function eventAttributes(event: CalendarEvent, now: Date | undefined): EventAttributes {
  return {
    uid: event.uid ?? appointmentEventUid(event.appointmentId),
    productId: `-//${site.brand.name}//Sessions//EN`,
    start: utcFields(event.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcFields(event.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: event.title,
    ...(event.description ? { description: event.description } : {}),
    ...(event.location ? { location: event.location } : {}),
    ...(event.url ? { url: event.url } : {}),
    status: event.cancelled ? 'CANCELLED' : 'CONFIRMED',
    sequence: event.sequence,
    ...(now ? { timestamp: now.getTime() } : {}),
  };
}

/**
 * The package's file with each event's times in its reader's zone, and folded again: the package folds at 75
 * characters; RFC 5545 §3.1 counts octets, so lines with accents are folded again.
 */
function refolded(value: string, events: readonly CalendarEvent[]): string {
  const lines = value.replace(/\r\n[ \t]/g, '').split('\r\n');
  return withRecurrence(inReadersZones(lines, events), events).map(foldIcsLine).join('\r\n');
}

/**
 * RRULE and EXDATE of each recurring event, after its DTEND (EXDATE in the zone DTSTART is written in, RFC 5545
 * §3.8.5.1), and the RECURRENCE-ID of each override, in that zone too (§3.8.4.4: the same value type as DTSTART).
 */
function withRecurrence(lines: string[], events: readonly CalendarEvent[]): string[] {
  if (!events.some((e) => e.recurrence || e.recurrenceId)) return lines;
  const written: string[] = [];
  let index = -1;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') index += 1;
    written.push(line);
    const event = index >= 0 ? events[index] : undefined;
    if (!line.startsWith('DTEND')) continue;
    const zone = event?.timeZone;
    if (event?.recurrenceId)
      written.push(zone ? `RECURRENCE-ID;TZID=${zone}:${localStampIn(zone, event.recurrenceId)}` : `RECURRENCE-ID:${calendarStamp(event.recurrenceId)}`);
    if (!event?.recurrence) continue;
    written.push(`RRULE:${event.recurrence.rule}`);
    for (const start of [...event.recurrence.excluded].sort())
      written.push(zone ? `EXDATE;TZID=${zone}:${localStampIn(zone, start)}` : `EXDATE:${calendarStamp(start)}`);
  }
  return written;
}

const UTC_TIME = /^(DTSTART|DTEND):(\d{8}T\d{6})Z$/;

/**
 * DTSTART and DTEND of each zoned event (the package writes the i-th VEVENT for the i-th event) as wall-clock
 * times with TZID, and one VTIMEZONE per zone, covering its events, before the first VEVENT.
 */
function inReadersZones(lines: string[], events: readonly CalendarEvent[]): string[] {
  const zones = new Map<string, { first: string; last: string }>();
  for (const event of events) {
    if (!event.timeZone) continue;
    const span = zones.get(event.timeZone);
    const end = event.recurrence?.lastEnd ?? event.end;
    zones.set(event.timeZone, {
      first: span && span.first < event.start ? span.first : event.start,
      last: span && span.last > end ? span.last : end,
    });
  }
  if (!zones.size) return lines;
  const written: string[] = [];
  let index = -1;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') {
      if (index === -1) for (const [zone, span] of zones) written.push(...vtimezoneLines(zone, span.first, span.last));
      index += 1;
    }
    const event = index >= 0 ? events[index] : undefined;
    const time = event?.timeZone ? UTC_TIME.exec(line) : null;
    if (time && event?.timeZone) {
      const iso = time[1] === 'DTSTART' ? event.start : event.end;
      written.push(`${time[1]};TZID=${event.timeZone}:${localStampIn(event.timeZone, iso)}`);
    } else {
      written.push(line);
    }
  }
  return written;
}

/** Lines longer than 75 octets are folded: CRLF and one space (RFC 5545 §3.1), never inside a character. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const width = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + width > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += width;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({ action: 'TEMPLATE', text: event.title, dates: `${calendarStamp(event.start)}/${calendarStamp(event.end)}` });
  if (event.description) params.set('details', event.description);
  if (event.location) params.set('location', event.location);
  // Google shows the event in the reader's zone (ctz), as the file does.
  if (event.timeZone) params.set('ctz', event.timeZone);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
