/**
 * For screen tests of the booking steps (patient information, payment): one provider, one slot of theirs
 * and the caller's hold of it, and the step rendered at its address (what was chosen, as the profile hands it
 * on) in a signed-in store over fake services, with an API transport the test answers by endpoint.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { EndpointId, EndpointRoute, RequestInput } from '@/generated/client/api';
import type { PermissionGroup } from '@/generated/enums';
import { ApiProvider } from '@/client/api/api-context';
import type { CookieUser } from '@/client/runtime/auth/credentials';
import { authenticated } from '@/client/store/auth/slice';
import { initialHelper, initialSelection } from '@/client/store/booking/slice';
import type { BookingSelection } from '@/client/store/types';
import { derivePermissions } from '@/domain/permissions';
import { storeWith, type FakeServices } from '@tests/fixtures/services';

export const slot = { id: '66666666-6666-4666-8666-666666666666', start: '2030-01-07T15:00:00Z', end: '2030-01-07T16:00:00Z' };
export const provider = {
  id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Morgan',
  lastName: 'Lee',
  title: 'LCSW',
  timeZone: 'America/New_York',
  practice: { id: '44444444-4444-4444-8444-444444444444', name: 'Riverside' },
  about: { text: '', payrates: { individual: 150 } },
  filters: [],
};
/** The account the booking is for. */
export const accountId = '00000000-0000-4000-8000-000000000001';
/** The caller's hold of the slot, as holdSlot answers it. */
export const hold = {
  holdId: 'hold-1',
  slotId: slot.id,
  providerId: provider.id,
  practiceId: provider.practice.id,
  start: slot.start,
  end: slot.end,
  appointmentMode: 'online',
  expiresAt: '2999-01-01T00:00:00Z',
};
/** What getSlots answers: the slot is the caller's hold, so no longer listed as open. */
export const slotsAnswer = { providerId: provider.id, timeZone: provider.timeZone, startDate: '2030-01-07', endDate: '2030-01-07', slots: [] };

/** A step's address with the chosen provider, practice, slot, service, mode and zone (and `extra`, already encoded). */
export function stepAddress(path: string, extra = ''): string {
  const booking = new URLSearchParams({
    providerId: provider.id,
    practiceId: provider.practice.id,
    slotId: slot.id,
    counselingType: 'Individual Counseling',
    availabilityType: 'online',
    tz: provider.timeZone,
  });
  return `${path}?${booking.toString()}${extra}`;
}

/**
 * Renders `routes` (path to screen) at `at`, signed in as `user` (permissions of `groups`), with the stored
 * booking's `selectedPatients` and what `prepare` adds; holdSlot answers `hold`. Returns the store and the endpoints called, in order.
 */
export function renderBookingStep(options: {
  services: FakeServices;
  selectedPatients: BookingSelection['selectedPatients'];
  user: CookieUser;
  groups: PermissionGroup[];
  answer: (route: EndpointRoute, input: RequestInput) => unknown;
  at: string;
  routes: Record<string, ReactNode>;
  /** what else the store holds before the first render (the flags served, say) */
  prepare?: (store: ReturnType<typeof storeWith>) => void;
}) {
  options.services.booking.holdSlot.mockResolvedValue(hold);
  const store = storeWith(options.services, {
    preloaded: { booking: { ...initialSelection, selectedPatients: options.selectedPatients }, bookingHelper: initialHelper },
  });
  store.dispatch(authenticated({ user: options.user, permissions: derivePermissions(options.groups) }));
  options.prepare?.(store);
  const calls: EndpointId[] = [];
  const transport = async (route: EndpointRoute, input: RequestInput) => {
    calls.push(route.id);
    return options.answer(route, input);
  };
  render(
    <Provider store={store}>
      <ApiProvider transport={transport}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={[options.at]}>
            <Routes>
              {Object.entries(options.routes).map(([path, element]) => (
                <Route key={path} path={path} element={element} />
              ))}
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ApiProvider>
    </Provider>,
  );
  return { store, calls };
}
