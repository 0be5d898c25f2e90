/**
 * What a session allows (product-spec §6): its permission groups, as the server's session answer
 * names them, and the derived flags. The browser never reads the token (it is in an HttpOnly cookie);
 * the API decides every call.
 */
import type { PermissionGroup } from '../../../generated/enums';

export interface DerivedPermissions {
  groups: PermissionGroup[];
  isSupportUser: boolean;
  isSoftwareDev: boolean;
  isClinician: boolean;
  isDevopsAdmin: boolean;
  isClinicalAdmin: boolean;
  isThirdPartyAgent: boolean;
  /** a support user or a third-party agent */
  isSupportOrThirdParty: boolean;
  /** holds the patient group and is neither support nor third-party */
  isPatient: boolean;
}

/** The permission groups a session answer names; unknown names are harmless (permissions test for the groups they know). */
export function groupsOf(groups: readonly unknown[]): PermissionGroup[] {
  return groups.filter((g): g is PermissionGroup => typeof g === 'string');
}

export function derivePermissions(groups: readonly PermissionGroup[]): DerivedPermissions {
  const has = (g: PermissionGroup) => groups.includes(g);
  const isSupportUser = has('support');
  const isThirdPartyAgent = has('third_party_support');
  return {
    groups: [...groups],
    isSupportUser,
    isSoftwareDev: has('software_devs'),
    isClinician: has('clinicians'),
    isDevopsAdmin: has('devops_admin'),
    isClinicalAdmin: has('clinical_admin'),
    isThirdPartyAgent,
    isSupportOrThirdParty: isSupportUser || isThirdPartyAgent,
    isPatient: has('patient') && !isSupportUser && !isThirdPartyAgent,
  };
}

export const NO_PERMISSIONS: DerivedPermissions = derivePermissions([]);
