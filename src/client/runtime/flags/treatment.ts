/**
 * Treatments (product-spec §4, §6): a flag's treatment is its served variant once the flag
 * service is ready, and control otherwise - before it answers, when it fails, when the wait is
 * over, or when it does not serve the flag. Under control the app behaves as the flag's
 * controlActsAs. Swap flagUserKey and treatmentOf for src/domain/flags.ts once it exists.
 */
import { constants } from '../../../generated/constants';
import { flagBehaviour, type FlagName } from '../../../generated/flags';

export type Treatment = string;
export type Traffic = 'anonymous' | 'user';

/** The user traffic key is lower-cased before use. */
export function flagUserKey(key: string): string {
  return key.trim().toLowerCase();
}

export interface ServedVariant {
  name: string;
  enabled: boolean;
}

export function treatmentOf(ready: boolean, variant: ServedVariant | undefined): Treatment {
  return ready && variant?.enabled && variant.name ? variant.name : constants.treatmentFallback;
}

export function trafficOf(flag: FlagName): Traffic {
  return flagBehaviour[flag].type;
}

/** The treatment whose behaviour applies: control acts as the flag says. */
export function effectiveTreatment(flag: FlagName, treatment: Treatment): Treatment {
  return treatment === constants.treatmentFallback ? flagBehaviour[flag].controlActsAs : treatment;
}

const DEFAULT_ENABLED_WHEN: readonly string[] = ['on'];

/** Whether what the flag gates (a route, a capability) is available under this treatment. */
export function isFlagOn(flag: FlagName, treatment: Treatment): boolean {
  return (flagBehaviour[flag].enabledWhen ?? DEFAULT_ENABLED_WHEN).includes(effectiveTreatment(flag, treatment));
}

export function isFlagName(name: string): name is FlagName {
  return Object.prototype.hasOwnProperty.call(flagBehaviour, name);
}

/**
 * Resolves when isReady() holds, checking every pollMs, or after maxWaitMs with false. The flag
 * clients are given at most that long before their treatments settle on control.
 */
export function waitUntilReady(isReady: () => boolean, pollMs = constants.flagPollMs, maxWaitMs = constants.flagReadyWaitMs): Promise<boolean> {
  return new Promise((resolve) => {
    if (isReady()) {
      resolve(true);
      return;
    }
    const started = Date.now();
    const timer = setInterval(() => {
      if (isReady()) {
        clearInterval(timer);
        resolve(true);
      } else if (Date.now() - started >= maxWaitMs) {
        clearInterval(timer);
        resolve(false);
      }
    }, pollMs);
  });
}
