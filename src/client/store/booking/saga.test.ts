import * as runtimeConstants from '@/generated/constants/runtime';
import * as timingConstants from '@/generated/constants/timing';
import { errorCatalogue } from '@/generated/errors';
import { message } from '@/domain/messages';
import { routeById } from '@/generated/routes';
import { ApiError } from '@/client/api/errors';
import type { AppointmentRequest, SlotHold } from '../services';
import { fakeServices, settle, storeWith, type FakeServices } from '@tests/fixtures/services';
import { authenticated } from '../auth/slice';
import { derivePermissions } from '@/domain/permissions';
import { bookingHelperUpdated, bookingRequested, bookingStarted, locationChanged, bookingSelectionUpdated, slotHoldRequested } from './slice';

const slot = { id: 'slot-1', start: '2030-01-07T15:00:00Z', end: '2030-01-07T16:00:00Z' };
const request: AppointmentRequest = {
  slot,
  providerId: 'p1',
  practiceId: 'pr1',
  counselingType: 'Individual Counseling',
  appointmentMode: 'online',
  patients: [{ firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' }],
};
const hold: SlotHold = {
  holdId: 'h1',
  slotId: slot.id,
  providerId: 'p1',
  practiceId: 'pr1',
  start: slot.start,
  end: slot.end,
  appointmentMode: 'online',
  expiresAt: '2999-01-01T00:00:00Z',
};
const submission = { request };
const card = { number: '4111111111111111', expiration: '12/30', cvv: '123' };
const httpError = (status: number, body: Record<string, unknown>) =>
  new ApiError('http', 'createAppointment', status, { fieldErrors: [], fromSchedulingSystem: Boolean(body.amdDescription), ...body });

let services: FakeServices;
beforeEach(() => {
  services = fakeServices();
  services.booking.holdSlot.mockResolvedValue(hold);
});

describe('booking saga', () => {
  it('holds the slot, then books it once with an idempotency key, and completes', async () => {
    services.booking.createAppointment.mockResolvedValue({ id: 'appt-1' });
    const store = storeWith(services);
    store.dispatch(bookingRequested(submission));
    await settle();
    expect(services.booking.holdSlot).toHaveBeenCalledWith({ slotId: slot.id, providerId: 'p1' });
    expect(services.booking.createAppointment).toHaveBeenCalledWith({ ...request, holdId: 'h1' }, 'key-1');
    expect(store.getState().bookingRequest).toMatchObject({ status: 'booked', appointmentId: 'appt-1' });
    expect(store.getState().bookingHelper.isBookingComplete).toBe(true);
  });

  it("keeps the partner's authorization on the patient once booked, and says so when keeping it fails (the booking stands)", async () => {
    services.booking.createAppointment.mockResolvedValue({ id: 'appt-1' });
    const authorization = { patientId: 'pat-1', authorization: { personalInformation: { firstName: 'Jordan' } } as never };
    const store = storeWith(services);
    store.dispatch(bookingRequested({ request, authorization }));
    await settle();
    expect(services.booking.saveAuthorization).toHaveBeenCalledWith(authorization);
    expect(store.getState().bookingRequest.authorizationError).toBeUndefined();

    services.booking.saveAuthorization.mockRejectedValue(httpError(403, { text: 'Not yours' }));
    const other = storeWith(services);
    other.dispatch(bookingRequested({ request, authorization }));
    await settle();
    expect(other.getState().bookingRequest).toMatchObject({ status: 'booked', authorizationError: { reason: 'rejected', text: 'Not yours' } });
  });

  it('retries a call that got no answer with the same idempotency key', async () => {
    jest.useFakeTimers();
    try {
      services.booking.createAppointment.mockRejectedValueOnce(new ApiError('timeout', 'createAppointment')).mockResolvedValueOnce({ id: 'appt-2' });
      const store = storeWith(services);
      store.dispatch(bookingRequested(submission));
      await jest.advanceTimersByTimeAsync(timingConstants.queryRetryDelayMaxMs);
      expect(services.booking.createAppointment).toHaveBeenCalledTimes(2);
      expect(services.booking.createAppointment.mock.calls.map((c) => c[1])).toEqual(['key-1', 'key-1']);
      expect(store.getState().bookingRequest).toMatchObject({ status: 'booked', appointmentId: 'appt-2', attempts: 2 });
    } finally {
      jest.useRealTimers();
    }
  });

  it("gives up after the spec'd retries and reports the timeout; a second try reuses the key and the hold", async () => {
    jest.useFakeTimers();
    try {
      services.booking.createAppointment.mockRejectedValue(new ApiError('network', 'createAppointment'));
      const store = storeWith(services);
      store.dispatch(bookingRequested(submission));
      await jest.advanceTimersByTimeAsync(timingConstants.queryRetryDelayMaxMs * (runtimeConstants.bookingRetries + 1));
      expect(services.booking.createAppointment).toHaveBeenCalledTimes(runtimeConstants.bookingRetries + 1);
      expect(store.getState().bookingRequest.error).toMatchObject({ reason: 'network' });
      services.booking.createAppointment.mockResolvedValue({ id: 'appt-3' });
      store.dispatch(bookingRequested(submission));
      await jest.advanceTimersByTimeAsync(10);
      expect(services.booking.holdSlot).toHaveBeenCalledTimes(1);
      expect(services.booking.createAppointment.mock.calls.at(-1)![1]).toBe('key-1');
      expect(store.getState().bookingRequest.status).toBe('booked');
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ['slot-taken', runtimeConstants.slotErrorCodes.slotTaken],
    ['medication-slot-limit', runtimeConstants.slotErrorCodes.medicationSlotLimit],
    ['no-open-slot', runtimeConstants.slotErrorCodes.noOpenSlot],
  ])("reports %s for slot code %s with the API's sentence, without retrying", async (reason, code) => {
    services.booking.createAppointment.mockRejectedValue(httpError(409, { errorCode: code, text: `sentence for ${code}` }));
    const store = storeWith(services);
    store.dispatch(bookingRequested(submission));
    await settle();
    expect(services.booking.createAppointment).toHaveBeenCalledTimes(1);
    expect(store.getState().bookingRequest.error).toEqual({ reason, text: `sentence for ${code}`, status: 409, errorCode: code });
    expect(store.getState().bookingHelper.isBookingComplete).toBe(false);
  });

  it.each(['INSURANCE_NOT_ACCEPTED', 'INSURANCE_MEDICAID_DENIED'] as const)(
    'reports the server refusing the insurance (%s) with the self-pay price it offers, without retrying',
    async (code) => {
      services.booking.createAppointment.mockRejectedValue(httpError(422, { errorCode: code, text: `refused: ${code}`, selfPayPrice: 120 }));
      const store = storeWith(services);
      store.dispatch(bookingRequested(submission));
      await settle();
      expect(services.booking.createAppointment).toHaveBeenCalledTimes(1);
      expect(store.getState().bookingRequest.error).toEqual({
        reason: 'insurance-refused',
        text: `refused: ${code}`,
        status: 422,
        errorCode: code,
        selfPayPrice: 120,
      });
    },
  );

  it('reports bookings paused for maintenance (a 503 of the catalogue) at once, without retrying', async () => {
    services.booking.createAppointment.mockRejectedValue(httpError(503, { errorCode: errorCatalogue.BOOKINGS_PAUSED.code, text: 'paused' }));
    const store = storeWith(services);
    store.dispatch(bookingRequested(submission));
    await settle();
    expect(services.booking.createAppointment).toHaveBeenCalledTimes(1);
    expect(store.getState().bookingRequest.error).toMatchObject({ reason: 'maintenance', text: 'paused', status: 503 });
  });

  it('flags a failure that came from the scheduling system', async () => {
    services.booking.createAppointment.mockRejectedValue(
      httpError(422, { text: errorCatalogue.RESPONSIBLE_PARTY_NOT_CREATED.message, amdDescription: errorCatalogue.RESPONSIBLE_PARTY_NOT_CREATED.message }),
    );
    const store = storeWith(services);
    store.dispatch(bookingRequested(submission));
    await settle();
    expect(store.getState().bookingRequest.error).toMatchObject({
      reason: 'rejected',
      fromSchedulingSystem: true,
      text: errorCatalogue.RESPONSIBLE_PARTY_NOT_CREATED.message,
    });
  });

  it('reports a failed hold as the booking failure, and books nothing', async () => {
    services.booking.holdSlot.mockRejectedValue(httpError(409, { errorCode: runtimeConstants.slotErrorCodes.slotTaken, text: 'taken' }));
    const store = storeWith(services);
    store.dispatch(bookingRequested(submission));
    await settle();
    expect(services.booking.createAppointment).not.toHaveBeenCalled();
    expect(store.getState().bookingRequest.error?.reason).toBe('slot-taken');
  });
});

describe('holding the chosen slot', () => {
  it('holds the slot when it is chosen, so the booking later uses that hold', async () => {
    services.booking.createAppointment.mockResolvedValue({ id: 'appt-9' });
    const store = storeWith(services);
    store.dispatch(slotHoldRequested({ slotId: slot.id, providerId: 'p1' }));
    await settle();
    expect(store.getState().bookingRequest).toMatchObject({ status: 'held', hold });
    store.dispatch(bookingRequested(submission));
    await settle();
    expect(services.booking.holdSlot).toHaveBeenCalledTimes(1);
    expect(services.booking.createAppointment).toHaveBeenCalledWith({ ...request, holdId: 'h1' }, 'key-1');
  });

  it('reports a slot someone else took (3001) with the catalogue reason, so other slots can be offered', async () => {
    services.booking.holdSlot.mockRejectedValue(httpError(409, { errorCode: runtimeConstants.slotErrorCodes.slotTaken }));
    const store = storeWith(services);
    store.dispatch(slotHoldRequested({ slotId: slot.id, providerId: 'p1' }));
    await settle();
    expect(store.getState().bookingRequest.status).toBe('failed');
    expect(store.getState().bookingRequest.error).toMatchObject({ reason: 'slot-taken', text: errorCatalogue.SLOT_ALREADY_BOOKED.message });
  });
});

describe('paying with a card', () => {
  it('tokenizes the card before booking and sends its nonce with the booking', async () => {
    const order: string[] = [];
    services.payment.tokenize.mockImplementation(async () => (order.push('tokenize'), { nonce: 'nonce-1' }));
    services.booking.createAppointment.mockImplementation(async () => (order.push('create'), { id: 'appt-5' }));
    const store = storeWith(services);
    store.dispatch(bookingRequested({ request, card }));
    await settle();
    expect(order).toEqual(['tokenize', 'create']);
    expect(services.payment.tokenize).toHaveBeenCalledWith(card);
    expect(services.booking.createAppointment).toHaveBeenCalledWith({ ...request, holdId: 'h1', payment: { nonce: 'nonce-1' } }, 'key-1');
    expect(JSON.stringify(store.getState())).not.toContain(card.number);
  });

  it('books with a nonce the card form already made (Braintree hosted fields) without tokenizing again', async () => {
    services.booking.createAppointment.mockResolvedValue({ id: 'appt-7' });
    const store = storeWith(services);
    store.dispatch(bookingRequested({ request: { ...request, payment: { saveCard: true } }, card: { nonce: 'braintree-nonce' } }));
    await settle();
    expect(services.payment.tokenize).not.toHaveBeenCalled();
    expect(services.booking.createAppointment).toHaveBeenCalledWith(
      { ...request, holdId: 'h1', payment: { saveCard: true, nonce: 'braintree-nonce' } },
      'key-1',
    );
    expect(store.getState().bookingRequest).toMatchObject({ status: 'booked', appointmentId: 'appt-7' });
  });

  it('sends the same nonce again when it retries an attempt that got no answer, so the server sees one request', async () => {
    jest.useFakeTimers();
    try {
      services.payment.tokenize.mockResolvedValueOnce({ nonce: 'nonce-a' }).mockResolvedValueOnce({ nonce: 'nonce-b' });
      services.booking.createAppointment.mockRejectedValue(new ApiError('timeout', 'createAppointment'));
      const store = storeWith(services);
      store.dispatch(bookingRequested({ request, card }));
      await jest.advanceTimersByTimeAsync(timingConstants.queryRetryDelayMaxMs * (runtimeConstants.bookingRetries + 1));
      expect(store.getState().bookingRequest.error).toMatchObject({ reason: 'timeout' });
      services.booking.createAppointment.mockResolvedValue({ id: 'appt-8' });
      // The person presses book again, even with a nonce the hosted fields made anew.
      store.dispatch(bookingRequested({ request, card: { nonce: 'hosted-fields-nonce' } }));
      await jest.advanceTimersByTimeAsync(10);
      expect(services.payment.tokenize).toHaveBeenCalledTimes(1);
      const sent = services.booking.createAppointment.mock.calls.map(([body, key]) => [(body as { payment?: { nonce?: string } }).payment?.nonce, key]);
      expect(new Set(sent.map(([nonce, key]) => `${nonce} ${key}`))).toEqual(new Set(['nonce-a key-1']));
      expect(store.getState().bookingRequest.status).toBe('booked');
    } finally {
      jest.useRealTimers();
    }
  });

  it('books nothing when the card is declined, and the next attempt gets a new key', async () => {
    services.payment.tokenize.mockRejectedValueOnce(
      new ApiError('http', 'tokenizeCard', 402, { text: 'declined', fieldErrors: [], fromSchedulingSystem: false }),
    );
    const store = storeWith(services);
    store.dispatch(bookingRequested({ request, card }));
    await settle();
    expect(services.booking.createAppointment).not.toHaveBeenCalled();
    expect(store.getState().bookingRequest.error).toMatchObject({ reason: 'card-rejected', text: 'declined' });
    expect(store.getState().bookingHelper.isBookingComplete).toBe(false);
    services.payment.tokenize.mockResolvedValue({ nonce: 'nonce-2' });
    services.booking.createAppointment.mockResolvedValue({ id: 'appt-6' });
    store.dispatch(bookingRequested({ request, card }));
    await settle();
    expect(services.booking.createAppointment).toHaveBeenCalledWith({ ...request, holdId: 'h1', payment: { nonce: 'nonce-2' } }, 'key-2');
    expect(store.getState().bookingRequest.status).toBe('booked');
  });
});

describe('leaving a booking route', () => {
  const isBookingPath = (p: string) => p.startsWith('/app/bookings');

  it('cleans booking data and the skip-email user details, keeping partner details', async () => {
    const store = storeWith(services, { isBookingPath });
    store.dispatch(locationChanged({ pathname: '/app/bookings/user/patient-info' }));
    store.dispatch(bookingSelectionUpdated({ providerId: 'p1' }));
    store.dispatch(bookingStarted({ selectedSlot: slot, skipEmailUserDetails: { email: 'a@example.com' }, b2bUserDetails: { partnerId: 'acme' } }));
    store.dispatch(locationChanged({ pathname: '/app/bookings/user/payment' }));
    await settle();
    expect(store.getState().booking.providerId).toBe('p1');
    store.dispatch(locationChanged({ pathname: '/app/providers' }));
    await settle();
    expect(store.getState().booking.providerId).toBeUndefined();
    expect(store.getState().bookingHelper.selectedSlot).toBeUndefined();
    expect(store.getState().bookingHelper.skipEmailUserDetails).toBeUndefined();
    expect(store.getState().bookingHelper.b2bUserDetails).toEqual({ partnerId: 'acme' });
    // Not a skip-e-mail session: nobody is signed out.
    expect(services.auth.signOut).not.toHaveBeenCalled();
  });

  it('ends a skip-e-mail session (booking only) on the server when the booking is left', async () => {
    const store = storeWith(services, { isBookingPath });
    store.dispatch(authenticated({ permissions: derivePermissions(['patient']), bookingOnly: true }));
    store.dispatch(locationChanged({ pathname: '/app/bookings/user/payment' }));
    store.dispatch(locationChanged({ pathname: '/app/providers' }));
    await settle();
    expect(services.auth.signOut).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it('leaves booking data alone when moving between other pages', async () => {
    const store = storeWith(services, { isBookingPath });
    store.dispatch(bookingHelperUpdated({ userEmail: 'a@example.com' }));
    store.dispatch(locationChanged({ pathname: '/' }));
    store.dispatch(locationChanged({ pathname: '/app/providers' }));
    await settle();
    expect(store.getState().bookingHelper.userEmail).toBe('a@example.com');
  });
});

describe('a booking that cannot be completed', () => {
  it('goes to /booking-error when the booking system still fails after the retries, and shows the failure as a toast', async () => {
    jest.useFakeTimers();
    try {
      services.booking.createAppointment.mockRejectedValue(httpError(502, { errorCode: 'BOOKING_FAILED', text: errorCatalogue.BOOKING_FAILED.message }));
      const store = storeWith(services);
      store.dispatch(bookingRequested(submission));
      await jest.advanceTimersByTimeAsync(timingConstants.queryRetryDelayMaxMs * (runtimeConstants.bookingRetries + 1));
      expect(services.booking.createAppointment).toHaveBeenCalledTimes(runtimeConstants.bookingRetries + 1);
      expect(services.navigate).toHaveBeenCalledWith(routeById.bookingError.path);
      expect(store.getState().toasts.items).toEqual([expect.objectContaining({ kind: 'error', text: errorCatalogue.BOOKING_FAILED.message })]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('stays on the step for a slot someone took (to choose another) and for a request that got no answer (to retry with the same key)', async () => {
    services.booking.createAppointment.mockRejectedValue(httpError(409, { errorCode: runtimeConstants.slotErrorCodes.slotTaken }));
    const store = storeWith(services);
    store.dispatch(bookingRequested(submission));
    await settle();
    expect(store.getState().bookingRequest.error?.reason).toBe('slot-taken');
    expect(services.navigate).not.toHaveBeenCalled();
  });

  it('toasts a booking made', async () => {
    services.booking.createAppointment.mockResolvedValue({ id: 'appt-1' });
    const store = storeWith(services);
    store.dispatch(bookingRequested(submission));
    await settle();
    expect(store.getState().toasts.items).toEqual([expect.objectContaining({ kind: 'success', text: message('ui.toast.bookingMade') })]);
  });
});
