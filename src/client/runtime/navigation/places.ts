/**
 * The places the runtime itself sends people to: sign-in when a session ends, each role's
 * destination after sign-in (product-spec §6), and the maintenance page. Paths come from the
 * route table (specs/routes.yaml).
 */
import { routeById } from '../../../generated/routes';
import type { PostLoginRoutes } from '../../../domain/roles';

export const loginPath = routeById.login.path;
export const maintenancePath = routeById.underMaintenance.path;

export const destinationPaths: PostLoginRoutes = {
  careSchedule: routeById.careSchedule.path,
  supportDashboard: routeById.supportDashboard.path,
  providerSearch: routeById.providerSearch.path,
  loginDashboard: routeById.loginDashboard.path,
  patientDashboardHome: routeById.patientHome.path,
};

/** The login page, remembering where to come back to. */
export function loginPathReturningTo(returnTo: string | undefined): string {
  return returnTo && returnTo !== loginPath ? `${loginPath}?${new URLSearchParams({ redirectTo: returnTo }).toString()}` : loginPath;
}
