/** The patient-information step's written reason: crisis words in it show the crisis screen before payment, then the booking goes on. */
import { render, screen } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { EndpointRoute } from '@/generated/client/api';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { ApiProvider } from '@/client/api/api-context';
import { derivePermissions } from '@/domain/permissions';
import { authenticated } from '@/client/store/auth/slice';
import { initialHelper, initialSelection } from '@/client/store/booking/slice';
import { fakeServices, storeWith } from '@tests/fixtures/services';
import PatientInformationPage from './PatientInformationPage';

jest.setTimeout(30_000);

const slot = { id: '66666666-6666-4666-8666-666666666666', start: '2030-01-07T15:00:00Z', end: '2030-01-07T16:00:00Z' };
const provider = {
  id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Morgan',
  lastName: 'Lee',
  title: 'LCSW',
  timeZone: 'America/New_York',
  practice: { id: '44444444-4444-4444-8444-444444444444', name: 'Riverside' },
  about: { text: '', payrates: { individual: 150 } },
  filters: [],
};
const accountId = '00000000-0000-4000-8000-000000000001';
const self = { id: '55555555-5555-4555-8555-555555555555', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' as const, dateOfBirth: '1990-04-12' };
const hold = {
  holdId: 'hold-1',
  slotId: slot.id,
  providerId: provider.id,
  practiceId: provider.practice.id,
  start: slot.start,
  end: slot.end,
  appointmentMode: 'online',
  expiresAt: '2999-01-01T00:00:00Z',
};

function renderStep() {
  const services = fakeServices();
  services.booking.holdSlot.mockResolvedValue(hold);
  const store = storeWith(services, {
    preloaded: {
      booking: {
        ...initialSelection,
        selectedPatients: [{ ...self, isExisting: true, consents: [{ isConsentProvided: true, consentType: 'bookAppointmentConsent' }] }],
      },
      bookingHelper: initialHelper,
    },
  });
  store.dispatch(
    authenticated({
      user: { id: accountId, firstName: 'Jordan', lastName: 'Rivera', email: 'jordan@example.com', userType: 'patient' },
      permissions: derivePermissions(['patient']),
    }),
  );
  const transport = async (route: EndpointRoute) => {
    if (route.id === 'getProviderProfile') return provider;
    if (route.id === 'getSlots') return { providerId: provider.id, timeZone: provider.timeZone, startDate: '2030-01-07', endDate: '2030-01-07', slots: [] };
    if (route.id === 'getUserPatients') return { items: [self] };
    if (route.id === 'getConsentTemplate') return { title: 'Consent', consentText: 'I agree.' };
    return new Promise(() => undefined);
  };
  const search = new URLSearchParams({
    providerId: provider.id,
    practiceId: provider.practice.id,
    slotId: slot.id,
    counselingType: 'Individual Counseling',
    availabilityType: 'online',
    tz: provider.timeZone,
  });
  render(
    <Provider store={store}>
      <ApiProvider transport={transport as never}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={[`${routeById.userBookingPatientInfo.path}?${search.toString()}`]}>
            <Routes>
              <Route path={routeById.userBookingPatientInfo.path} element={<PatientInformationPage />} />
              <Route path={routeById.userBookingPayment.path} element={<p>the payment step</p>} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ApiProvider>
    </Provider>,
  );
  return { store };
}

describe('patient-information step: what would you like help with?', () => {
  it('crisis words in the reason show the crisis screen before payment, then the booking goes on with the reason', async () => {
    const user = aPerson();
    const { store } = renderStep();
    await user.type(await screen.findByRole('textbox', { name: message('ui.booking.reason.label') }), 'Some days I want to die');
    await user.click(screen.getByRole('button', { name: message('ui.booking.next') }));
    const heading = await screen.findByRole('heading', { name: message('ui.crisis.heading') });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(message('ui.crisis.bookingBody'))).toBeTruthy();
    expect(screen.queryByText('the payment step')).toBeNull();
    expect(screen.getByRole('link', { name: message('ui.layout.crisis.call988') }).getAttribute('href')).toMatch(/^tel:/);
    await user.click(screen.getByRole('button', { name: message('ui.crisis.continueBooking') }));
    expect(await screen.findByText('the payment step')).toBeTruthy();
    expect(store.getState().bookingHelper.reason).toBe('Some days I want to die');
  });

  it('a reason without crisis words goes straight on to payment', async () => {
    const user = aPerson();
    const { store } = renderStep();
    await user.type(await screen.findByRole('textbox', { name: message('ui.booking.reason.label') }), 'Harmless worries about work');
    await user.click(screen.getByRole('button', { name: message('ui.booking.next') }));
    expect(await screen.findByText('the payment step')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: message('ui.crisis.heading') })).toBeNull();
    expect(store.getState().bookingHelper.reason).toBe('Harmless worries about work');
  });
});
