jest.mock('braintree-web/client', () => ({ create: jest.fn() }));
jest.mock('braintree-web/hosted-fields', () => ({ create: jest.fn() }));

import { screen, waitFor, within } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { ApiError, catalogueText } from '@/client/api/errors';
import { flagsServed } from '@/client/store/flags/slice';
import { FakeHostedFields } from '@tests/support/fake-braintree';
import { billing, cardFormTitle, fillBilling, fillLocalCard } from '@tests/support/card-form';
import { accountId, hold, provider, renderBookingStep, slot, slotsAnswer, stepAddress } from '@tests/support/booking-step';
import { fakeServices, type FakeServices } from '@tests/fixtures/services';
import { constantIn } from '@/domain/translations';
import { stepById, stepCopy, type BookingVariant } from './flow';
import PaymentPage from './PaymentPage';

// Typing a card and an address key by key takes seconds on a busy machine: the default 5 s is not a rule of the product.
jest.setTimeout(30_000);

// The mocks the factories above made, as the component under test receives them.
const createClient = jest.requireMock<{ create: jest.Mock }>('braintree-web/client').create;
const createHostedFields = jest.requireMock<{ create: jest.Mock }>('braintree-web/hosted-fields').create;

const patient = { firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' as const, dateOfBirth: '1990-04-12' };

let hosted: FakeHostedFields | undefined;
let services: FakeServices;
beforeEach(() => {
  hosted = undefined;
  createClient.mockReset().mockResolvedValue({});
  createHostedFields
    .mockReset()
    .mockImplementation(async (options: ConstructorParameters<typeof FakeHostedFields>[0]) => (hosted = new FakeHostedFields(options)));
  services = fakeServices();
  // The booking is only looked at, never finished: the confirmation screen is another test's business.
  services.booking.createAppointment.mockReturnValue(new Promise(() => undefined));
  services.payment.tokenize.mockResolvedValue({ nonce: 'local-nonce' });
});

/** The payment step of a self-pay booking with a new card, for a patient or for support staff booking for an account. */
function renderPaymentStep(variant: BookingVariant, gateway: unknown, flags?: Record<string, string>) {
  const staff = variant === 'support';
  const path = staff ? routeById.supportBookingPayment.path : routeById.userBookingPayment.path;
  return renderBookingStep({
    services,
    // Who attends is the stored booking's; the provider, slot and service come from the address.
    selectedPatients: [patient],
    user: {
      id: staff ? '00000000-0000-4000-8000-000000000009' : accountId,
      firstName: 'Sam',
      lastName: 'Okafor',
      email: 'x@example.com',
      userType: staff ? 'support' : 'patient',
    },
    groups: [staff ? 'support' : 'patient'],
    answer: (route) => {
      if (route.id === 'getPaymentGateway') return gateway;
      if (route.id === 'getProviderProfile') return provider;
      // The slot is this person's hold (so no longer listed as open).
      if (route.id === 'getSlots') return slotsAnswer;
      // The account's details (billing address) never arrive: the person types them.
      if (route.id === 'getUserDetails') return new Promise(() => undefined);
      throw new Error(`the payment step should not call ${route.id} here`);
    },
    at: stepAddress(path, `&selfPay=true${staff ? `&userId=${accountId}` : ''}`),
    routes: { [path]: <PaymentPage /> },
    prepare: (store) => {
      if (flags)
        store.dispatch(
          flagsServed({ traffic: 'anonymous', variants: Object.fromEntries(Object.entries(flags).map(([flag, name]) => [flag, { name, enabled: true }])) }),
        );
    },
  });
}

const step = stepById('pay');
const submitLabel = (variant: BookingVariant) => stepCopy(step, variant, 'submit') ?? message('ui.booking.next');
const cardSection = () => screen.findByRole('region', { name: message('ui.booking.pay.cardHeading') });

describe.each<BookingVariant>(['patient', 'support'])('payment step (%s) with a new card', (variant) => {
  it('with Braintree: the card is typed into hosted fields and the booking carries their nonce, never calling /patient-cards/tokenize', async () => {
    const user = aPerson();
    const { calls } = renderPaymentStep(variant, { gateway: 'braintree', clientToken: 'client-token-1' });
    const card = await cardSection();
    await within(card).findByRole('group', { name: cardFormTitle('number') });
    expect(within(card).queryByRole('textbox', { name: cardFormTitle('number') })).toBeNull();
    await waitFor(() => expect(hosted).toBeDefined());
    expect(createClient).toHaveBeenCalledWith({ authorization: 'client-token-1' });

    await user.click(screen.getByRole('checkbox', { name: stepCopy(step, variant, 'consent') }));
    hosted!.fillValidCard();
    await fillBilling(user, card);
    await waitFor(() =>
      expect(
        within(card)
          .getByRole('button', { name: submitLabel(variant) })
          .hasAttribute('disabled'),
      ).toBe(false),
    );
    await user.click(within(card).getByRole('button', { name: submitLabel(variant) }));

    await waitFor(() => expect(services.booking.createAppointment).toHaveBeenCalledTimes(1));
    const [body] = services.booking.createAppointment.mock.calls[0]!;
    expect(body).toMatchObject({ holdId: hold.holdId, selfPay: true, payment: { saveCard: true, nonce: 'fake-valid-nonce' } });
    // What was chosen comes from the step's address.
    expect(body).toMatchObject({
      providerId: provider.id,
      practiceId: provider.practice.id,
      counselingType: 'Individual Counseling',
      appointmentMode: 'online',
      slot: expect.objectContaining({ id: slot.id }),
    });
    if (variant === 'support') expect(body).toMatchObject({ onBehalf: true, userId: accountId });
    expect(services.payment.tokenize).not.toHaveBeenCalled();
    expect(calls).not.toContain('tokenizeCard');
    expect(calls.filter((id) => id === 'getPaymentGateway')).toHaveLength(1);
  });

  it('with the local test gateway: the card form is the spec form and the saga tokenizes its details first, as before', async () => {
    const user = aPerson();
    renderPaymentStep(variant, { gateway: 'local' });
    const card = await cardSection();
    await within(card).findByRole('textbox', { name: cardFormTitle('number') });
    await user.click(screen.getByRole('checkbox', { name: stepCopy(step, variant, 'consent') }));
    await fillLocalCard(user, card, { number: '4111111111111111', expiration: '12/30', cvv: '123' });
    await fillBilling(user, card);
    await user.click(within(card).getByRole('button', { name: submitLabel(variant) }));

    await waitFor(() => expect(services.booking.createAppointment).toHaveBeenCalledTimes(1));
    expect(services.payment.tokenize).toHaveBeenCalledWith({ number: '4111111111111111', expiration: '12/30', cvv: '123', zipcode: billing.zipcode });
    expect(services.booking.createAppointment.mock.calls[0]![0]).toMatchObject({ payment: { saveCard: true, nonce: 'local-nonce' } });
    expect(createHostedFields).not.toHaveBeenCalled();
  });

  it('shows the notice of the right to a Good Faith Estimate before anything is paid', async () => {
    renderPaymentStep(variant, { gateway: 'local' });
    const notice = (await screen.findByRole('heading', { name: message('ui.goodFaithEstimate.heading') })).closest('section')!;
    expect(within(notice).getByText(message('ui.goodFaithEstimate.notice'))).toBeTruthy();
    expect(services.booking.createAppointment).not.toHaveBeenCalled();
  });
});

describe('the schedulingSystemPayment flag on', () => {
  it("offers the practice's scheduling system instead of a card, and books through it with no card", async () => {
    const user = aPerson();
    renderPaymentStep('patient', { gateway: 'local' }, { creditCardPayment: 'show', schedulingSystemPayment: 'show' });
    const section = await screen.findByRole('region', { name: message('ui.booking.pay.howToPay') });
    await user.click(within(section).getByRole('radio', { name: message('ui.booking.pay.bySchedulingSystem') }));
    expect(within(section).queryByRole('textbox', { name: cardFormTitle('number') })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: stepCopy(step, 'patient', 'consent') }));
    await user.click(within(section).getByRole('button', { name: submitLabel('patient') }));

    await waitFor(() => expect(services.booking.createAppointment).toHaveBeenCalledTimes(1));
    expect(services.booking.createAppointment.mock.calls[0]![0]).toMatchObject({ selfPay: true, payment: { provider: 'scheduling_system' } });
    expect(services.payment.tokenize).not.toHaveBeenCalled();
  });
});

