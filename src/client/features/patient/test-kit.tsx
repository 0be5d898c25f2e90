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
import { createBrowserServices } from '../../api/services';
import type { CallOptions } from '../../api/transport';
import { createAppStore } from '../../store';
import { authenticated } from '../../store/auth/slice';
import { derivePermissions } from '../../runtime/auth/permissions';
import type { Session } from './sessions/session-data';

export const testUser = { id: '00000000-0000-4000-8000-000000000001', firstName: 'Jordan', lastName: 'Rivera', email: 'jordan.rivera@example.com', userType: 'patient' as const };

export const zone = 'America/New_York';
export const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

/** A booked session of the test patient, tomorrow, changed by `over`. */
export function sessionFixture(over: Partial<Session> = {}): Session {
  const start = over.start ?? inHours(24);
  return {
    id: '11111111-1111-4111-8111-111111111111', status: 'booked', start, end: new Date(new Date(start).getTime() + 50 * 60_000).toISOString(),
    slotId: '22222222-2222-4222-8222-222222222222', appointmentMode: 'online', counselingType: 'Individual Counseling', counselingTypeId: null,
    joinUrl: 'https://video.example/room', timeZone: zone,
    provider: { id: '33333333-3333-4333-8333-333333333333', firstName: 'Morgan', lastName: 'Lee', title: 'LCSW', timeZone: zone },
    practice: { id: '44444444-4444-4444-8444-444444444444', name: 'Riverside', addressLine1: '12 High St', city: 'Columbus', state: 'OH', zipcode: '43215' },
    patients: [{ id: '55555555-5555-4555-8555-555555555555', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self', isNew: false }],
    payment: null, selfPay: false, amountDueCents: 0, createdAt: inHours(-100),
    ...over,
  } as Session;
}

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

/** `sagas`: run the store's sagas (payments, say) over the same fake transport. */
export function renderScreen(screen: ReactNode, options: { path: string; at?: string; answers: Partial<Record<EndpointId, FakeAnswer>>; sagas?: boolean }) {
  const calls: Call[] = [];
  const transport = async (route: EndpointRoute, input: RequestInput, callOptions?: CallOptions) => {
    calls.push({ id: route.id, input, ...(callOptions ? { options: callOptions } : {}) });
    const answer = options.answers[route.id];
    if (!answer) throw new Error(`the test gave no answer for ${route.id}`);
    return answer(input);
  };
  const store = createAppStore(undefined, options.sagas ? { services: createBrowserServices(transport) } : {});
  store.dispatch(authenticated({ user: testUser, permissions: derivePermissions(['patient']) }));
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
