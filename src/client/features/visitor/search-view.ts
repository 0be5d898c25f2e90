/** What provider search derives from its address, shared by the app's page, the document page and the server's loader. */
import type { AppointmentMode, CounselingType, TimeOfDay } from '@/generated/enums';
import type { ProviderSearch } from '@/domain/provider-search';
import { SLOT_VIEW_PARAMS } from '@/domain/slot-view';
import { withQuery } from '@/domain/booking-start';
import { routeById } from '@/generated/routes';
import type { FirstSlotsQuery, Place } from './queries';

export function onlyOne<T extends string>(values: readonly string[] | undefined): T | undefined {
  return values?.length === 1 ? (values[0] as T) : undefined;
}

/** The first-open-time query of a search: what its filters say about the kind of time. */
export function slotQueryOf(search: ProviderSearch): FirstSlotsQuery {
  return {
    ...(search.filters.availability_type ? { availabilityType: search.filters.availability_type as AppointmentMode[] } : {}),
    ...(search.filters.time_of_day ? { timeOfDay: search.filters.time_of_day as TimeOfDay[] } : {}),
    ...(onlyOne<CounselingType>(search.filters.counseling_type) ? { counselingType: onlyOne<CounselingType>(search.filters.counseling_type) } : {}),
  };
}

export function withoutPlace(search: ProviderSearch): ProviderSearch {
  const { state: _state, latitude: _latitude, longitude: _longitude, location: _location, ...rest } = search;
  return rest;
}

/** The search at a geocoded place (its state and coordinates); as it was when the place is unknown. */
export function withPlace(search: ProviderSearch, place: Place | undefined): ProviderSearch {
  const result = place?.status === 'OK' ? place.result : undefined;
  return result ? { ...search, state: result.state, latitude: result.latitude, longitude: result.longitude } : search;
}

/**
 * What a search hands to a provider's times (the profile's picker, opened in the availability
 * dialog): the care searched for and how it is paid (so a time books the searched service), and the
 * session type and time of day the search asked for as the picker's first view.
 */
export function timesContextParams(search: ProviderSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const value of search.filters.counseling_type ?? []) params.append('counseling_type', value);
  if (search.selfPay) params.set('selfPay', 'true');
  if (search.partnershipCode) params.set('partnershipCode', search.partnershipCode);
  const mode = onlyOne<AppointmentMode>(search.filters.availability_type);
  const timeOfDay = onlyOne<TimeOfDay>(search.filters.time_of_day);
  if (mode) params.set(SLOT_VIEW_PARAMS.mode, mode);
  if (timeOfDay) params.set(SLOT_VIEW_PARAMS.timeOfDay, timeOfDay);
  return params;
}

/** A search waitlist of this search ("any provider like these"): its state, and its service and mode when one of each is chosen. */
export function searchWaitlistPath(search: ProviderSearch): string {
  const counselingType = onlyOne<CounselingType>(search.filters.counseling_type);
  const availabilityType = onlyOne<AppointmentMode>(search.filters.availability_type);
  return withQuery(routeById.waitlistJoin.path, {
    state: search.state ?? '',
    ...(counselingType ? { counselingType } : {}),
    ...(availabilityType ? { availabilityType } : {}),
  });
}