const insuredPatientId = '55555555-5555-4555-8555-555555555555';

/** The payment step of a patient with a record, whose insurances on file are `insurances` (the answer, or a promise of it). */
function renderInsuredPaymentStep(insurances: unknown) {
  const path = routeById.userBookingPayment.path;
  renderBookingStep({
    services,
    selectedPatients: [{ ...patient, id: insuredPatientId }],
    user: { id: accountId, firstName: 'Jordan', lastName: 'Rivera', email: 'x@example.com', userType: 'patient' },
    groups: ['patient'],
    answer: (route) => {
      if (route.id === 'getPaymentGateway') return { gateway: 'local' };
      if (route.id === 'getProviderProfile') return provider;
      if (route.id === 'getSlots') return slotsAnswer;
      if (route.id === 'getPatient') return { ehrId: null, licenseKey: 'lk' };
      if (route.id === 'listPatientInsurances') return insurances;
      if (route.id === 'listPatientCards') return { items: [] };
      if (route.id === 'getUserDetails') return new Promise(() => undefined);
      throw new Error(`the payment step should not call ${route.id} here`);
    },
    at: stepAddress(path),
    routes: { [path]: <PaymentPage /> },
  });
}

describe('an insurance the server refuses at booking (its own eligibility check)', () => {
  const patientId = insuredPatientId;
  const oscar = {
    id: '77777777-7777-4777-8777-777777777777',
    patientId,
    carrierCode: 'OSCAR',
    carrierName: 'Oscar Health',
    planName: 'Oscar Silver',
    memberId: 'OSC1',
    isMedicaid: false,
    internalOutcomeAssessment: null,
    insuranceInquiryAudits: [],
  };
  const refusalText = catalogueText('INSURANCE_NOT_ACCEPTED', 'patient_web', { carrier: 'Oscar Health', price: '$120.00' });

  it('shows the refusal and switches the booking to self-pay at the price the server gave, with the card to pay it', async () => {
    services.booking.createAppointment.mockRejectedValue(
      new ApiError('http', 'createAppointment', 422, {
        text: refusalText,
        errorCode: 'INSURANCE_NOT_ACCEPTED',
        fieldErrors: [],
        fromSchedulingSystem: false,
        selfPayPrice: 120,
      }),
    );
    renderInsuredPaymentStep({ items: [oscar] });
    const user = aPerson();
    await user.click(await screen.findByRole('radio', { name: /Oscar Health · Oscar Silver/ }));
    await user.click(screen.getByRole('checkbox', { name: stepCopy(step, 'patient', 'consent') }));
    await user.click(screen.getByRole('button', { name: submitLabel('patient') }));

    await waitFor(() => expect(services.booking.createAppointment).toHaveBeenCalledTimes(1));
    expect(services.booking.createAppointment.mock.calls[0]![0]).toMatchObject({ selfPay: false, insuranceId: oscar.id });
    expect((await screen.findByRole('alert')).textContent).toBe(refusalText);
    const selfPay = screen.getByRole('radio', { name: new RegExp(message('ui.booking.pay.price', { price: '$120.00' }).replace('$', '\\$')) });
    await waitFor(() => expect((selfPay as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('radio', { name: /Oscar Health/ }) as HTMLInputElement).checked).toBe(false);
    await cardSection();
  });
});

describe('a Medicaid plan the provider does not take', () => {
  const patientId = insuredPatientId;
  const medicaid = {
    id: '88888888-8888-4888-8888-888888888888',
    patientId,
    patient: { ...patient, id: patientId },
    carrierCode: 'TXMCD',
    carrierName: 'Texas Medicaid',
    planName: 'STAR',
    memberId: 'MCD1',
    isMedicaid: true,
    internalOutcomeAssessment: 'DENIED_DUE_TO_MEDICAID',
    insuranceInquiryAudits: [],
  };

  it('is said once, beside the plan, and "Book session" is disabled and described by it', async () => {
    renderInsuredPaymentStep({ items: [medicaid] });
    const user = aPerson();
    await user.click(await screen.findByRole('radio', { name: /Texas Medicaid · STAR/ }));
    await user.click(screen.getByRole('checkbox', { name: stepCopy(step, 'patient', 'consent') }));
    const refusal = catalogueText('INSURANCE_MEDICAID_DENIED', 'patient_web', { carrier: 'Texas Medicaid', price: '$150.00' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(refusal);
    const book = screen.getByRole<HTMLButtonElement>('button', { name: submitLabel('patient') });
    expect(book.disabled).toBe(true);
    expect(document.getElementById(book.getAttribute('aria-describedby') ?? '')?.textContent).toContain(refusal);
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(services.booking.createAppointment).not.toHaveBeenCalled();
  });
});

describe("the insurances on file (they arrive late, after the patient's record)", () => {
  const selfPayRadio = () => screen.getByRole('radio', { name: new RegExp(`^${constantIn('selfPayLabel').full.replace(/[/]/g, '\\/')}`) });
  const insurance = (id: string, carrierName: string, planName: string) => ({
    id,
    patientId: insuredPatientId,
    carrierCode: carrierName.toUpperCase(),
    carrierName,
    planName,
    memberId: `${carrierName.slice(0, 3)}1`,
    isMedicaid: false,
    internalOutcomeAssessment: null,
    insuranceInquiryAudits: [],
  });

  it('are awaited in the place they are then shown in, above a Self-Pay offered from the start (nothing moves under a tap)', async () => {
    let arrive: (answer: unknown) => void = () => undefined;
    renderInsuredPaymentStep(new Promise((resolve) => (arrive = resolve)));
    const waiting = await screen.findByRole('status', { name: message('ui.booking.pay.checking') });
    // The box the insurances will take holds what is awaited; Self-Pay is after it, outside it.
    const box = waiting.parentElement!;
    expect(box.contains(selfPayRadio())).toBe(false);
    expect(box.compareDocumentPosition(selfPayRadio()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    arrive({
      items: [
        insurance('77777777-7777-4777-8777-777777777777', 'Oscar Health', 'Oscar Silver'),
        insurance('99999999-9999-4999-8999-999999999999', 'Aetna', 'Gold'),
      ],
    });
    await waitFor(() =>
      expect(
        within(box)
          .getAllByRole('radio')
          .map((r) => r.closest('label')?.textContent),
      ).toEqual([expect.stringContaining('Oscar Health · Oscar Silver'), expect.stringContaining('Aetna · Gold')]),
    );
    expect(screen.queryByRole('status', { name: message('ui.booking.pay.checking') })).toBeNull();
  });

  it('leave the note that there is none in their place when the patient has none', async () => {
    renderInsuredPaymentStep({ items: [] });
    const note = await screen.findByText(message('ui.booking.pay.noInsurance'));
    expect(note.parentElement!.contains(selfPayRadio())).toBe(false);
    expect(within(screen.getByRole('group', { name: message('ui.booking.pay.insuranceHeading') })).getAllByRole('radio')).toEqual([selfPayRadio()]);
  });
});
