import * as bookingConstants from '../generated/constants/booking';
import { isSeriesLength, nearestOpen, providerShifted, repeatWeeks, seriesOccurrences, seriesRecurrenceRule, seriesRuleStarts } from './recurrence';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);
const session = (startIso: string) => ({ start: at(startIso), end: new Date(at(startIso).getTime() + 50 * 60_000) });
const isoOf = (d: Date) => d.toISOString().replace('.000', '');

describe('recurring sessions', () => {
  it('every week keeps 10:00 in New York across the March 14 2027 change: the instant moves by the hour', () => {
    // Tuesday 2027-03-02 10:00 EST = 15:00Z
    const series = seriesOccurrences(session('2027-03-02T15:00:00Z'), 'week', 8, NY);
    expect(series.map((o) => o.date)).toEqual(['2027-03-02', '2027-03-09', '2027-03-16', '2027-03-23', '2027-03-30', '2027-04-06', '2027-04-13', '2027-04-20']);
    expect(series.map((o) => isoOf(o.start))).toEqual([
      '2027-03-02T15:00:00Z',
      '2027-03-09T15:00:00Z',
      '2027-03-16T14:00:00Z',
      '2027-03-23T14:00:00Z',
      '2027-03-30T14:00:00Z',
      '2027-04-06T14:00:00Z',
      '2027-04-13T14:00:00Z',
      '2027-04-20T14:00:00Z',
    ]);
    // every session lasts as long as the first
    for (const o of series) expect(o.end.getTime() - o.start.getTime()).toBe(50 * 60_000);
    expect(series.map((o) => o.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('every other week keeps 18:30 across the November 7 2027 change (the instant moves an hour later)', () => {
    // Thursday 2027-10-28 18:30 EDT = 22:30Z
    const series = seriesOccurrences(session('2027-10-28T22:30:00Z'), 'otherWeek', 3, NY);
    expect(series.map((o) => o.date)).toEqual(['2027-10-28', '2027-11-11', '2027-11-25']);
    expect(series.map((o) => isoOf(o.start))).toEqual(['2027-10-28T22:30:00Z', '2027-11-11T23:30:00Z', '2027-11-25T23:30:00Z']);
  });

  it('a session on the change day itself keeps its time (Sunday 2027-03-07 09:00 then Sunday the 14th, a 23-hour day)', () => {
    const series = seriesOccurrences(session('2027-03-07T14:00:00Z'), 'week', 2, NY);
    expect(isoOf(series[1]!.start)).toBe('2027-03-14T13:00:00Z');
  });

  it('a time the clock skips on the spring-forward night is read as the clock shows it, an hour later', () => {
    // 02:30 EST on 2027-03-07; 02:30 does not exist on 2027-03-14, the clock shows 03:30 EDT = 07:30Z
    const series = seriesOccurrences(session('2027-03-07T07:30:00Z'), 'week', 3, NY);
    expect(series.map((o) => isoOf(o.start))).toEqual(['2027-03-07T07:30:00Z', '2027-03-14T07:30:00Z', '2027-03-21T06:30:00Z']);
  });

  it('the same local time whatever the patient zone (Denver and Phoenix, which keeps one offset)', () => {
    const denver = seriesOccurrences(session('2027-03-02T16:00:00Z'), 'week', 3, 'America/Denver');
    expect(denver.map((o) => isoOf(o.start))).toEqual(['2027-03-02T16:00:00Z', '2027-03-09T16:00:00Z', '2027-03-16T15:00:00Z']);
    const phoenix = seriesOccurrences(session('2027-03-02T16:00:00Z'), 'week', 3, 'America/Phoenix');
    expect(phoenix.map((o) => isoOf(o.start))).toEqual(['2027-03-02T16:00:00Z', '2027-03-09T16:00:00Z', '2027-03-16T16:00:00Z']);
  });

  it('the calendar day is the patient zone’s, also when UTC is already the next day', () => {
    // Monday 2027-03-08 21:00 EST = Tuesday 02:00Z
    const series = seriesOccurrences(session('2027-03-09T02:00:00Z'), 'week', 2, NY);
    expect(series.map((o) => o.date)).toEqual(['2027-03-08', '2027-03-15']);
    expect(isoOf(series[1]!.start)).toBe('2027-03-16T01:00:00Z');
  });

  it('says which sessions moved on the provider clock when the zones change on other days', () => {
    const series = seriesOccurrences(session('2027-03-02T15:00:00Z'), 'week', 4, NY);
    // a provider in Phoenix (no daylight saving) sees 8:00 then 7:00 from March 14
    expect(providerShifted(series, 'America/Phoenix')).toEqual([2, 3]);
    // a provider in Chicago changes on the same night: nothing moves
    expect(providerShifted(series, 'America/Chicago')).toEqual([]);
    // a provider in Madrid changes on March 28: the weeks between differ
    expect(providerShifted(seriesOccurrences(session('2027-03-02T15:00:00Z'), 'week', 6, NY), 'Europe/Madrid')).toEqual([2, 3]);
    expect(providerShifted([], NY)).toEqual([]);
  });

  it('a single session is one occurrence whatever the number asked', () => {
    expect(seriesOccurrences(session('2027-03-02T15:00:00Z'), 'once', 8, NY)).toHaveLength(1);
    expect(repeatWeeks('once')).toBe(0);
    expect(repeatWeeks('week')).toBe(1);
    expect(repeatWeeks('otherWeek')).toBe(2);
  });

  it('books 2 to seriesMaxSessions sessions, and the longest every-other-week series stays within the estimate’s 12 months', () => {
    expect(isSeriesLength(1)).toBe(false);
    expect(isSeriesLength(2)).toBe(true);
    expect(isSeriesLength(bookingConstants.seriesMaxSessions)).toBe(true);
    expect(isSeriesLength(bookingConstants.seriesMaxSessions + 1)).toBe(false);
    expect(isSeriesLength(2.5)).toBe(false);
    const longest = seriesOccurrences(session('2027-01-05T15:00:00Z'), 'otherWeek', bookingConstants.seriesMaxSessions, NY);
    expect(longest.at(-1)!.date < '2028-01-05').toBe(true);
  });

  it('offers the nearest open times, the earlier first when two are as near, never the wanted one', () => {
    const wanted = at('2027-03-16T14:00:00Z');
    const open = ['2027-03-16T13:00:00Z', '2027-03-16T15:00:00Z', '2027-03-16T14:00:00Z', '2027-03-17T14:00:00Z'].map((s) => ({ start: at(s) }));
    expect(nearestOpen(wanted, open, 2).map((t) => isoOf(t.start))).toEqual(['2027-03-16T13:00:00Z', '2027-03-16T15:00:00Z']);
    expect(nearestOpen(wanted, [], 2)).toEqual([]);
    expect(nearestOpen(wanted, open).length).toBe(bookingConstants.seriesAlternativesPerOccurrence);
  });

  it('writes the recurrence rule of the calendar file', () => {
    expect(seriesRecurrenceRule('week', 8)).toBe('FREQ=WEEKLY;INTERVAL=1;COUNT=8');
    expect(seriesRecurrenceRule('otherWeek', 3)).toBe('FREQ=WEEKLY;INTERVAL=2;COUNT=3');
  });
});

describe('where the rule puts each session of a series', () => {
  // Every week at 10:00 New York from Tuesday 2027-03-02; the clocks change on the 14th.
  const planned = ['2027-03-02T15:00:00.000Z', '2027-03-09T15:00:00.000Z', '2027-03-16T14:00:00.000Z', '2027-03-23T14:00:00.000Z'];
  const kept = (index: number) => ({ index, start: planned[index]!, end: new Date(Date.parse(planned[index]!) + 50 * 60_000).toISOString(), movedFrom: null });

  it('reads the rule from a session never moved, even when the first one moved', () => {
    const moved = { index: 0, start: '2027-03-03T20:00:00.000Z', end: '2027-03-03T20:50:00.000Z', movedFrom: planned[0]! };
    const starts = seriesRuleStarts([moved, kept(1), kept(2), kept(3)], 'week', 4, NY).map((o) => o.start.toISOString());
    expect(starts).toEqual(planned);
  });

  it('falls back on the first session’s start before its move when every session moved, and keeps the length', () => {
    const all = planned.map((p, index) => ({ index, start: `2027-04-0${index + 1}T18:00:00.000Z`, end: `2027-04-0${index + 1}T18:50:00.000Z`, movedFrom: p }));
    const rule = seriesRuleStarts(all, 'week', 4, NY);
    expect(rule.map((o) => o.start.toISOString())).toEqual(planned);
    expect(rule[3]!.end.getTime() - rule[3]!.start.getTime()).toBe(50 * 60_000);
  });
});
