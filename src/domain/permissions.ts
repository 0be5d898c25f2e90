/**
 * What an access token's permission groups allow (product-spec §6). The groups are the token's;
 * every flag and every "may call" decision is derived here, so the server and the client agree.
 */
import * as signInConstants from '../generated/constants/sign-in';
import type { PermissionGroup } from '../generated/enums';
import type { Access } from '../generated/types';

export interface Permissions {
  isSupportUser: boolean;
  isSoftwareDev: boolean;
  isClinician: boolean;
  isDevopsAdmin: boolean;
  isClinicalAdmin: boolean;
  /** holds the rcd group (providers' requests) */
  isRcd: boolean;
  isThirdPartyAgent: boolean;
  /** support user or third-party agent */
  isSupportOrThirdParty: boolean;
  /** holds the patient group and is neither support nor third-party */
  isPatient: boolean;
}

export function permissionsFrom(groups: readonly string[]): Permissions {
  const has = (g: PermissionGroup) => groups.includes(g);
  const isSupportUser = has('support');
  const isThirdPartyAgent = has('third_party_support');
  const isSupportOrThirdParty = isSupportUser || isThirdPartyAgent;
  return {
    isSupportUser,
    isSoftwareDev: has('software_devs'),
    isClinician: has('clinicians'),
    isDevopsAdmin: has('devops_admin'),
    isClinicalAdmin: has('clinical_admin'),
    isRcd: has('rcd'),
    isThirdPartyAgent,
    isSupportOrThirdParty,
    isPatient: has('patient') && !isSupportOrThirdParty,
  };
}

/** A session's permissions as the browser holds them: the groups the session answer names and the flags derived from them. */
export interface DerivedPermissions extends Permissions {
  groups: PermissionGroup[];
}

/** The permission groups a session answer names; unknown names are harmless (permissions test for the groups they know). */
export function groupsOf(groups: readonly unknown[]): PermissionGroup[] {
  return groups.filter((g): g is PermissionGroup => typeof g === 'string');
}

export function derivePermissions(groups: readonly PermissionGroup[]): DerivedPermissions {
  return { groups: [...groups], ...permissionsFrom(groups) };
}

export const NO_PERMISSIONS: DerivedPermissions = derivePermissions([]);

/** The role names endpoints and routes use in `access`, and the permission group each one means. */
export const groupOfAccessRole: Readonly<Record<Exclude<Access, 'anyone' | 'anonymous' | 'authenticated'>, PermissionGroup>> = {
  patient: 'patient',
  support: 'support',
  clinician: 'clinicians',
  rcd: 'rcd',
  third_party_support: 'third_party_support',
  devops_admin: 'devops_admin',
  clinical_admin: 'clinical_admin',
  software_dev: 'software_devs',
  engineering_support: 'engineering_support',
  thrivecare_admin: 'thrivecare_admin',
  product: 'product',
  residents: 'residents',
  synchronous_team: 'synchronous_team',
  coe_staff: 'coe_staff',
  medical_assistant: 'medical_assistants',
};

/**
 * Whether a caller with these groups (undefined: not signed in) may call something open to `access`.
 * 'anyone' lets everybody in; 'anonymous' only callers who are not signed in; 'authenticated' every
 * signed-in caller; a role name the callers holding its group.
 */
export function mayAccess(access: readonly Access[], groups: readonly string[] | undefined): boolean {
  if (access.includes('anyone')) return true;
  if (!groups) return access.includes('anonymous');
  if (access.includes('authenticated')) return true;
  return access.some((role) => role !== 'anonymous' && groups.includes(groupOfAccessRole[role as keyof typeof groupOfAccessRole]));
}

/** Super-admin impersonation (provider_id, ehr_profile_code headers) is honoured only for these groups. */
export function mayImpersonate(groups: readonly string[]): boolean {
  return (signInConstants.impersonationGroups as readonly string[]).some((g) => groups.includes(g));
}

/** Staff who may reach any account (not limited to their own or their partner's members). */
export function reachesEveryAccount(groups: readonly string[]): boolean {
  const p = permissionsFrom(groups);
  return p.isSupportUser || p.isDevopsAdmin || p.isClinicalAdmin;
}

export type RouteDecision = 'open' | 'wait' | 'sign-in' | 'signed-in-already' | 'forbidden';

/**
 * Who may open a route (specs/routes.yaml access), from the auth state and the session's permissions.
 * A route's 'patient' role is for patients only: a support user or third-party agent who also holds the
 * patient group is not shown patient screens.
 */
export function routeDecision(access: readonly Access[], status: 'loading' | 'anonymous' | 'authenticated', permissions: DerivedPermissions): RouteDecision {
  if (access.includes('anyone')) return 'open';
  if (status === 'loading') return 'wait';
  if (status === 'anonymous') return access.includes('anonymous') ? 'open' : 'sign-in';
  if (access.includes('authenticated')) return 'open';
  const roles = access.filter((a): a is keyof typeof groupOfAccessRole => a in groupOfAccessRole);
  const holds = (role: keyof typeof groupOfAccessRole) => (role === 'patient' ? permissions.isPatient : permissions.groups.includes(groupOfAccessRole[role]));
  if (roles.some(holds)) return 'open';
  return access.includes('anonymous') && roles.length === 0 ? 'signed-in-already' : 'forbidden';
}
