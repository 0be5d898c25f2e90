/**
 * For component tests of signed-in screens: a store signed in with the given permission groups (a
 * patient by default), a query client that does not retry, and the real generated API client over a
 * fake transport that answers by endpoint id; with `sagas`, the store's sagas run over it too. The
 * app's toasts are shown, as in the app shell.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PermissionGroup } from '@/generated/enums';
import type { EndpointId, EndpointRoute, RequestInput } from '@/generated/client/api';
import { ApiProvider } from '@/client/api/api-context';
import { Toasts } from '@/client/app/Toasts';
import { ApiError, parseErrorBody } from '@/client/api/errors';
import { createBrowserServices } from '@/client/api/services';
import type { CallOptions } from '@/client/api/transport';
import { createAppStore } from '@/client/store';
import { authenticated } from '@/client/store/auth/slice';
import type { CookieUser } from '@/client/runtime/auth/credentials';
import { derivePermissions } from '@/domain/permissions';

export const testUser = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Jordan',
  lastName: 'Rivera',
  email: 'jordan.rivera@example.com',
  userType: 'patient' as const,
};

export type FakeAnswer = (input: RequestInput) => unknown;

/** An API error answer as the server sends it (status and catalogue body). */
export function httpError(endpointId: string, status: number, body: unknown = {}): ApiError {
  return new ApiError('http', endpointId, status, parseErrorBody(body));
}

export interface Call {
  id: EndpointId;
  input: RequestInput;
  options?: CallOptions;
}

/**
 * `sagas`: run the store's sagas (payments, say) over the same fake transport. `queryClient`: the app's
 * own (createQueryClient, its cache freshness included) instead of one where every read is at once stale.
 */
export function renderScreen(
  screen: ReactNode,
  options: {
    path: string;
    at?: string;
    answers: Partial<Record<EndpointId, FakeAnswer>>;
    sagas?: boolean;
    groups?: PermissionGroup[];
    queryClient?: QueryClient;
    /** the signed-in person's details over testUser's (a staff member's account zone, say) */
    user?: Partial<CookieUser>;
  },
) {
  const calls: Call[] = [];
  const transport = async (route: EndpointRoute, input: RequestInput, callOptions?: CallOptions) => {
    calls.push({ id: route.id, input, ...(callOptions ? { options: callOptions } : {}) });
    const answer = options.answers[route.id];
    if (!answer) throw new Error(`the test gave no answer for ${route.id}`);
    return answer(input);
  };
  const store = createAppStore(undefined, options.sagas ? { services: createBrowserServices(transport) } : {});
  store.dispatch(authenticated({ user: { ...testUser, ...options.user }, permissions: derivePermissions(options.groups ?? ['patient']) }));
  const queryClient = options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <Provider store={store}>
      <ApiProvider transport={transport}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[options.at ?? options.path]}>
            <Routes>
              <Route path={options.path} element={screen} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
          <Toasts />
        </QueryClientProvider>
      </ApiProvider>
    </Provider>,
  );
  return { ...result, store, calls, queryClient };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}
