/** Who may open a route (specs/routes.yaml access), from the auth state and the token's permissions. */
import type { Access } from '../../../generated/types';
import type { PermissionGroup } from '../../../generated/enums';
import type { DerivedPermissions } from './permissions';

export type RouteDecision = 'open' | 'wait' | 'sign-in' | 'signed-in-already' | 'forbidden';

/** Roles the route table names, by the token group (or derived flag) that grants them. */
const ROLE_TEST: Readonly<Record<Exclude<Access, 'anyone' | 'anonymous' | 'authenticated'>, (p: DerivedPermissions) => boolean>> = {
  patient: (p) => p.isPatient,
  support: (p) => p.isSupportUser,
  clinician: (p) => p.isClinician,
  rcd: (p) => has(p, 'rcd'),
  third_party_support: (p) => p.isThirdPartyAgent,
  devops_admin: (p) => p.isDevopsAdmin,
  clinical_admin: (p) => p.isClinicalAdmin,
  software_dev: (p) => p.isSoftwareDev,
  engineering_support: (p) => has(p, 'engineering_support'),
  thrivecare_admin: (p) => has(p, 'thrivecare_admin'),
  product: (p) => has(p, 'product'),
  residents: (p) => has(p, 'residents'),
  synchronous_team: (p) => has(p, 'synchronous_team'),
  coe_staff: (p) => has(p, 'coe_staff'),
  medical_assistant: (p) => has(p, 'medical_assistants'),
};

function has(p: DerivedPermissions, group: PermissionGroup): boolean {
  return p.groups.includes(group);
}

export function routeDecision(access: readonly Access[], status: 'loading' | 'anonymous' | 'authenticated', permissions: DerivedPermissions): RouteDecision {
  if (access.includes('anyone')) return 'open';
  if (status === 'loading') return 'wait';
  if (status === 'anonymous') return access.includes('anonymous') ? 'open' : 'sign-in';
  if (access.includes('authenticated')) return 'open';
  const roles = access.filter((a): a is keyof typeof ROLE_TEST => a in ROLE_TEST);
  if (roles.some((r) => ROLE_TEST[r](permissions))) return 'open';
  return access.includes('anonymous') && roles.length === 0 ? 'signed-in-already' : 'forbidden';
}
