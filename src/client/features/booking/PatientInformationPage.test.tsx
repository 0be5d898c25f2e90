/** The patient-information step's written reason: crisis words in it show the crisis screen before payment, then the booking goes on. */
import { screen } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { accountId, provider, renderBookingStep, slotsAnswer, stepAddress } from '@tests/support/booking-step';
import { fakeServices } from '@tests/fixtures/services';
import PatientInformationPage from './PatientInformationPage';

jest.setTimeout(30_000);

const self = { id: '55555555-5555-4555-8555-555555555555', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' as const, dateOfBirth: '1990-04-12' };

function renderStep() {
  return renderBookingStep({
    services: fakeServices(),
    selectedPatients: [{ ...self, isExisting: true, consents: [{ isConsentProvided: true, consentType: 'bookAppointmentConsent' }] }],
    user: { id: accountId, firstName: 'Jordan', lastName: 'Rivera', email: 'jordan@example.com', userType: 'patient' },
    groups: ['patient'],
    answer: (route) => {
      if (route.id === 'getProviderProfile') return provider;
      if (route.id === 'getSlots') return slotsAnswer;
      if (route.id === 'getUserPatients') return { items: [self] };
      if (route.id === 'getConsentTemplate') return { title: 'Consent', consentText: 'I agree.' };
      return new Promise(() => undefined);
    },
    at: stepAddress(routeById.userBookingPatientInfo.path),
    routes: {
      [routeById.userBookingPatientInfo.path]: <PatientInformationPage />,
      [routeById.userBookingPayment.path]: <p>the payment step</p>,
    },
  });
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
