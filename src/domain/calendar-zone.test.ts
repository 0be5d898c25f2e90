/**
 * Calendar files in the reader's zone, read back as a calendar reads them: DTSTART/DTEND as wall-clock times with
 * TZID, turned into instants with the file's own VTIMEZONE (its observances' offsets), must be the session's instants.
 */
import { googleCalendarUrl, icsCalendar, icsFeed, type CalendarEvent } from './calendar';
import { zoneOffsetMinutes } from './dates';

interface Observance {
  /** the onset as an instant: its DTSTART read with TZOFFSETFROM */
  onset: number;
  to: number;
  kind: string;
  name: string;
}

/** The file's lines, long lines unfolded (RFC 5545 §3.1). */
const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
const minutesOf = (offset: string) => (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5)));
const asUtc = (stamp: string) =>
  Date.UTC(+stamp.slice(0, 4), +stamp.slice(4, 6) - 1, +stamp.slice(6, 8), +stamp.slice(9, 11), +stamp.slice(11, 13), +stamp.slice(13, 15));

/** The VTIMEZONEs of a file, by TZID: each observance's onset and offset. */
function zonesOf(ics: string): Map<string, Observance[]> {
  const zones = new Map<string, Observance[]>();
  let zone: Observance[] | undefined;
  let fields: Record<string, string> = {};
  for (const line of unfolded(ics)) {
    const [name, value = ''] = [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)];
    if (line === 'BEGIN:VTIMEZONE') zone = [];
    else if (name === 'TZID' && zone) zones.set(value, zone);
    else if (line === 'BEGIN:STANDARD' || line === 'BEGIN:DAYLIGHT') fields = { KIND: value };
    else if (line === 'END:STANDARD' || line === 'END:DAYLIGHT')
      zone!.push({
        onset: asUtc(fields.DTSTART!) - minutesOf(fields.TZOFFSETFROM!) * 60_000,
        to: minutesOf(fields.TZOFFSETTO!),
        kind: fields.KIND!,
        name: fields.TZNAME!,
      });
    else if (line === 'END:VTIMEZONE') zone = undefined;
    else fields[name] = value;
  }
  return zones;
}

/** Each event's DTSTART and DTEND as instants, read with the file's VTIMEZONE for their TZID. */
function eventTimes(ics: string): { start: string; end: string; tzid: string }[] {
  const zones = zonesOf(ics);
  const events: { start: string; end: string; tzid: string }[] = [];
  let current: Partial<{ start: string; end: string; tzid: string }> = {};
  for (const line of unfolded(ics)) {
    const time = /^(DTSTART|DTEND);TZID=([^:]+):(\d{8}T\d{6})$/.exec(line);
    if (time) {
      const observances = zones.get(time[2]!);
      if (!observances) throw new Error(`no VTIMEZONE for ${time[2]}`);
      const local = asUtc(time[3]!);
      const inForce = observances.filter((o) => o.onset <= local - o.to * 60_000).at(-1);
      if (!inForce) throw new Error(`the VTIMEZONE of ${time[2]} does not cover ${time[3]}`);
      current[time[1] === 'DTSTART' ? 'start' : 'end'] = new Date(local - inForce.to * 60_000).toISOString();
      current.tzid = time[2];
    }
    if (line === 'END:VEVENT') {
      events.push(current as { start: string; end: string; tzid: string });
      current = {};
    }
  }
  return events;
}

const session = (start: string, end: string, timeZone?: string): CalendarEvent => ({
  appointmentId: `a-${start}`,
  sequence: 0,
  title: 'Session with Morgan Lee',
  start,
  end,
  ...(timeZone ? { timeZone } : {}),
});

