/** Booking routes are the rows of specs/routes.yaml in the booking area. */
import { routes } from '@/generated/routes';
import { matchRoute } from '@/domain/route-match';

const BOOKING_AREA = 'booking';

export function isBookingPath(pathname: string): boolean {
  return matchRoute(routes, pathname)?.route.area === BOOKING_AREA;
}
