/** Starting a booking from the screens: the domain rule (src/domain/booking-start.ts) with the route table's paths. */
import { routeById } from '@/generated/routes';
import {
  bookingPlaceQuery,
  bookingQuery,
  bookingStartQuery,
  decideBookingStart,
  readBookingPlace,
  readBookingQuery,
  readBookingStartQuery,
  type BookingStartDecision,
} from '@/domain/booking-start';

export const startRoutes = {
  bookings: routeById.booking.path,
  verifyUser: routeById.bookingVerifyUser.path,
  underMaintenance: routeById.underMaintenance.path,
};

/** The booking's whole query (place, start query, booking query) as the address carries it. */
export function startQueryFrom(search: URLSearchParams, b2bSelfBookingEnabled: boolean): Record<string, string> {
  return {
    ...bookingPlaceQuery(readBookingPlace(search)),
    ...bookingStartQuery(readBookingStartQuery(search), { b2bSelfBookingEnabled }),
    ...bookingQuery(readBookingQuery(search)),
  } as Record<string, string>;
}

export function decideStart(
  search: URLSearchParams,
  state: { bookingEnabled: boolean; userVerified: boolean; b2bSelfBookingEnabled: boolean },
): BookingStartDecision {
  return decideBookingStart(
    { bookingEnabled: state.bookingEnabled, userVerified: state.userVerified, query: startQueryFrom(search, state.b2bSelfBookingEnabled) },
    startRoutes,
  );
}
