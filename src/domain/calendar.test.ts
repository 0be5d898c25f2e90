import { calendarStamp, escapeIcsText, foldIcsLine, googleCalendarUrl, icsCalendar } from './calendar';

const event = { uid: 'appt-1', title: 'Individual Counseling with Morgan Lee, NP', start: '2030-01-07T15:00:00.000Z', end: '2030-01-07T15:50:00Z', location: '1 Main St; Columbus, OH', description: 'Line one\nLine two' };

describe('add to calendar', () => {
  it('writes instants in UTC, whatever offset they came with', () => {
    expect(calendarStamp('2030-01-07T10:00:00-05:00')).toBe('20300107T150000Z');
    expect(() => calendarStamp('soon')).toThrow(/Not a date-time/);
  });

  it('escapes the characters iCalendar text reserves', () => {
    expect(escapeIcsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(60)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n ');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.join('')).toBe(line);
    expect(foldIcsLine('SHORT:1')).toBe('SHORT:1');
  });

  it('writes one event with CRLF line ends', () => {
    const ics = icsCalendar(event, '-//Mindful Care//Booking//EN', new Date('2029-12-01T00:00:00Z'));
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('\r\nUID:appt-1\r\n');
    expect(ics).toContain('\r\nDTSTART:20300107T150000Z\r\nDTEND:20300107T155000Z\r\n');
    expect(ics).toContain('LOCATION:1 Main St\\; Columbus\\, OH');
    expect(ics).toContain('DESCRIPTION:Line one\\nLine two');
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
  });

  it('links to Google Calendar with the same times', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin).toBe('https://calendar.google.com');
    expect(url.searchParams.get('dates')).toBe('20300107T150000Z/20300107T155000Z');
    expect(url.searchParams.get('text')).toBe(event.title);
    expect(url.searchParams.get('location')).toBe(event.location);
  });
});
