/**
 * The typed API client (src/generated/client/api.ts): one typed call per endpoint of specs/api,
 * carrying only what a call needs (method, path, whether it is authorized), never the schemas,
 * so the browser downloads a few bytes per endpoint. The transport (timeout, bearer token, error
 * parsing, 401 handling) is hand-written in src/client/api and passed in.
 */
import type { FlagsDoc, SpecBundle } from '../model';
import { allEndpoints } from './structure';
import { BANNER, doc, literal, pascal, union } from './util';

export function emitApiClient(b: SpecBundle): string {
  const endpoints = allEndpoints(b);
  // One line per endpoint (id, method, path, and "signed-in" where a caller must be), read into endpointRoutes when
  // the module loads: the browser's first script carries each id once, not as a key and a value with field names
  // (0.7 KB brotli of every app screen's first script).
  const routeLines = endpoints.map((e) => [e.id, e.method, e.path, ...(e.access.includes('anyone') ? [] : ['signed-in'])].join(' '));
  const inputs = endpoints.map((e) => {
    const base = pascal(e.id);
    const parts = [e.params ? `params: ${base}Params` : '', e.query ? `query?: ${base}Query` : '', e.body ? `body: ${base}Body` : ''].filter(Boolean);
    return `  ${e.id}: ${parts.length ? `{ ${parts.join('; ')} }` : 'Record<string, never>'};`;
  });
  const needsInput = (e: (typeof endpoints)[number]) => Boolean(e.params || e.body);
  // Signatures only: the calls themselves are made by one loop over endpointRoutes (createApiClient), so the
  // browser carries no code per endpoint.
  const methods = endpoints.map(
    (e) =>
      `${doc(`${e.summary} (${e.method} /api${e.path})`, 1)}  ${e.id}: (input${needsInput(e) ? '' : '?'}: EndpointInputs['${e.id}'], options?: O) => Promise<EndpointTypes['${e.id}']['response']>;`,
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

/** Each endpoint's id, method, path and, where the caller must be signed in, "signed-in". */
const ROUTE_LINES: readonly string[] = ${literal(routeLines)};

export const endpointRoutes = Object.fromEntries(
  ROUTE_LINES.map((line) => {
    const [id, method, path, signedIn] = line.split(' ');
    return [id, { id, method, path, authorized: signedIn === 'signed-in' }];
  }),
) as Readonly<Record<EndpointId, EndpointRoute>>;

/** One typed call per endpoint; \`options\` are the transport's. */
export interface ApiClient<O> {
${methods.join('\n')}
}

export function createApiClient<O>(transport: Transport<O>): ApiClient<O> {
  const call = (route: EndpointRoute) => (input?: RequestInput, options?: O) => transport(route, input ?? {}, options);
  return Object.fromEntries(Object.values(endpointRoutes).map((route) => [route.id, call(route)])) as unknown as ApiClient<O>;
}
`;
}

/**
 * React Query over the typed client (src/generated/client/hooks.ts): per endpoint its query key,
 * its query options (for loaders, prefetching and sagas) and a hook: a query for GET, a mutation
 * otherwise. Screens reach the API only through these and the typed calls of api.ts.
 */
export function emitApiHooks(b: SpecBundle): string {
  const endpoints = allEndpoints(b);
  const gets = endpoints.filter((e) => e.method === 'GET');
  const writes = endpoints.filter((e) => e.method !== 'GET');
  const hasInput = (e: (typeof endpoints)[number]) => Boolean(e.params || e.query || e.body);
  const needsInput = (e: (typeof endpoints)[number]) => Boolean(e.params || e.body);
  const inputParam = (e: (typeof endpoints)[number]) => (hasInput(e) ? `input${needsInput(e) ? '' : '?'}: EndpointInputs['${e.id}']` : '');
  const keys = gets.map((e) => `  ${e.id}: (${inputParam(e)}) => ['${e.id}'${hasInput(e) ? ', input ?? {}' : ''}] as const,`);
  const options = gets.map(
    (e) =>
      `  ${e.id}: (api: Api${hasInput(e) ? `, ${inputParam(e)}` : ''}) =>\n    queryOptions({ queryKey: queryKeys.${e.id}(${hasInput(e) ? 'input' : ''}), queryFn: () => api.${e.id}(${hasInput(e) ? 'input' : ''}) }),`,
  );
  const queryHooks = gets.map((e) => {
    const name = `use${pascal(e.id)}Query`;
    const args = hasInput(e) ? `${inputParam(e)}, ` : '';
    return `${doc(`${e.summary} (GET /api${e.path})`)}export function ${name}<TData = Response<'${e.id}'>>(${args}options?: QueryHookOptions<'${e.id}', TData>) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.${e.id}(${hasInput(e) ? 'input' : ''}) as readonly unknown[], queryFn: () => api.${e.id}(${hasInput(e) ? 'input' : ''}), ...options });
}
`;
  });
  const mutationHooks = writes.map((e) => {
    const name = `use${pascal(e.id)}Mutation`;
    const vars = hasInput(e) ? `EndpointInputs['${e.id}'] & WithCallOptions` : 'WithCallOptions | void';
    const call = hasInput(e)
      ? `({ callOptions, ...input }: ${vars}) => api.${e.id}(input as EndpointInputs['${e.id}'], callOptions)`
      : `(vars: ${vars}) => api.${e.id}(undefined, vars ? vars.callOptions : undefined)`;
    return `${doc(`${e.summary} (${e.method} /api${e.path})`)}export function ${name}(options?: MutationHookOptions<'${e.id}', ${vars}>) {
  const api = useApi();
  return useMutation({ mutationFn: ${call}, ...options });
}
`;
  });
  return `${BANNER}import { queryOptions, useMutation, useQuery, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { useApi, type ApiClient } from '../../client/api/api-context';
import type { CallOptions } from '../../client/api/transport';
import type { EndpointTypes } from '../entities';
import type { EndpointId, EndpointInputs } from './api';

type Api = ApiClient;
type Response<Id extends EndpointId> = EndpointTypes[Id]['response'];

/** Options of a generated query hook: everything but its key and function. */
export type QueryHookOptions<Id extends EndpointId, TData> = Omit<UseQueryOptions<Response<Id>, Error, TData, readonly unknown[]>, 'queryKey' | 'queryFn'>;

/** Options of a generated mutation hook: everything but its function. */
export type MutationHookOptions<Id extends EndpointId, Vars> = Omit<UseMutationOptions<Response<Id>, Error, Vars>, 'mutationFn'>;

/** What a mutation may add to its input: the transport's options (idempotency key, 401 handling). */
export interface WithCallOptions {
  callOptions?: CallOptions;
}

/** Query keys of the GET endpoints: the endpoint id, then its input (invalidate [id] for every input). */
export const queryKeys = {
${keys.join('\n')}
};

/** The key that matches every cached input of a GET endpoint: invalidate it to refresh them all. */
export function queryRoot(id: keyof typeof queryKeys): readonly [keyof typeof queryKeys] {
  return [id] as const;
}

/** Query options (key and function) of the GET endpoints, for loaders, prefetching and sagas. */
export const apiQueries = {
${options.join('\n')}
};

${queryHooks.join('\n')}
${mutationHooks.join('\n')}`;
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

/** What the browser needs of each flag (not its description or rollout): its traffic type, its treatments and how they behave. */
export const flagBehaviour: Readonly<Record<FlagName, Pick<FlagDefinition, 'type' | 'variants' | 'controlActsAs' | 'enabledWhen'>>> = ${literal(
    Object.fromEntries(
      Object.entries(flags.flags).map(([name, f]) => [
        name,
        { type: f.type, variants: f.variants, controlActsAs: f.controlActsAs, enabledWhen: f.enabledWhen },
      ]),
    ),
  )};
`;
}
