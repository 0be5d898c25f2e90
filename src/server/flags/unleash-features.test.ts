import { flagSpecs, type FlagName } from '@/generated/flags';
import { specFeatures, variantWeights } from './unleash-features';

describe('specs/flags.yaml as Unleash features', () => {
  it('gives the default treatment what the rollout leaves, in thousandths', () => {
    expect(variantWeights({ enabled: true, variants: ['a', 'b', 'c'], defaultVariant: 'a', rollout: [{ variant: 'b', percent: 25 }] })).toEqual([
      { name: 'a', weight: 750 },
      { name: 'b', weight: 250 },
    ]);
  });

  it('serves only the default treatment when there is no rollout', () => {
    expect(variantWeights({ enabled: true, variants: ['on', 'off'], defaultVariant: 'off' })).toEqual([{ name: 'off', weight: 1000 }]);
  });

  it('turns every spec flag into a feature whose variants are its treatments', () => {
    const features = specFeatures();
    expect(features.map((f) => f.name).sort()).toEqual(Object.keys(flagSpecs.flags).sort());
    for (const f of features) {
      const spec = flagSpecs.flags[f.name as FlagName];
      expect(f.enabled).toBe(spec.enabled);
      for (const v of f.variants ?? []) expect(spec.variants).toContain(v.name);
      expect((f.variants ?? []).reduce((sum, v) => sum + v.weight, 0)).toBe(1000);
    }
  });
});
