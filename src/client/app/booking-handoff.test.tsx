/**
 * The hand-off from a chosen time to the booking (product-spec §2 booking flow): the booking's
 * address alone carries what was chosen, so the booking survives identity verification (returnTo),
 * a reload or a fresh browser; a step that reads stored state (who attends) waits for it to be
 * restored before deciding it is missing.
 */
import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as StoreProvider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Storage } from 'redux-persist';
import type { EndpointId, EndpointRoute, RequestInput } from '@/generated/client/api';
import { routeById } from '@/generated/routes';
import * as timingConstants from '@/generated/constants/timing';
import { message } from '@/domain/messages';
import { safeReturnPath } from '@/domain/return-to';
import { ApiProvider } from '../api/api-context';
import { createBrowserServices } from '../api/services';
import { createAppStore } from '../store';
import { authenticated } from '../store/auth/slice';
import { bookingSelectionUpdated } from '../store/booking/slice';
import { selectRestored } from '../store/restoring';
import { attachPersistence } from '../store/persistence';
import { derivePermissions } from '@/domain/permissions';
import { ProviderProfile } from '../features/visitor/ProviderProfile';
import { SlotPicker } from '../features/visitor/SlotPicker';
import BookingPage from '../features/booking/BookingPage';
import PaymentPage from '../features/booking/PaymentPage';
import { stepById } from '../features/booking/flow';
import { formatTime, viewerTimeZone, zoneLabel } from '@/domain/date-format';
import { stubMatchMedia } from '@tests/support/match-media';

const provider = {
  id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Morgan',
  lastName: 'Lee',
  title: 'PMHNP',
  timeZone: 'America/New_York',
  licensedStates: ['OH'],
  providerSlugs: [],
  practice: {
    id: '44444444-4444-4444-8444-444444444444',
    name: 'Riverside',
    addressLine1: '1 Main St',
    city: 'Columbus',
    state: 'OH',
    zipcode: '43215',
    country: 'US',
  },
  about: { text: 'Hello.', payrates: { individual: 150 } },
  filters: [
    { id: 1, type: 'counseling_type', value: 'Medication/Psychiatry', description: null },
    { id: 2, type: 'counseling_type', value: 'Individual Counseling', description: null },
    { id: 3, type: 'availability_type', value: 'online', description: null },
  ],
};
const slot = {
  id: '66666666-6666-4666-8666-666666666666',
  start: '2030-01-08T15:00:00Z',
  end: '2030-01-08T16:00:00Z',
  practiceId: provider.practice.id,
  providerId: provider.id,
  availabilityType: 'online',
  timeOfDay: 'morning',
  isMedication: false,
};
/**
 * A time's accessible name: the time in the reader's zone (this device's: the app shows times in it), that zone
 * (every time is named with its zone), then the session type.
 */
const slotName = () =>
  new RegExp(`^${formatTime(slot.start, viewerTimeZone())} ${zoneLabel(viewerTimeZone(), new Date(slot.start)).replace(/[()]/g, '\\$&')} Video visit`);
const hold = {
  holdId: '77777777-7777-4777-8777-777777777777',
  slotId: slot.id,
  providerId: provider.id,
  practiceId: slot.practiceId,
  start: slot.start,
  end: slot.end,
  appointmentMode: 'online',
  expiresAt: '2999-01-01T00:00:00Z',
};
const user = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Jordan',
  lastName: 'Rivera',
  email: 'jordan.rivera@example.com',
  userType: 'patient' as const,
};

// The slot table asks how wide the window is.
beforeAll(() => stubMatchMedia());

