/**
 * What an access token's permission groups allow (product-spec §6). The groups are the token's;
 * every flag and every "may call" decision is derived here, so the server and the client agree.
 */
import { constants } from '../generated/constants';
import type { PermissionGroup } from '../generated/enums';
import type { Access } from '../generated/types';

export interface Permissions {
  isSupportUser: boolean;
  isSoftwareDev: boolean;
  isClinician: boolean;
  isDevopsAdmin: boolean;
  isClinicalAdmin: boolean;
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
    isThirdPartyAgent,
    isSupportOrThirdParty,
    isPatient: has('patient') && !isSupportOrThirdParty,
  };
}

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
  return (constants.impersonationGroups as readonly string[]).some((g) => groups.includes(g));
}

/** Staff who may reach any account (not limited to their own or their partner's members). */
export function reachesEveryAccount(groups: readonly string[]): boolean {
  const p = permissionsFrom(groups);
  return p.isSupportUser || p.isDevopsAdmin || p.isClinicalAdmin;
}
