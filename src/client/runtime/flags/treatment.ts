/**
 * Treatments (product-spec §4, §6): a flag's treatment is its served variant once the flag
 * service is ready, and control otherwise - before it answers, when it fails, when the wait is
 * over, or when it does not serve the flag. Under control the app behaves as the flag's
 * controlActsAs. The user key and the fallback rule are src/domain/flags.ts.
 */
import * as storageConstants from '@/generated/constants/storage';
import * as timingConstants from '@/generated/constants/timing';
import { flagBehaviour, type FlagName } from '@/generated/flags';
import { flagOnUnder, resolveTreatment } from '@/domain/flags';

export { flagUserKey } from '@/domain/flags';

export type Treatment = string;
export type Traffic = 'anonymous' | 'user';

export interface ServedVariant {
  name: string;
  enabled: boolean;
}

/** The treatment of a served variant: control until ready, when not served, or when not one of the flag's treatments. */
export function treatmentOf(flag: FlagName, ready: boolean, variant: ServedVariant | undefined): Treatment {
  return resolveTreatment({ ready, treatment: variant?.enabled ? variant.name : undefined, variants: flagBehaviour[flag].variants });
}

export function trafficOf(flag: FlagName): Traffic {
  return flagBehaviour[flag].type;
}

/** The treatment whose behaviour applies: control acts as the flag says. */
export function effectiveTreatment(flag: FlagName, treatment: Treatment): Treatment {
  return treatment === storageConstants.treatmentFallback ? flagBehaviour[flag].controlActsAs : treatment;
}

/** Whether what the flag gates (a route, a capability) is available under this treatment. */
export function isFlagOn(flag: FlagName, treatment: Treatment): boolean {
  return flagOnUnder(flag, treatment);
}

export function isFlagName(name: string): name is FlagName {
  return Object.prototype.hasOwnProperty.call(flagBehaviour, name);
}

/**
 * Resolves when isReady() holds, checking every pollMs, or after maxWaitMs with false. The flag
 * clients are given at most that long before their treatments settle on control.
 */
export function waitUntilReady(isReady: () => boolean, pollMs = timingConstants.flagPollMs, maxWaitMs = timingConstants.flagReadyWaitMs): Promise<boolean> {
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
