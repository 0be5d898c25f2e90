/**
 * What the access token allows (product-spec §6): its permission groups and the derived flags.
 * The browser only reads the token (the API verifies it); a token that cannot be read grants nothing.
 * Swap for src/domain/permissions.ts (server helper) once it exists: same inputs, same flags.
 */
import { decodeJwt } from 'jose';
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

export interface TokenClaims {
  sub?: string;
  email?: string;
  userType?: string;
  groups: PermissionGroup[];
  /** seconds since the epoch */
  exp?: number;
}

export function readToken(token: string): TokenClaims | undefined {
  try {
    const claims = decodeJwt(token);
    // Unknown group names are harmless: permissions test for the groups they know.
    const groups = (Array.isArray(claims.groups) ? claims.groups : []).filter((g): g is PermissionGroup => typeof g === 'string');
    return {
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : undefined,
      userType: typeof claims.userType === 'string' ? claims.userType : undefined,
      groups,
      exp: claims.exp,
    };
  } catch {
    return undefined;
  }
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
