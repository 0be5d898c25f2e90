/**
 * Waitlists: whether a freed time may be offered to a person waiting, and who is
 * next. Nobody is offered a time they could not book: the slot rules of slots.ts (lead days, medication
 * slots), the provider's licence in the patient's state, the insurance plan (self-pay always fits), the
 * patient's age within the provider's client age groups, and what the person asked for (service, mode,
 * time of day, provider).
 */
import moment from 'moment-timezone';
import type { AppointmentMode, CounselingType, TimeOfDay } from '../generated/enums';
import { mergeAgeGroups } from './age-groups';
import { ageOn } from './dates';
import { earliestSearchStart, isMedicationSlotTooSoon, timeOfDayOf } from './slots';
import { chosenTimeQuery, withQuery } from './booking-start';
import { bookingCounselingType } from './provider-search';

/** What a person on a waitlist asked for, and the facts of the patient who would attend. */
export interface WaitlistWish {
  providerId: string | null;
  counselingType: CounselingType | null;
  appointmentMode: AppointmentMode | null;
  planId: number | null;
  stateCode: string;
  timesOfDay: readonly TimeOfDay[];
  /** the attending patient's date of birth (ISO date); unknown: the age rule cannot refuse */
  birthDate: string | null;
}

/** A provider as far as booking them is concerned. */
export interface ProviderFit {
  id: string;
  licensedStates: readonly string[];
  planIds: readonly number[];
  /** client age groups the provider sees ("0-5", "65+"); none: any age */
  ageGroups: readonly string[];
  /** services the provider offers; none listed: any */
  counselingTypes: readonly string[];
  offersMedication: boolean;
  timeZone: string;
}

export interface FreedTime {
  start: Date;
  availabilityType: AppointmentMode;
  isMedication: boolean;
}

export type WaitlistMismatch = 'provider' | 'licence' | 'insurance' | 'age' | 'service' | 'mode' | 'timeOfDay' | 'tooSoon';

/** Why a provider could never be booked for the patient (licence, insurance, age, service); undefined when they can. */
export function providerMismatch(wish: WaitlistWish, provider: ProviderFit, today: Date): WaitlistMismatch | undefined {
  if (wish.providerId && wish.providerId !== provider.id) return 'provider';
  if (!provider.licensedStates.includes(wish.stateCode)) return 'licence';
  if (wish.planId !== null && !provider.planIds.includes(wish.planId)) return 'insurance';
  if (wish.birthDate && provider.ageGroups.length) {
    const age = ageOn(wish.birthDate, moment.tz(today, provider.timeZone).format('YYYY-MM-DD'));
    if (!mergeAgeGroups(provider.ageGroups).some(([min, max]) => age >= min && age <= max)) return 'age';
  }
  if (wish.counselingType && provider.counselingTypes.length && !provider.counselingTypes.includes(wish.counselingType)) return 'service';
  return undefined;
}

/** Why the freed time may not be offered to this wish; undefined when it may. */
export function offerMismatch(wish: WaitlistWish, provider: ProviderFit, time: FreedTime, now: Date): WaitlistMismatch | undefined {
  if (time.start < earliestSearchStart(now, provider.timeZone)) return 'tooSoon';
  if (isMedicationSlotTooSoon(time, now, provider.offersMedication)) return 'tooSoon';
  const unfit = providerMismatch(wish, provider, time.start);
  if (unfit) return unfit;
  if (wish.appointmentMode && wish.appointmentMode !== time.availabilityType) return 'mode';
  if (wish.timesOfDay.length && !wish.timesOfDay.includes(timeOfDayOf(time.start, provider.timeZone))) return 'timeOfDay';
  return undefined;
}

/** The first wish in line (the order given: who joined first) the time may be offered to. */
export function nextInLine<W extends WaitlistWish>(line: readonly W[], provider: ProviderFit, time: FreedTime, now: Date): W | undefined {
  return line.find((wish) => offerMismatch(wish, provider, time, now) === undefined);
}

/**
 * The booking of one open time on this site (an offer's link, a published slot's deep link): the booking's own
 * address, with the service the booking rule of search picks (bookingCounselingType: a medication slot books
 * medication/psychiatry, else the service asked for when the provider offers it, else the provider's first).
 */
export function bookingPathOf(
  bookingRoutePath: string,
  time: {
    providerId: string;
    practiceId: string;
    slotId: string;
    availabilityType: AppointmentMode;
    isMedication: boolean;
    offeredCounselingTypes: readonly string[];
    askedCounselingType?: CounselingType | null;
    tz?: string | null;
  },
): string {
  const counselingType = bookingCounselingType(
    time.offeredCounselingTypes,
    time.askedCounselingType ? [time.askedCounselingType] : undefined,
    time.isMedication,
  );
  return withQuery(
    bookingRoutePath,
    chosenTimeQuery(
      { providerId: time.providerId, practiceId: time.practiceId, slotId: time.slotId, availabilityType: time.availabilityType, counselingType, tz: time.tz },
      { b2bSelfBookingEnabled: false },
    ),
  );
}
