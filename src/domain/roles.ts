/**
 * Where someone lands after signing in (product-spec §6 "Post-login destination"). The role flags
 * are those derived from the token's permission groups (src/domain/permissions.ts); paths come in
 * as arguments (from the generated route table), so the rule stays pure.
 *
 * §6's "anyone else goes to the patient dashboard home" is read as anyone else who is a patient:
 * the patient home opens only for the patient group, so sending staff without a destination of
 * their own there (an RCD) refused them and ended on the not-found page. They go to the login
 * dashboard instead, which lists the areas their roles open (and provider search). An RCD lands on
 * providers' requests, the screen of their role.
 */
export interface PostLoginRoles {
  isClinician: boolean;
  isSupportUser: boolean;
  isDevopsAdmin: boolean;
  isThirdPartyAgent: boolean;
  isClinicalAdmin: boolean;
  /** holds the rcd group */
  isRcd: boolean;
  /** holds the patient group and is neither support nor third-party */
  isPatient: boolean;
}

export const postLoginDestinations = [
  'careSchedule',
  'careProviderRequests',
  'supportDashboard',
  'providerSearch',
  'loginDashboard',
  'patientDashboardHome',
] as const;
export type PostLoginDestination = (typeof postLoginDestinations)[number];

export type PostLoginRoutes = Readonly<Record<PostLoginDestination, string>>;

/** A clinician always goes to the care schedule, whatever other roles they hold; then the first role that applies. */
export function postLoginDestination(roles: PostLoginRoles): PostLoginDestination {
  if (roles.isClinician) return 'careSchedule';
  if (roles.isSupportUser || roles.isDevopsAdmin) return 'supportDashboard';
  if (roles.isThirdPartyAgent) return 'providerSearch';
  if (roles.isRcd) return 'careProviderRequests';
  if (roles.isClinicalAdmin) return 'loginDashboard';
  return roles.isPatient ? 'patientDashboardHome' : 'loginDashboard';
}

export function postLoginPath(roles: PostLoginRoles, routes: PostLoginRoutes): string {
  return routes[postLoginDestination(roles)];
}
