/**
 * specs/flags.yaml as Unleash feature definitions, so the API picks treatments exactly as a real
 * Unleash would (same hashing, same stickiness): a flag is on for everyone it is served to, and
 * its treatment is a variant, the default one weighted by what the rollout leaves.
 */
import type { ClientFeaturesResponse } from 'unleash-client';
import { flagSpecs } from '@/generated/flags';

/** Unleash splits variant traffic in thousandths. */
const WEIGHT_TOTAL = 1000;

type FeatureInterface = ClientFeaturesResponse['features'][number];

export interface FlagSpec {
  enabled: boolean;
  variants: readonly string[];
  defaultVariant: string;
  rollout?: readonly { variant: string; percent: number }[];
}

export function variantWeights(flag: FlagSpec): { name: string; weight: number }[] {
  const rolled = new Map<string, number>();
  for (const r of flag.rollout ?? []) rolled.set(r.variant, (rolled.get(r.variant) ?? 0) + Math.round(r.percent * (WEIGHT_TOTAL / 100)));
  const rest = WEIGHT_TOTAL - [...rolled.values()].reduce((a, b) => a + b, 0);
  rolled.set(flag.defaultVariant, (rolled.get(flag.defaultVariant) ?? 0) + rest);
  return flag.variants.map((name) => ({ name, weight: rolled.get(name) ?? 0 })).filter((v) => v.weight > 0);
}

export function toUnleashFeature(name: string, flag: FlagSpec): FeatureInterface {
  return {
    name,
    type: 'release',
    project: 'default',
    stale: false,
    impressionData: false,
    enabled: flag.enabled,
    strategies: [{ name: 'default', parameters: {}, constraints: [] }],
    // stickiness "default": the userId the client sends (visitor id or lower-cased user key), else the session.
    variants: variantWeights(flag).map((v) => ({ ...v, weightType: 'variable', stickiness: 'default' })),
  };
}

export function specFeatures(flags: Readonly<Record<string, FlagSpec>> = flagSpecs.flags): FeatureInterface[] {
  return Object.entries(flags).map(([name, flag]) => toUnleashFeature(name, flag));
}
