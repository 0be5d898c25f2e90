/**
 * Where a person lands after signing in (product-spec §6): clinicians always go to their care
 * schedule; support and devops admins to the support dashboard; third-party agents to provider
 * search; clinical admins to the login dashboard; everyone else to the patient dashboard home.
 * Swap for the domain helper's version (src/domain) once it exists: it takes the same derived flags.
 */
import type { DerivedPermissions } from './permissions';

export type Destination = 'careSchedule' | 'supportDashboard' | 'providerSearch' | 'loginDashboard' | 'patientDashboardHome';

export function postLoginDestination(p: Pick<DerivedPermissions, 'isClinician' | 'isSupportUser' | 'isDevopsAdmin' | 'isThirdPartyAgent' | 'isClinicalAdmin'>): Destination {
  if (p.isClinician) return 'careSchedule';
  if (p.isSupportUser || p.isDevopsAdmin) return 'supportDashboard';
  if (p.isThirdPartyAgent) return 'providerSearch';
  if (p.isClinicalAdmin) return 'loginDashboard';
  return 'patientDashboardHome';
}
