/**
 * The paths of product-spec §2 the runtime itself sends people to: sign-in when a session ends,
 * each role's destination after sign-in, and the maintenance page when bookings are off.
 */
import type { Destination } from '../auth/destination';

export const loginPath = '/app/login';
export const maintenancePath = '/app/under-maintenance';

export const destinationPaths: Readonly<Record<Destination, string>> = {
  careSchedule: '/care/v1',
  supportDashboard: '/app/support/dashboard',
  providerSearch: '/app/providers',
  loginDashboard: '/login/dashboard',
  patientDashboardHome: '/app/patient/dashboard/home',
};

/** The login page, remembering where to come back to. */
export function loginPathReturningTo(returnTo: string | undefined): string {
  return returnTo && returnTo !== loginPath ? `${loginPath}?${new URLSearchParams({ redirectTo: returnTo }).toString()}` : loginPath;
}
