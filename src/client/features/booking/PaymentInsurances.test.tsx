/** The payment step's insurances arrive late (after the patient's record): their place is kept, so Self-Pay never moves under a tap. */
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { EndpointRoute } from '@/generated/client/api';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { constantIn } from '@/domain/translations';
import { ApiProvider } from '@/client/api/api-context';
import { derivePermissions } from '@/domain/permissions';
import { authenticated } from '@/client/store/auth/slice';
import { initialHelper, initialSelection } from '@/client/store/booking/slice';
import { fakeServices, storeWith } from '@tests/fixtures/services';
import PaymentPage from './PaymentPage';

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
const patientId = '55555555-5555-4555-8555-555555555555';
const patient = { id: patientId, firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' as const, dateOfBirth: '1990-04-12' };
const insurance = (id: string, carrierName: string, planName: string) => ({
  id,
  patientId,
  carrierCode: carrierName.toUpperCase(),
  carrierName,
  planName,
  memberId: `${carrierName.slice(0, 3)}1`,
  isMedicaid: false,
  internalOutcomeAssessment: null,
  insuranceInquiryAudits: [],
});

function renderPaymentStep(insurancesArrive: Promise<unknown>) {
  const services = fakeServices();
  // The slot is this person's hold (so no longer listed as open).
  services.booking.holdSlot.mockResolvedValue({
    holdId: 'hold-1',
    slotId: slot.id,
    providerId: provider.id,
    practiceId: provider.practice.id,
    start: slot.start,
    end: slot.end,
    appointmentMode: 'online',
    expiresAt: '2999-01-01T00:00:00Z',
  });
  const store = storeWith(services, {
    preloaded: { booking: { ...initialSelection, selectedPatients: [patient] }, bookingHelper: initialHelper },
  });
  store.dispatch(
    authenticated({
      user: { id: '00000000-0000-4000-8000-000000000001', firstName: 'Jordan', lastName: 'Rivera', email: 'x@example.com', userType: 'patient' },
      permissions: derivePermissions(['patient']),
    }),
  );
  const transport = async (route: EndpointRoute) => {
    if (route.id === 'getProviderProfile') return provider;
    if (route.id === 'getSlots') return { providerId: provider.id, timeZone: provider.timeZone, startDate: '2030-01-07', endDate: '2030-01-07', slots: [] };
    if (route.id === 'getPatient') return { ehrId: null, licenseKey: 'lk' };
    if (route.id === 'listPatientInsurances') return insurancesArrive;
    return new Promise(() => undefined);
  };
  const path = routeById.userBookingPayment.path;
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
          <MemoryRouter initialEntries={[`${path}?${search.toString()}`]}>
            <Routes>
              <Route path={path} element={<PaymentPage />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ApiProvider>
    </Provider>,
  );
}

describe("the payment step's insurances", () => {
  it('are awaited in the place they are then shown in, above a Self-Pay that is offered from the start', async () => {
    let arrive: (answer: unknown) => void = () => undefined;
    renderPaymentStep(new Promise((resolve) => (arrive = resolve)));
    const selfPay = await screen.findByRole('radio', { name: new RegExp(`^${constantIn('selfPayLabel').full.replace(/[/]/g, '\\/')}`) });
    const waiting = await screen.findByRole('status', { name: message('ui.booking.pay.checking') });
    // The box the insurances will take: what is awaited in it, and Self-Pay after it, outside it.
    const box = waiting.parentElement!;
    expect(box.contains(selfPay)).toBe(false);
    expect(box.compareDocumentPosition(selfPay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    arrive({
      items: [
        insurance('77777777-7777-4777-8777-777777777777', 'Oscar Health', 'Oscar Silver'),
        insurance('88888888-8888-4888-8888-888888888888', 'Aetna', 'Aetna Gold'),
      ],
    });
    await waitFor(() =>
      expect(
        within(box)
          .getAllByRole('radio')
          .map((r) => r.closest('label')?.textContent),
      ).toEqual([expect.stringContaining('Oscar Health · Oscar Silver'), expect.stringContaining('Aetna · Aetna Gold')]),
    );
    expect(screen.queryByRole('status', { name: message('ui.booking.pay.checking') })).toBeNull();
  });

  it('leave the note that there is none in their place when the patient has none', async () => {
    renderPaymentStep(Promise.resolve({ items: [] }));
    const note = await screen.findByText(message('ui.booking.pay.noInsurance'));
    const selfPay = screen.getByRole('radio', { name: new RegExp(`^${constantIn('selfPayLabel').full.replace(/[/]/g, '\\/')}`) });
    expect(note.parentElement!.contains(selfPay)).toBe(false);
    expect(within(screen.getByRole('group', { name: message('ui.booking.pay.insuranceHeading') })).getAllByRole('radio')).toEqual([selfPay]);
  });
});