type Answers = Partial<Record<EndpointId, (input: RequestInput) => unknown>>;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** One browser: a store (restored from `storage` when given), the API answering by endpoint id, the router at `at`. */
function open(at: string, routes: Record<string, ReactNode>, answers: Answers, options: { signedIn?: boolean; storage?: Storage } = {}) {
  const calls: { id: EndpointId; input: RequestInput }[] = [];
  const transport = async (route: EndpointRoute, input: RequestInput) => {
    calls.push({ id: route.id, input });
    const answer = answers[route.id];
    // Anything else this test does not look at stays pending.
    return answer ? answer(input) : new Promise(() => undefined);
  };
  const store = createAppStore(undefined, { services: createBrowserServices(transport), restores: Boolean(options.storage) });
  if (options.storage) attachPersistence(store, options.storage);
  if (options.signedIn) store.dispatch(authenticated({ user, permissions: derivePermissions(['patient']) }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { unmount } = render(
    <StoreProvider store={store}>
      <ApiProvider transport={transport}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[at]}>
            <Routes>
              {Object.entries(routes).map(([path, element]) => (
                <Route key={path} path={path} element={element} />
              ))}
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ApiProvider>
    </StoreProvider>,
  );
  return { store, calls, unmount };
}

const bookingAnswers: Answers = {
  getProviderProfile: () => provider,
  getSlots: (input) => ({
    providerId: provider.id,
    timeZone: provider.timeZone,
    startDate: '2030-01-08',
    endDate: '2030-01-08',
    slots: (input.query as { slotId?: string }).slotId === slot.id ? [slot] : [],
  }),
  holdSlot: () => hold,
};

/** The address a visitor is sent back to after verifying, from choosing a time on the provider's profile. */
async function chooseTimeOnProfile(): Promise<string> {
  const profile = open(
    '/profile',
    { '/profile': <ProviderProfile lookup={{ providerId: provider.id }} /> },
    {
      getProviderProfile: () => provider,
      getProviderFilters: () => ({ items: [] }),
      getProviderAvailability: () => ({ providerId: provider.id, timeZone: provider.timeZone, startDate: '2030-01-08', endDate: '2030-01-14', slots: [slot] }),
    },
  );
  await userEvent.click(await screen.findByRole('button', { name: slotName() }));
  const where = new URL((await screen.findByTestId('where')).textContent!, 'http://site.test');
  expect(where.pathname).toBe(routeById.bookingVerifyUser.path);
  profile.unmount();
  return safeReturnPath(where.searchParams.get('returnTo'), '/');
}

describe('choosing a time hands the whole booking to its address', () => {
  it('carries provider, practice, slot, service, mode and time zone through identity verification', async () => {
    const returnTo = new URL(await chooseTimeOnProfile(), 'http://site.test');
    expect(returnTo.pathname).toBe(routeById.booking.path);
    expect(Object.fromEntries(returnTo.searchParams)).toEqual({
      providerId: provider.id,
      practiceId: provider.practice.id,
      slotId: slot.id,
      // A time that is not a medication slot is a therapy session, even with a provider who also prescribes.
      counselingType: 'Individual Counseling',
      availabilityType: 'online',
      tz: provider.timeZone,
      showSuccessModal: 'true',
    });
  });

  it('the booking page at that address, in a browser that stored nothing, shows the provider and the time from the API', async () => {
    const returnTo = await chooseTimeOnProfile();
    const { calls } = open(returnTo, { [routeById.booking.path]: <BookingPage /> }, bookingAnswers, { signedIn: true });
    const summary = await screen.findByRole('region', { name: message('ui.booking.slot.heading') });
    expect(summary.textContent).toContain('Morgan Lee, PMHNP');
    expect(summary.textContent).toContain('10:00 AM');
    expect(calls.find((c) => c.id === 'getSlots')?.input.query).toMatchObject({ providerId: provider.id, slotId: slot.id });
    // Signed in: the time is held for them, and the service they searched for is chosen.
    await waitFor(() => expect(calls.some((c) => c.id === 'holdSlot')).toBe(true));
    expect((screen.getByLabelText('Service type') as HTMLSelectElement).value).toBe('Individual Counseling');
    await userEvent.click(screen.getByRole('button', { name: message('ui.booking.next') }));
    const next = new URL((await screen.findByTestId('where')).textContent!, 'http://site.test');
    expect(next.pathname).toBe(routeById.userBookingPatientInfo.path);
    expect(Object.fromEntries(next.searchParams)).toMatchObject({
      providerId: provider.id,
      practiceId: provider.practice.id,
      slotId: slot.id,
      counselingType: 'Individual Counseling',
      availabilityType: 'online',
    });
  });

  it('a therapy search offers therapy times: the slot table asks for the counseling type searched for', async () => {
    const { calls } = open(
      '/search',
      { '/search': <SlotPicker provider={provider as never} counselingType="Individual Counseling" onChoose={() => undefined} /> },
      {
        getProviderAvailability: () => ({
          providerId: provider.id,
          timeZone: provider.timeZone,
          startDate: '2030-01-08',
          endDate: '2030-01-14',
          slots: [slot],
        }),
      },
    );
    await screen.findByRole('button', { name: slotName() });
    expect(calls.find((c) => c.id === 'getProviderAvailability')?.input.query).toMatchObject({ counselingType: 'Individual Counseling' });
  });

  it('an address without a provider or a time explains what to do', async () => {
    open(routeById.booking.path, { [routeById.booking.path]: <BookingPage /> }, bookingAnswers);
    expect(await screen.findByText(message('ui.booking.slot.missing'))).toBeTruthy();
    expect(screen.getByRole('link', { name: message('ui.booking.slot.findProvider') }).getAttribute('href')).toBe(routeById.providerSearch.path);
  });
});

/** Browser storage that answers only when the test says so (a slow IndexedDB). */
function slowStorage() {
  const items = new Map<string, string>();
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let slow = false;
  const storage: Storage = {
    getItem: async (key: string) => {
      if (slow) await released;
      return items.get(key) ?? null;
    },
    setItem: async (key: string, value: string) => void items.set(key, value),
    removeItem: async (key: string) => void items.delete(key),
  };
  return { storage, slowFromNowOn: () => (slow = true), release: () => release() };
}

describe('a reload of the payment step', () => {
  const payAt = `${routeById.userBookingPayment.path}?${new URLSearchParams({ providerId: provider.id, practiceId: provider.practice.id, slotId: slot.id, counselingType: 'Individual Counseling', availabilityType: 'online', tz: provider.timeZone }).toString()}`;
  const routes = { [routeById.userBookingPayment.path]: <PaymentPage /> };

  it('waits for the stored booking, then shows the step for the patients chosen before', async () => {
    const { storage, slowFromNowOn, release } = slowStorage();
    // An earlier page load stored who attends.
    const first = createAppStore(undefined, { restores: true });
    const persistor = attachPersistence(first, storage);
    await waitFor(() => expect(selectRestored(first.getState())).toBe(true));
    first.dispatch(
      bookingSelectionUpdated({ selectedPatients: [{ firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self', dateOfBirth: '1990-04-12' }] }),
    );
    await persistor.flush();

    // The reload: storage answers late; nothing is decided before it does.
    slowFromNowOn();
    open(payAt, routes, bookingAnswers, { signedIn: true, storage });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('where')).toBeNull();
    release();
    const heading = stepById('pay').copy?.heading as string;
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByRole('checkbox', { name: stepById('pay').copy?.consent as string })).toBeTruthy();
  });

  it('with nothing stored (a bookmark, another device), resumes at patient information with the same booking', async () => {
    const { storage } = slowStorage();
    open(payAt, routes, bookingAnswers, { signedIn: true, storage });
    const where = new URL((await screen.findByTestId('where', {}, { timeout: timingConstants.persistRestoreTimeoutMs })).textContent!, 'http://site.test');
    expect(where.pathname).toBe(routeById.userBookingPatientInfo.path);
    expect(where.searchParams.get('providerId')).toBe(provider.id);
    expect(where.searchParams.get('slotId')).toBe(slot.id);
  });
});
