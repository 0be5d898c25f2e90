/**
 * Where the flag endpoint's answers come from: specs/flags.yaml evaluated in-process (default),
 * or the Unleash frontend API named by UNLEASH_URL, relayed as is. Either way the browser gets the
 * Unleash frontend-API shape from one address, so pointing at a real Unleash changes nothing else.
 */
import { createHash } from 'node:crypto';
import type { Context, Unleash } from 'unleash-client';
import { constants } from '@/generated/constants';
import type { GetFrontendFlagsQuery, GetFrontendFlagsResponse } from '@/generated/entities';
import { AppError } from '@/server/errors';
import { specFeatures } from './unleash-features';

export interface FlagAnswer {
  status: 200 | 304;
  body?: GetFrontendFlagsResponse;
  etag?: string;
}

/** One flag's entry in an answer (present only while the flag is enabled for the context). */
export type FlagToggle = GetFrontendFlagsResponse['toggles'][number];

export interface FlagSource {
  answer(query: GetFrontendFlagsQuery, ifNoneMatch: string | undefined): Promise<FlagAnswer>;
  close(): void;
}

const PROPERTY = /^properties\[(.+)\]$/;

/** The query string of the Unleash client, as an Unleash context. */
export function contextOf(query: GetFrontendFlagsQuery): Context {
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const name = PROPERTY.exec(key)?.[1];
    if (name && value !== undefined) properties[name] = value;
  }
  const currentTime = query.currentTime ? new Date(query.currentTime) : undefined;
  return {
    userId: query.userId,
    sessionId: query.sessionId,
    remoteAddress: query.remoteAddress,
    ...(currentTime && !Number.isNaN(currentTime.getTime()) ? { currentTime } : {}),
    properties,
  };
}

function etagOf(body: GetFrontendFlagsResponse): string {
  return `"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"`;
}

/**
 * specs/flags.yaml through the Unleash SDK's own evaluation, offline (bootstrapped, never fetching). The SDK is
 * loaded and started at the first question, not with the app: most starts (every test file's app) ask none.
 */
export function specFlagSource(): FlagSource {
  const features = specFeatures();
  let started: Promise<Unleash> | undefined;
  const engine = (): Promise<Unleash> =>
    (started ??= (async () => {
      const { InMemStorageProvider, Unleash } = await import('unleash-client');
      const unleash = new Unleash({
        appName: 'flag-endpoint',
        // Never contacted: refreshInterval 0 and the bootstrap below are the only source.
        url: 'http://127.0.0.1:9/',
        refreshInterval: 0,
        disableMetrics: true,
        skipInstanceCountWarning: true,
        storageProvider: new InMemStorageProvider(),
        bootstrap: { data: features },
      });
      unleash.on('error', () => undefined);
      if (!unleash.isSynchronized()) await new Promise<void>((resolve) => unleash.once('ready', () => resolve()));
      return unleash;
    })());
  /** The toggle of one feature for a context, as the frontend API lists it (only while enabled). */
  const toggle = (unleash: Unleash, feature: string, context: Context): FlagToggle | undefined => {
    if (!unleash.isEnabled(feature, context)) return undefined;
    const { name, enabled, payload } = unleash.getVariant(feature, context);
    return {
      name: feature,
      enabled: true,
      impressionData: false,
      variant: { name, enabled, ...(payload ? { payload: { type: payload.type, value: payload.value } } : {}) },
    };
  };
  return {
    async answer(query, ifNoneMatch) {
      const unleash = await engine();
      const context = contextOf(query);
      const toggles = features.map((f) => toggle(unleash, f.name, context)).filter((t): t is FlagToggle => t !== undefined);
      const body = { toggles };
      const etag = etagOf(body);
      return ifNoneMatch === etag ? { status: 304, etag } : { status: 200, body, etag };
    },
    close() {
      void started?.then((unleash) => unleash.destroy());
    },
  };
}

/** A real Unleash (or Unleash Edge) frontend API; its answer is passed on untouched. */
export function unleashFrontendSource(url: string, apiKey: string, fetchImpl: typeof fetch = fetch): FlagSource {
  return {
    async answer(query, ifNoneMatch) {
      const target = new URL(url);
      for (const [key, value] of Object.entries(query)) if (value !== undefined) target.searchParams.append(key, value);
      let response: Response;
      try {
        response = await fetchImpl(target, {
          headers: { accept: 'application/json', authorization: apiKey, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
          signal: AbortSignal.timeout(constants.apiTimeoutMs),
        });
      } catch (cause) {
        throw new AppError('SERVICE_UNAVAILABLE', { cause });
      }
      const etag = response.headers.get('etag') ?? undefined;
      if (response.status === 304) return { status: 304, etag };
      if (!response.ok) throw new AppError('SERVICE_UNAVAILABLE', { cause: new Error(`Unleash answered ${response.status}`) });
      return { status: 200, body: (await response.json()) as GetFrontendFlagsResponse, etag };
    },
    close() {},
  };
}
