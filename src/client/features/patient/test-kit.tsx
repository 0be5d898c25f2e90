/**
 * For component tests of the patient dashboard: a signed-in patient's store, a query client that
 * does not retry, and the real generated API client over a fake transport that answers by endpoint id.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EndpointId, EndpointRoute, RequestInput } from '../../../generated/client/api';
import { ApiProvider } from '../../api/api-context';
import { ApiError, parseErrorBody } from '../../api/errors';
import { createAppStore } from '../../store';
import { authenticated } from '../../store/auth/slice';
import { derivePermissions } from '../../runtime/auth/permissions';

export const testUser = { id: '00000000-0000-4000-8000-000000000001', firstName: 'Jordan', lastName: 'Rivera', email: 'jordan.rivera@example.com', userType: 'patient' as const };

export type FakeAnswer = (input: RequestInput) => unknown;

/** An API error answer as the server sends it (status and catalogue body). */
export function httpError(endpointId: string, status: number, body: unknown = {}): ApiError {
  return new ApiError('http', endpointId, status, parseErrorBody(body));
}

export interface Call {
  id: EndpointId;
  input: RequestInput;
}

export function renderScreen(screen: ReactNode, options: { path: string; at?: string; answers: Partial<Record<EndpointId, FakeAnswer>> }) {
  const store = createAppStore();
  store.dispatch(authenticated({ user: testUser, permissions: derivePermissions(['patient']) }));
  const calls: Call[] = [];
  const transport = async (route: EndpointRoute, input: RequestInput) => {
    calls.push({ id: route.id, input });
    const answer = options.answers[route.id];
    if (!answer) throw new Error(`the test gave no answer for ${route.id}`);
    return answer(input);
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
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
