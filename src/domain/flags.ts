/**
 * Feature-flag treatments as the product reads them (product-spec §4, §6): the user key is
 * lower-cased before use, and a treatment that is unknown, or asked before the flag client is
 * ready, is the fallback treatment (control).
 */
import * as storageConstants from '../generated/constants/storage';
import type { FlagDecision } from '../generated/entities';
import { flagBehaviour, type FlagName } from '../generated/flags';

export type FlagTrafficType = 'anonymous' | 'user';

/** The key a user's flags are evaluated with: the same person whatever the capitalisation. */
export function flagUserKey(userKey: string): string {
  return userKey.toLowerCase();
}

export interface FlagIdentity {
  /** the visitor's random identifier (anonymous traffic) */
  visitorId?: string | null;
  /** the signed-in user's identifier (user traffic) */
  userKey?: string | null;
}

/** The key for a traffic type, or undefined when that identity is not known yet. */
export function flagTrafficKey(type: FlagTrafficType, identity: FlagIdentity): string | undefined {
  const key = type === 'user' ? identity.userKey && flagUserKey(identity.userKey) : identity.visitorId;
  return key ? key : undefined;
}

export interface TreatmentAnswer {
  /** the flag client has said it is ready */
  ready: boolean;
  /** the treatment the client returned, if any */
  treatment: string | null | undefined;
  /** the treatments this flag can have (its variants in specs/flags.yaml) */
  variants: readonly string[];
}

export function resolveTreatment({ ready, treatment, variants }: TreatmentAnswer): string {
  return ready && treatment && variants.includes(treatment) ? treatment : storageConstants.treatmentFallback;
}

const DEFAULT_ENABLED_WHEN: readonly string[] = ['on'];

/** Whether what a flag gates (a route, a capability) is available under a treatment: control acts as the flag's controlActsAs. */
export function flagOnUnder(flag: FlagName, treatment: string): boolean {
  const behaviour = flagBehaviour[flag];
  const effective = treatment === storageConstants.treatmentFallback ? behaviour.controlActsAs : treatment;
  return (behaviour.enabledWhen ?? DEFAULT_ENABLED_WHEN).includes(effective);
}

/** A flag's treatment under a decision the flag service made (src/generated/entities FlagDecision): control when it serves the flag no variant of its own. */
export function treatmentIn(flag: FlagName, decision: Pick<FlagDecision, 'variants'> | undefined): string {
  return resolveTreatment({ ready: decision !== undefined, treatment: decision?.variants[flag], variants: flagBehaviour[flag].variants });
}

/** The flag decisions a page carries (server to browser, src/server/plugins/client.ts): the visitor's, and the signed-in person's. */
export interface PageFlags {
  anonymous: FlagDecision;
  user?: FlagDecision;
}
