import * as timingConstants from '../generated/constants/timing';
import { isoDateIn } from './dates';
import {
  earliestSearchStart,
  isMedicationSlotTooSoon,
  localDayStart,
  matchesSlotFilter,
  offeredSlots,
  slotSearchStart,
  slotTableRowCount,
  timeOfDayOf,
} from './slots';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const cut = timingConstants.timeOfDayCutoffHours;
const at = (iso: string) => new Date(iso);

describe('time of day in the provider time zone', () => {
  it('puts each cut-off hour in the later part of the day', () => {
    // 2026-06-15 is in daylight time: New York is UTC-4.
    const local = (h: number, m = 0) => new Date(Date.UTC(2026, 5, 15, h + 4, m));
    expect(timeOfDayOf(local(cut.earlyMorningBefore - 1, 59), NY)).toBe('early_morning');
    expect(timeOfDayOf(local(cut.earlyMorningBefore), NY)).toBe('morning');
    expect(timeOfDayOf(local(cut.morningBefore - 1, 59), NY)).toBe('morning');
    expect(timeOfDayOf(local(cut.morningBefore), NY)).toBe('afternoon');
    expect(timeOfDayOf(local(cut.afternoonBefore - 1, 59), NY)).toBe('afternoon');
    expect(timeOfDayOf(local(cut.afternoonBefore), NY)).toBe('evening');
  });

  it('judges one instant differently in different zones', () => {
    const instant = at('2026-06-15T15:30:00Z'); // 11:30 in New York, 08:30 in Los Angeles
    expect(timeOfDayOf(instant, NY)).toBe('morning');
    expect(timeOfDayOf(instant, LA)).toBe('early_morning');
  });
});

describe('slot search start', () => {
  it('is the provider local midnight slotSearchMinLeadDays after today', () => {
    const now = at('2026-03-02T03:00:00Z'); // still March 1st in New York
    const earliest = earliestSearchStart(now, NY);
    expect(isoDateIn(earliest, NY)).toBe(`2026-03-0${1 + timingConstants.slotSearchMinLeadDays}`);
    expect(earliest.toISOString()).toBe(localDayStart(isoDateIn(earliest, NY), NY).toISOString());
  });

  it('pushes an earlier request forward and keeps a later one', () => {
    const now = at('2026-03-02T15:00:00Z');
    const earliest = earliestSearchStart(now, NY);
    expect(slotSearchStart(at('2026-03-02T16:00:00Z'), now, NY)).toEqual(earliest);
    expect(slotSearchStart(undefined, now, NY)).toEqual(earliest);
    const later = at('2026-04-01T12:00:00Z');
    expect(slotSearchStart(later, now, NY)).toEqual(later);
  });

  it('finds local midnight across a daylight-saving change', () => {
    // 2026-03-08 is 23 hours long in New York.
    expect(localDayStart('2026-03-08', NY).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(localDayStart('2026-03-09', NY).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});

describe('medication slots', () => {
  const now = at('2026-06-15T12:00:00Z');
  const lead = timingConstants.medicationSlotMinLeadHours * 3_600_000;
  const slot = (ms: number, isMedication = true) => ({ start: new Date(now.getTime() + ms), availabilityType: 'online' as const, isMedication });

  it('are too soon within the lead time when the provider offers medication', () => {
    expect(isMedicationSlotTooSoon(slot(lead - 60_000), now, true)).toBe(true);
    expect(isMedicationSlotTooSoon(slot(lead), now, true)).toBe(false);
  });

  it('are fine when the provider does not offer medication, and therapy slots always are', () => {
    expect(isMedicationSlotTooSoon(slot(60_000), now, false)).toBe(false);
    expect(isMedicationSlotTooSoon(slot(60_000, false), now, true)).toBe(false);
  });
});

describe('offered slots', () => {
  const now = at('2026-06-15T12:00:00Z');
  const base = earliestSearchStart(now, NY).getTime();
  const s = (hoursAfterEarliest: number, availabilityType: 'online' | 'in_person' = 'online') => ({
    start: new Date(base + hoursAfterEarliest * 3_600_000),
    availabilityType,
    isMedication: false,
  });

  it('drops slots before the earliest start and sorts the rest', () => {
    const out = offeredSlots([s(30), s(-1), s(10)], { now, zone: NY, offersMedication: false });
    expect(out.map((x) => x.start)).toEqual([s(10).start, s(30).start]);
  });

  it('filters by session type and time of day', () => {
    const morning = s(10); // 10:00 local
    const evening = s(18, 'in_person'); // 18:00 local
    const slots = [morning, evening];
    expect(offeredSlots(slots, { now, zone: NY, offersMedication: false, filter: { availabilityTypes: ['in_person'] } })).toEqual([evening]);
    expect(offeredSlots(slots, { now, zone: NY, offersMedication: false, filter: { timesOfDay: ['morning'] } })).toEqual([morning]);
    expect(matchesSlotFilter(morning, {}, NY)).toBe(true);
  });
});

describe('slot table rows', () => {
  it('holds at least the minimum rows, more when a day is fuller', () => {
    expect(slotTableRowCount([])).toBe(timingConstants.slotTableMinRows);
    expect(slotTableRowCount([1, 0])).toBe(timingConstants.slotTableMinRows);
    expect(slotTableRowCount([1, timingConstants.slotTableMinRows + 2])).toBe(timingConstants.slotTableMinRows + 2);
  });
});