describe('calendar files in the reader’s zone', () => {
  it('writes an El Paso patient’s session in Mountain time: 8:00 AM, not the UTC or Central 9:00', () => {
    const ics = icsCalendar(session('2026-12-04T15:00:00.000Z', '2026-12-04T15:50:00.000Z', 'America/Denver'), { delivery: 'download' });
    const lines = unfolded(ics);
    expect(lines).toContain('DTSTART;TZID=America/Denver:20261204T080000');
    expect(lines).toContain('DTEND;TZID=America/Denver:20261204T085000');
    expect(lines.some((line) => /^DT(START|END):.*Z$/.test(line))).toBe(false);
    expect(eventTimes(ics)).toEqual([{ start: '2026-12-04T15:00:00.000Z', end: '2026-12-04T15:50:00.000Z', tzid: 'America/Denver' }]);
  });

  it.each([
    // Either side of the US clock changes of 2026 (March 8, November 1), in the reader's zone.
    ['America/Denver', '2026-03-07T16:00:00.000Z', '20260307T090000'],
    ['America/Denver', '2026-03-09T15:00:00.000Z', '20260309T090000'],
    ['America/Denver', '2026-11-02T16:00:00.000Z', '20261102T090000'],
    // New Year in UTC is still the old year in the reader's zone (the VTIMEZONE starts at the UTC year's first instant).
    ['America/Denver', '2027-01-01T00:30:00.000Z', '20261231T173000'],
    // No summer time; the southern hemisphere's; a half-hour offset.
    ['America/Phoenix', '2026-07-01T16:00:00.000Z', '20260701T090000'],
    ['Australia/Sydney', '2026-01-05T22:00:00.000Z', '20260106T090000'],
    ['Asia/Kolkata', '2026-01-05T03:30:00.000Z', '20260105T090000'],
  ])('in %s, %s is %s local, and reads back as the same instant from the file’s VTIMEZONE', (zone, start, local) => {
    const end = new Date(new Date(start).getTime() + 50 * 60_000).toISOString();
    const ics = icsCalendar(session(start, end, zone), { delivery: 'mail' });
    expect(unfolded(ics)).toContain(`DTSTART;TZID=${zone}:${local}`);
    expect(eventTimes(ics)).toEqual([{ start, end, tzid: zone }]);
  });

  it('names summer and winter observances as the zone does', () => {
    const ics = icsCalendar(session('2026-07-01T15:00:00.000Z', '2026-07-01T15:50:00.000Z', 'America/Denver'), { delivery: 'download' });
    const observances = zonesOf(ics).get('America/Denver')!;
    expect(observances.filter((o) => o.kind === 'DAYLIGHT').every((o) => o.to === -360 && o.name === 'MDT')).toBe(true);
    expect(observances.filter((o) => o.kind === 'STANDARD').every((o) => o.to === -420 && o.name === 'MST')).toBe(true);
    expect(observances.some((o) => o.kind === 'DAYLIGHT')).toBe(true);
  });

  it('writes a feed with one VTIMEZONE per zone, every event in its own', () => {
    const events = [
      session('2026-10-30T15:00:00.000Z', '2026-10-30T15:50:00.000Z', 'America/Chicago'),
      session('2026-11-03T15:00:00.000Z', '2026-11-03T15:50:00.000Z', 'America/Chicago'),
      session('2027-02-01T17:00:00.000Z', '2027-02-01T17:50:00.000Z', 'America/New_York'),
    ];
    const ics = icsFeed(events, { name: 'Sessions' });
    expect([...zonesOf(ics).keys()].sort()).toEqual(['America/Chicago', 'America/New_York']);
    expect(eventTimes(ics)).toEqual(events.map((e) => ({ start: e.start, end: e.end, tzid: e.timeZone })));
    expect(unfolded(ics)).toEqual(expect.arrayContaining(['DTSTART;TZID=America/Chicago:20261030T100000', 'DTSTART;TZID=America/Chicago:20261103T090000']));
  });

  it('writes an event without a reader’s zone in UTC, with no VTIMEZONE', () => {
    const ics = icsCalendar(session('2026-12-04T15:00:00.000Z', '2026-12-04T15:50:00.000Z'), { delivery: 'download' });
    expect(unfolded(ics)).toContain('DTSTART:20261204T150000Z');
    expect(ics).not.toContain('VTIMEZONE');
  });

  it('opens Google Calendar in the reader’s zone', () => {
    const url = new URL(googleCalendarUrl(session('2026-12-04T15:00:00.000Z', '2026-12-04T15:50:00.000Z', 'America/Denver')));
    expect(url.searchParams.get('ctz')).toBe('America/Denver');
  });

  it('reads a zone’s offset at an instant', () => {
    expect(zoneOffsetMinutes(Date.parse('2026-12-04T15:00:00.123Z'), 'America/Denver')).toBe(-420);
    expect(zoneOffsetMinutes(Date.parse('2026-12-04T15:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });
});
