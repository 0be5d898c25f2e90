/**
 * The typed API client (src/generated/client/api.ts): one function per endpoint of specs/api,
 * carrying only what a call needs (method, path, whether it is authorized), never the schemas,
 * so the browser downloads a few bytes per endpoint. The transport (timeout, bearer token, error
 * parsing, 401 handling) is hand-written in src/client/api and passed in.
 */
import type { FlagsDoc, SpecBundle } from '../model';
import { allEndpoints } from './structure';
import { BANNER, doc, literal, pascal, union } from './util';

export function emitApiClient(b: SpecBundle): string {
  const endpoints = allEndpoints(b);
  const routes = Object.fromEntries(endpoints.map((e) => [e.id, { id: e.id, method: e.method, path: e.path, authorized: !e.access.includes('anyone') }]));
  const inputs = endpoints.map((e) => {
    const base = pascal(e.id);
    const parts = [e.params ? `params: ${base}Params` : '', e.query ? `query?: ${base}Query` : '', e.body ? `body: ${base}Body` : ''].filter(Boolean);
    return `  ${e.id}: ${parts.length ? `{ ${parts.join('; ')} }` : 'Record<string, never>'};`;
  });
  const needsInput = (e: (typeof endpoints)[number]) => Boolean(e.params || e.body);
  const methods = endpoints.map(
    (e) =>
      `${doc(`${e.summary} (${e.method} /api${e.path})`, 2)}    ${e.id}: (input${needsInput(e) ? '' : '?'}: EndpointInputs['${e.id}'], options?: O) =>\n      transport(endpointRoutes.${e.id}, input ?? {}, options) as Promise<EndpointTypes['${e.id}']['response']>,`,
  );
  const typeNames = endpoints.flatMap((e) => {
    const base = pascal(e.id);
    return [e.params ? `${base}Params` : '', e.query ? `${base}Query` : '', e.body ? `${base}Body` : ''].filter(Boolean);
  });
  return `${BANNER}import type { ${['EndpointTypes', ...typeNames].join(', ')} } from '../entities';

export type EndpointId = ${union(endpoints.map((e) => e.id))};

export interface EndpointRoute {
  id: EndpointId;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** path under /api, with {param} placeholders */
  path: string;
  /** true when the caller must be signed in (a 401 then means the session is over) */
  authorized: boolean;
}

/** What each endpoint takes: path parameters, query and body, as specified. */
export interface EndpointInputs {
${inputs.join('\n')}
}

export interface RequestInput {
  params?: object;
  query?: object;
  body?: unknown;
}

export type Transport<O> = (route: EndpointRoute, input: RequestInput, options?: O) => Promise<unknown>;

export const endpointRoutes: Readonly<Record<EndpointId, EndpointRoute>> = ${literal(routes)};

export function createApiClient<O>(transport: Transport<O>) {
  return {
${methods.join('\n')}
  };
}

export type ApiClient<O> = ReturnType<typeof createApiClient<O>>;
`;
}

/** specs/flags.yaml, typed: the API evaluates it, the client reads traffic types and what control acts as. */
export function emitFlags(flags: FlagsDoc): string {
  return `${BANNER}
export type FlagName = ${union(Object.keys(flags.flags))};

export interface FlagDefinition {
  description: string;
  /** anonymous: keyed by the visitor id; user: keyed by the lower-cased user key */
  type: 'anonymous' | 'user';
  /** false: not served, so everyone gets control */
  enabled: boolean;
  /** the treatments */
  variants: readonly string[];
  defaultVariant: string;
  rollout?: readonly { variant: string; percent: number }[];
  /** the treatment whose behaviour the app shows under control */
  controlActsAs: string;
  /** treatments under which what the flag gates is available (default: on) */
  enabledWhen?: readonly string[];
  gates?: string;
}

/** Feature flags of product-spec §6, evaluated by the API in the Unleash frontend-API shape. */
export const flagSpecs: { readonly flags: Readonly<Record<FlagName, FlagDefinition>> } = ${literal(flags)};

/** What the browser needs of each flag: its traffic type and how control and treatments behave. */
export const flagBehaviour: Readonly<Record<FlagName, Pick<FlagDefinition, 'type' | 'controlActsAs' | 'enabledWhen'>>> = ${literal(
    Object.fromEntries(Object.entries(flags.flags).map(([name, f]) => [name, { type: f.type, controlActsAs: f.controlActsAs, enabledWhen: f.enabledWhen }])),
  )};
`;
}
