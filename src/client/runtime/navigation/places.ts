/**
 * The places the runtime itself sends people to: sign-in when a session ends, each role's
 * destination after sign-in (product-spec §6), and the maintenance page. Paths come from the
 * route table (specs/routes.yaml).
 */
import { routeById, routes, type RouteId } from '@/generated/routes';
import type { RouteDefinition } from '@/generated/types';
import type { PostLoginRoutes } from '@/domain/roles';
import type { BookingStartRoutes } from '@/domain/booking-start';
import { routeDecision, type DerivedPermissions } from '@/domain/permissions';

type RouteDefinitionWithId = RouteDefinition & { id: RouteId };

export const loginPath = routeById.login.path;
export const maintenancePath = routeById.underMaintenance.path;

export const destinationPaths: PostLoginRoutes = {
  careSchedule: routeById.careSchedule.path,
  careProviderRequests: routeById.careProviderRequests.path,
  supportDashboard: routeById.supportDashboard.path,
  providerSearch: routeById.providerSearch.path,
  loginDashboard: routeById.loginDashboard.path,
  patientDashboardHome: routeById.patientHome.path,
};

/** The login page, remembering where to come back to. */
export function loginPathReturningTo(returnTo: string | undefined): string {
  return returnTo && returnTo !== loginPath ? `${loginPath}?${new URLSearchParams({ redirectTo: returnTo }).toString()}` : loginPath;
}

/** Where starting a booking leads (product-spec §2 booking flow, src/domain/booking-start.ts). */
export const bookingStartRoutes: BookingStartRoutes = {
  bookings: routeById.booking.path,
  verifyUser: routeById.bookingVerifyUser.path,
  underMaintenance: maintenancePath,
};
/** A path with a query string (entries without a value are left out). */
export function withQuery(path: string, query: Readonly<Record<string, string | undefined>>): string {
  const entries = Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '');
  return entries.length ? `${path}?${new URLSearchParams(entries).toString()}` : path;
}

export interface Place {
  id: RouteId;
  path: string;
  title: string;
}

/**
 * The areas a signed-in person's roles open (login dashboard, account menu): served routes that a
 * role of theirs grants (not those open to anyone or to any signed-in person), without path
 * parameters, no booking steps, and only the top of each area (a support dashboard, not each of its views).
 */
export function placesFor(permissions: DerivedPermissions, table: readonly RouteDefinitionWithId[] = routes): Place[] {
  const granted = table.filter(
    (r) =>
      r.registered &&
      // A booking's steps (its e-mail, patient information and payment pages) are places only inside
      // a booking, reached from a chosen time: offered alone they open an empty step.
      r.area !== 'booking' &&
      !r.path.includes(':') &&
      !r.access.some((a) => a === 'anyone' || a === 'anonymous' || a === 'authenticated') &&
      routeDecision(r.access, 'authenticated', permissions) === 'open',
  );
  const within = (inner: string, outer: string) => inner !== outer && inner.startsWith(`${outer}/`);
  return granted.filter((r) => !granted.some((other) => within(r.path, other.path))).map((r) => ({ id: r.id, path: r.path, title: r.title }));
}
