/**
 * How screens reach the API: one transport per render tree. In the browser it is the transport
 * main.tsx registers (timeout, bearer token, error parsing); the server renderer provides its own
 * (in-process, per request) and component tests a fake one, through ApiProvider. Screens use the
 * typed client generated from specs/api (useApi) and the generated query and mutation hooks
 * (src/generated/client/hooks.ts), which run over this transport; sagas get the same typed client
 * through their services (services.ts).
 * There is no untyped call by endpoint id: every screen, loader and saga goes through this client.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { createApiClient, type EndpointId, type EndpointInputs, type Transport } from '@/generated/client/api';
import type { CallOptions } from './transport';

export type ApiClient = ReturnType<typeof createApiClient<CallOptions>>;

/** A typed call: the input is what the endpoint takes. */
export type EndpointInput<I extends EndpointId> = EndpointInputs[I];

let browserTransport: Transport<CallOptions> | undefined;

/** main.tsx hands over the browser transport once, before the app renders. */
export function registerBrowserTransport(transport: Transport<CallOptions>): void {
  browserTransport = transport;
}

/** The registered browser transport, looked up at call time (screens may render before main.tsx registers it in tests). */
const registeredTransport: Transport<CallOptions> = (route, input, options) => {
  if (!browserTransport) return Promise.reject(new Error('The API transport is not registered (main.tsx registers it before rendering).'));
  return browserTransport(route, input, options);
};

const TransportContext = createContext<Transport<CallOptions>>(registeredTransport);

export function ApiProvider({ transport, children }: { transport: Transport<CallOptions>; children: ReactNode }) {
  return <TransportContext.Provider value={transport}>{children}</TransportContext.Provider>;
}

/** The typed API client over the tree's transport. */
export function useApi(): ApiClient {
  const transport = useContext(TransportContext);
  return useMemo(() => createApiClient(transport), [transport]);
}
