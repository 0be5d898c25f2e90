/**
 * The app's one flag source (product-spec §6), as `app.flags`: specs/flags.yaml evaluated in-process,
 * or the Unleash frontend API named by UNLEASH_URL. The flag endpoint answers the browser from it and
 * every rule the server enforces asks it too, so the API decides with what the browser was shown.
 *
 * A decision is made for a traffic key (the visitor id, or a user's lower-cased key): every flag the
 * source serves to it. The source is given flagReadyWaitMs, as the browser gives it; when it is slower
 * or fails, the decision is the last one the source made for that key (its late answer still becomes
 * the last one), so a slow or absent flag service never switches a feature off for someone it was on
 * for. A key the server has never had an answer for falls back to control (specs/flags.yaml's controlActsAs), and
 * so does the one key shared by every caller without a visitor id (on control values while Unleash is down).
 * Tests swap the source through buildApp's `services`, or force treatments with `app.flags.force`.
 */
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { constants } from '@/generated/constants';
import type { FlagDecision } from '@/generated/entities';
import type { FlagName } from '@/generated/flags';
import { flagOnUnder, flagUserKey, treatmentIn } from '@/domain/flags';
import { specFlagSource, unleashFrontendSource, type FlagSource } from '../flags/sources';

export type { FlagName };

export interface ServerFlags {
  /** where answers come from (the flag endpoint relays it) */
  readonly source: FlagSource;
  /**
   * every flag the source serves to a traffic key, with its variant (see above for a slow or failing source);
   * `shared`: the key stands for callers the server cannot tell apart, so no last decision is anyone's own and a
   * slow or failing source gives control
   */
  decide(key: string, options?: DecideOptions): Promise<FlagDecision>;
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

export interface DecideOptions {
  shared?: boolean;
}

export interface ServerFlagOptions {
  /** how long a decision waits for the source before it takes the last known one */
  waitMs?: number;
  /** how many keys' last decisions are kept (the oldest asked-for goes first) */
  remembered?: number;
}

export function serverFlags(source: FlagSource, options: ServerFlagOptions = {}): ServerFlags {
  const waitMs = options.waitMs ?? constants.flagReadyWaitMs;
  const remembered = options.remembered ?? constants.flagDecisionsRemembered;
  let forced: Partial<Record<FlagName, string>> = {};
  /** the last variants the source served to each key (a Map keeps insertion order: the first is the oldest) */
  const lastKnown = new Map<string, Record<string, string>>();
  /** one question to the source per key at a time: a burst of requests for one visitor asks once */
  const asking = new Map<string, Promise<Record<string, string> | undefined>>();

  const remember = (key: string, variants: Record<string, string>) => {
    lastKnown.delete(key);
    lastKnown.set(key, variants);
    if (lastKnown.size > remembered) lastKnown.delete(lastKnown.keys().next().value!);
  };

  const ask = (key: string): Promise<Record<string, string> | undefined> => {
    let pending = asking.get(key);
    if (!pending) {
      pending = source
        .answer({ userId: key }, undefined)
        .then(
          (answer) => {
            if (!answer.body) return undefined;
            const variants: Record<string, string> = {};
            for (const toggle of answer.body.toggles) if (toggle.enabled && toggle.variant.enabled) variants[toggle.name] = toggle.variant.name;
            remember(key, variants);
            return variants;
          },
          () => undefined,
        )
        .finally(() => asking.delete(key));
      asking.set(key, pending);
    }
    return pending;
  };

  const decide = async (key: string, { shared = false }: DecideOptions = {}): Promise<FlagDecision> => {
    let stopWaiting = () => {};
    const late = new Promise<undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), waitMs);
      stopWaiting = () => clearTimeout(timer);
    });
    const served = await Promise.race([ask(key), late]).finally(() => stopWaiting());
    const variants = served ?? (shared ? undefined : lastKnown.get(key)) ?? {};
    const overrides = Object.fromEntries(Object.entries(forced).filter((entry): entry is [string, string] => Boolean(entry[1])));
    return { key, variants: { ...variants, ...overrides } };
  };

  const treatment = async (flag: FlagName, key: string) => treatmentIn(flag, await decide(flagUserKey(key)));
  return {
    source,
    decide: (key, options) => decide(flagUserKey(key), options),
    treatment,
    async isOn(flag, key) {
      return flagOnUnder(flag, await treatment(flag, key));
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
