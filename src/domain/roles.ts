/**
 * Where someone lands after signing in (product-spec §6 "Post-login destination"). The role flags
 * are those derived from the token's permission groups (src/domain/permissions.ts); paths come in
 * as arguments (from the generated route table), so the rule stays pure.
 */
export interface PostLoginRoles {
  isClinician: boolean;
  isSupportUser: boolean;
  isDevopsAdmin: boolean;
  isThirdPartyAgent: boolean;
  isClinicalAdmin: boolean;
}

export type PostLoginDestination = 'careSchedule' | 'supportDashboard' | 'providerSearch' | 'loginDashboard' | 'patientDashboardHome';

export type PostLoginRoutes = Readonly<Record<PostLoginDestination, string>>;

/** A clinician always goes to the care schedule, whatever other roles they hold; then the first role that applies. */
export function postLoginDestination(roles: PostLoginRoles): PostLoginDestination {
  if (roles.isClinician) return 'careSchedule';
  if (roles.isSupportUser || roles.isDevopsAdmin) return 'supportDashboard';
  if (roles.isThirdPartyAgent) return 'providerSearch';
  if (roles.isClinicalAdmin) return 'loginDashboard';
  return 'patientDashboardHome';
}

export function postLoginPath(roles: PostLoginRoles, routes: PostLoginRoutes): string {
  return routes[postLoginDestination(roles)];
}
