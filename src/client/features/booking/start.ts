/** Starting a booking from the screens: the domain rule (src/domain/booking-start.ts) with the route table's paths. */
import { routeById } from '../../../generated/routes';
import { bookingQuery, bookingStartQuery, decideBookingStart, readBookingQuery, type BookingStartDecision } from '../../../domain/booking-start';
import type { AppointmentMode } from '../../../generated/enums';

export const startRoutes = { bookings: routeById.booking.path, verifyUser: routeById.bookingVerifyUser.path, underMaintenance: routeById.underMaintenance.path };

/** Where the provider and practice travel: not in the spec'd queries, but the booking page needs them. */
const PLACE_PARAMS = ['providerId', 'practiceId'] as const;

export function startQueryFrom(search: URLSearchParams, b2bSelfBookingEnabled: boolean): Record<string, string> {
  const place: Record<string, string> = {};
  for (const name of PLACE_PARAMS) {
    const value = search.get(name);
    if (value) place[name] = value;
  }
  const start = bookingStartQuery(
    { counselingType: search.get('counselingType'), availabilityType: search.get('availabilityType') as AppointmentMode | null, partnershipCode: search.get('partnershipCode') },
    { b2bSelfBookingEnabled },
  );
  return { ...place, ...start, ...bookingQuery(readBookingQuery(search)) } as Record<string, string>;
}

export function decideStart(search: URLSearchParams, state: { bookingEnabled: boolean; userVerified: boolean; b2bSelfBookingEnabled: boolean }): BookingStartDecision {
  return decideBookingStart({ bookingEnabled: state.bookingEnabled, userVerified: state.userVerified, query: startQueryFrom(search, state.b2bSelfBookingEnabled) }, startRoutes);
}
