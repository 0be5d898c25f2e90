/**
 * Slot rules (product-spec §4, §9): which open slots are offered, judged in the provider's time
 * zone. Listing and booking both apply them, so what is shown is what can be booked.
 */
import moment from 'moment-timezone';
import * as timingConstants from '../generated/constants/timing';
import type { AppointmentMode, TimeOfDay } from '../generated/enums';

export interface SlotLike {
  start: Date;
  availabilityType: AppointmentMode;
  isMedication: boolean;
}

export interface SlotFilter {
  availabilityTypes?: readonly AppointmentMode[];
  timesOfDay?: readonly TimeOfDay[];
}

const cutoffs = timingConstants.timeOfDayCutoffHours;

/** Part of the day a slot starts in, in the provider's time zone: before 9, 9-12, 12-17, after 17. */
export function timeOfDayOf(start: Date, zone: string): TimeOfDay {
  const local = moment.tz(start, zone);
  const hour = local.hours() + local.minutes() / 60;
  if (hour < cutoffs.earlyMorningBefore) return 'early_morning';
  if (hour < cutoffs.morningBefore) return 'morning';
  if (hour < cutoffs.afternoonBefore) return 'afternoon';
  return 'evening';
}

/** The earliest instant a slot search may start: the provider's local today plus slotSearchMinLeadDays, at midnight. */
export function earliestSearchStart(now: Date, zone: string): Date {
  return moment.tz(now, zone).startOf('day').add(timingConstants.slotSearchMinLeadDays, 'days').toDate();
}

/** A requested start is pushed to the earliest allowed start when it is earlier. */
export function slotSearchStart(requested: Date | undefined, now: Date, zone: string): Date {
  const earliest = earliestSearchStart(now, zone);
  return requested && requested > earliest ? requested : earliest;
}

/** Midnight of a local calendar date ("2026-03-08") in a zone, DST-safe. */
export function localDayStart(date: string, zone: string): Date {
  return moment.tz(date, 'YYYY-MM-DD', true, zone).startOf('day').toDate();
}

/** Medication slots that start within medicationSlotMinLeadHours are not offered when the provider offers medication/psychiatry. */
export function isMedicationSlotTooSoon(slot: SlotLike, now: Date, providerOffersMedication: boolean): boolean {
  if (!providerOffersMedication || !slot.isMedication) return false;
  return slot.start.getTime() - now.getTime() < timingConstants.medicationSlotMinLeadHours * 3_600_000;
}

export function matchesSlotFilter(slot: SlotLike, filter: SlotFilter, zone: string): boolean {
  if (filter.availabilityTypes?.length && !filter.availabilityTypes.includes(slot.availabilityType)) return false;
  if (filter.timesOfDay?.length && !filter.timesOfDay.includes(timeOfDayOf(slot.start, zone))) return false;
  return true;
}

/** The slots to offer, in start order: every rule above applied. */
export function offeredSlots<S extends SlotLike>(
  slots: readonly S[],
  context: { now: Date; zone: string; offersMedication: boolean; filter?: SlotFilter },
): S[] {
  const earliest = earliestSearchStart(context.now, context.zone);
  return slots
    .filter((s) => s.start >= earliest)
    .filter((s) => !isMedicationSlotTooSoon(s, context.now, context.offersMedication))
    .filter((s) => matchesSlotFilter(s, context.filter ?? {}, context.zone))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

export { slotTableRowCount } from './slot-table';
