import {
  appointmentEventUid,
  seriesEventUid,
  calendarSequence,
  calendarStamp,
  foldIcsLine,
  googleCalendarUrl,
  icsCalendar,
  icsFeed,
  type CalendarEvent,
} from './calendar';

const event: CalendarEvent = {
  appointmentId: '5b0c3a52-7a57-4d2f-9d0e-2f1f6f0c1a11',
  sequence: 0,
  title: 'Individual Counseling with Morgan Lee, NP',
  start: '2030-01-07T15:00:00.000Z',
  end: '2030-01-07T15:50:00Z',
  location: '1 Main St; Columbus, OH',
  description: 'Line one\nLine two',
};

/** The file's lines, long lines unfolded (RFC 5545 §3.1). */
function lines(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, '').split('\r\n');
}

describe('add to calendar', () => {
  it('writes instants in UTC, whatever offset they came with', () => {
    expect(calendarStamp('2030-01-07T10:00:00-05:00')).toBe('20300107T150000Z');
    expect(() => calendarStamp('soon')).toThrow(/Not a date-time/);
  });

  it('writes one event with CRLF line ends, UTC times and escaped text', () => {
    const ics = icsCalendar(event, { delivery: 'download', now: new Date('2029-12-01T00:00:00Z') });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(lines(ics)).toEqual(
      expect.arrayContaining([
        'METHOD:PUBLISH',
        'DTSTART:20300107T150000Z',
        'DTEND:20300107T155000Z',
        'STATUS:CONFIRMED',
        'SEQUENCE:0',
        'LOCATION:1 Main St\\; Columbus\\, OH',
        'DESCRIPTION:Line one\\nLine two',
      ]),
    );
    expect(ics.trimEnd().endsWith('END:VEVENT\r\nEND:VCALENDAR')).toBe(true);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(60)}`;
    const parts = foldIcsLine(line).split('\r\n ');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.join('')).toBe(line);
    expect(foldIcsLine('SHORT:1')).toBe('SHORT:1');
  });

  it('writes a file whose every line is at most 75 octets', () => {
    const ics = icsCalendar({ ...event, description: 'é'.repeat(60) }, { delivery: 'download' });
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines(ics)).toContain(`DESCRIPTION:${'é'.repeat(60)}`);
  });

  it('gives the downloaded and the e-mailed event of one appointment the same UID', () => {
    const uid = `UID:${appointmentEventUid(event.appointmentId)}`;
    expect(lines(icsCalendar(event, { delivery: 'download' }))).toContain(uid);
    expect(lines(icsCalendar({ ...event, sequence: 3, cancelled: true }, { delivery: 'mail' }))).toContain(uid);
    expect(appointmentEventUid('other')).not.toBe(appointmentEventUid(event.appointmentId));
  });

  it('e-mails a change as a request and a cancellation as a cancel of the same event, with its SEQUENCE', () => {
    expect(lines(icsCalendar({ ...event, sequence: 2 }, { delivery: 'mail' }))).toEqual(
      expect.arrayContaining(['METHOD:REQUEST', 'SEQUENCE:2', 'STATUS:CONFIRMED']),
    );
    expect(lines(icsCalendar({ ...event, sequence: 5, cancelled: true }, { delivery: 'mail' }))).toEqual(
      expect.arrayContaining(['METHOD:CANCEL', 'SEQUENCE:5', 'STATUS:CANCELLED']),
    );
  });

  it('links to Google Calendar with the same times', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin).toBe('https://calendar.google.com');
    expect(url.searchParams.get('dates')).toBe('20300107T150000Z/20300107T155000Z');
    expect(url.searchParams.get('text')).toBe(event.title);
    expect(url.searchParams.get('location')).toBe(event.location);
  });
});

describe("the event's SEQUENCE", () => {
  const bookedAt = '2030-01-01T10:00:00.000Z';

  it('is 0 as booked', () => {
    expect(calendarSequence({ bookedAt, changedAt: bookedAt, rescheduled: false, cancelled: false })).toBe(0);
  });

  it('grows with each reschedule and with the cancellation, even within the second of the booking', () => {
    const booked = calendarSequence({ bookedAt, changedAt: bookedAt, rescheduled: false, cancelled: false });
    const movedAtOnce = calendarSequence({ bookedAt, changedAt: '2030-01-01T10:00:00.400Z', rescheduled: true, cancelled: false });
    const movedAgain = calendarSequence({ bookedAt, changedAt: '2030-01-02T08:00:00.000Z', rescheduled: true, cancelled: false });
    const cancelledThen = calendarSequence({ bookedAt, changedAt: '2030-01-02T08:00:00.900Z', rescheduled: true, cancelled: true });
    expect(movedAtOnce).toBeGreaterThan(booked);
    expect(movedAgain).toBeGreaterThan(movedAtOnce);
    expect(cancelledThen).toBeGreaterThan(movedAgain);
  });

  it('never goes below 0 (a change recorded before the booking by a skewed clock)', () => {
    expect(calendarSequence({ bookedAt, changedAt: '2029-12-31T00:00:00Z', rescheduled: false, cancelled: true })).toBe(1);
  });
});

describe('a calendar feed', () => {
  const at = (iso: string, id: string): CalendarEvent => ({
    appointmentId: id,
    title: 'Session (video visit)',
    start: iso,
    end: iso.replace('T15', 'T16'),
    sequence: 1,
  });

  it('publishes every event with its appointment’s UID and SEQUENCE in one calendar', () => {
    const feed = icsFeed([at('2026-03-10T15:00:00.000Z', 'a1'), at('2026-03-12T15:00:00.000Z', 'a2')], { name: 'Your sessions' });
    expect(feed.startsWith('BEGIN:VCALENDAR')).toBe(true);
    expect(feed).toContain('METHOD:PUBLISH');
    expect(feed).toContain('X-WR-CALNAME:Your sessions');
    expect(feed.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(feed).toContain(`UID:${appointmentEventUid('a1')}`);
    expect(feed).toContain(`UID:${appointmentEventUid('a2')}`);
    expect(feed).toContain('SEQUENCE:1');
  });

  it('is still a calendar with no sessions', () => {
    const feed = icsFeed([], { name: 'Your sessions' });
    expect(feed).toContain('BEGIN:VCALENDAR');
    expect(feed).toContain('END:VCALENDAR');
    expect(feed).not.toContain('BEGIN:VEVENT');
  });
});

describe('a recurring series as one event', () => {
  const series: CalendarEvent = {
    appointmentId: 'series-first',
    title: 'Session',
    start: '2027-03-02T15:00:00.000Z',
    end: '2027-03-02T15:50:00.000Z',
    sequence: 0,
    timeZone: 'America/New_York',
    recurrence: {
      rule: 'FREQ=WEEKLY;INTERVAL=1;COUNT=8',
      excluded: ['2027-03-23T14:00:00.000Z', '2027-03-16T14:00:00.000Z'],
      lastEnd: '2027-04-20T14:50:00.000Z',
    },
  };

  it('repeats at the same local time in the reader’s zone, with the cancelled sessions excluded in that zone', () => {
    const written = lines(icsCalendar(series, { delivery: 'download', now: new Date('2027-01-01T00:00:00Z') }));
    const at = written.indexOf('DTSTART;TZID=America/New_York:20270302T100000');
    expect(at).toBeGreaterThan(0);
    expect(written).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=8');
    // after DST began the sessions are at 14:00Z, still 10:00 on the reader's clock; in date order
    const exdates = written.filter((l) => l.startsWith('EXDATE'));
    expect(exdates).toEqual(['EXDATE;TZID=America/New_York:20270316T100000', 'EXDATE;TZID=America/New_York:20270323T100000']);
    expect(written.indexOf('RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=8')).toBeGreaterThan(written.findIndex((l) => l.startsWith('DTEND')));
    expect(written.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    // the zone's rules cover the whole series: both offsets, the daylight one from March 14
    expect(written).toEqual(expect.arrayContaining(['TZOFFSETTO:-0400', 'TZOFFSETTO:-0500']));
  });

  it('writes the exclusions in UTC for an event without a zone, and no RRULE for a single session', () => {
    const { timeZone: _zone, ...utc } = series;
    expect(lines(icsCalendar(utc, { delivery: 'mail' }))).toEqual(expect.arrayContaining(['EXDATE:20270316T140000Z', 'EXDATE:20270323T140000Z']));
    expect(icsCalendar(event, { delivery: 'download' })).not.toContain('RRULE');
  });

  it('writes a moved session as an override of its occurrence: the series’ UID, RECURRENCE-ID at the rule’s time, its own times', () => {
    const moved: CalendarEvent = {
      ...series,
      uid: seriesEventUid('s1'),
      recurrence: {
        ...series.recurrence!,
        excluded: ['2027-03-16T14:00:00.000Z'],
        // the session of March 23 (10:00 by the rule) moved to Wednesday the 24th at 15:30 New York
        overrides: [{ recurrenceId: '2027-03-23T14:00:00.000Z', start: '2027-03-24T19:30:00.000Z', end: '2027-03-24T20:20:00.000Z', sequence: 7 }],
      },
    };
    const written = lines(icsCalendar(moved, { delivery: 'download', now: new Date('2027-01-01T00:00:00Z') }));
    expect(written.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(written.filter((l) => l.startsWith('UID:'))).toEqual([`UID:${seriesEventUid('s1')}`, `UID:${seriesEventUid('s1')}`]);
    const second = written.lastIndexOf('BEGIN:VEVENT');
    const override = written.slice(second);
    expect(override).toContain('RECURRENCE-ID;TZID=America/New_York:20270323T100000');
    expect(override).toContain('DTSTART;TZID=America/New_York:20270324T153000');
    expect(override).toContain('SEQUENCE:7');
    expect(override.some((l) => l.startsWith('RRULE') || l.startsWith('EXDATE'))).toBe(false);
    // the series itself: its rule and its one exclusion, no RECURRENCE-ID
    const master = written.slice(0, second);
    expect(master).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=8');
    expect(master.filter((l) => l.startsWith('EXDATE'))).toEqual(['EXDATE;TZID=America/New_York:20270316T100000']);
    expect(master.some((l) => l.startsWith('RECURRENCE-ID'))).toBe(false);
    expect(seriesEventUid('s1')).not.toBe(appointmentEventUid('s1'));
  });
});
