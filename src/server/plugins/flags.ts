/**
 * The app's one flag source (product-spec §6), as `app.flags`: specs/flags.yaml evaluated in-process,
 * or the Unleash frontend API named by UNLEASH_URL. The flag endpoint answers the browser from it and
 * every rule the server enforces asks it too, so the API decides with what the browser was shown. A
 * source that does not answer gives each flag its fallback treatment (control), as the browser does.
 * Tests swap the source through buildApp's `services`, or force treatments with `app.flags.force`.
 */
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { flagSpecs, type FlagName } from '@/generated/flags';
import { flagUserKey, resolveTreatment } from '@/domain/flags';
import { specFlagSource, unleashFrontendSource, type FlagSource } from '../routes/flags/sources';

export type { FlagName };

export interface ServerFlags {
  /** where answers come from (the flag endpoint relays it) */
  readonly source: FlagSource;
  /** the treatment of a flag for a traffic key (a user's e-mail for user flags, the visitor id for anonymous ones) */
  treatment(flag: FlagName, key: string): Promise<string>;
  /** whether a flag is on for a key: its treatment is one of its enabledWhen treatments (or on) */
  isOn(flag: FlagName, key: string): Promise<boolean>;
  /** forces treatments (tests of flag-gated rules); {} forces none */
  force(overrides: Partial<Record<FlagName, string>>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    flags: ServerFlags;
  }
}

/** The source a configuration names: Unleash when UNLEASH_URL (and its key) are set, else the specs. */
export function flagSourceFor(config: Pick<Config, 'unleashUrl' | 'unleashApiKey'>): FlagSource {
  return config.unleashUrl && config.unleashApiKey ? unleashFrontendSource(config.unleashUrl, config.unleashApiKey) : specFlagSource();
}

export function serverFlags(source: FlagSource): ServerFlags {
  let forced: Partial<Record<FlagName, string>> = {};
  const treatment = async (flag: FlagName, key: string): Promise<string> => {
    const override = forced[flag];
    if (override) return override;
    const variants = flagSpecs.flags[flag].variants;
    try {
      const query = { userId: flagUserKey(key) } as never;
      // A source that decides one flag alone (the specs) is asked for that flag only; any other for its whole answer.
      if (source.toggleOf) return resolveTreatment({ ready: true, treatment: (await source.toggleOf(flag, query))?.variant.name, variants });
      const answer = await source.answer(query, undefined);
      const toggle = answer.body?.toggles.find((t) => t.name === flag);
      return resolveTreatment({ ready: Boolean(answer.body), treatment: toggle?.variant.name, variants });
    } catch {
      return resolveTreatment({ ready: false, treatment: undefined, variants });
    }
  };
  return {
    source,
    treatment,
    async isOn(flag, key) {
      const spec = flagSpecs.flags[flag];
      const chosen = await treatment(flag, key);
      const effective = chosen === 'control' ? spec.controlActsAs : chosen;
      return ((spec.enabledWhen ?? ['on']) as readonly string[]).includes(effective);
    },
    force(overrides) {
      forced = { ...overrides };
    },
  };
}

export default fp<{ config: Config; source?: FlagSource }>(
  async (app, opts) => {
    const source = opts.source ?? flagSourceFor(opts.config);
    app.addHook('onClose', async () => source.close());
    app.decorate('flags', serverFlags(source));
  },
  { name: 'flags' },
);
