import { constants } from '../../../generated/constants';
import { errorCatalogue } from '../../../generated/errors';
import { ApiError } from '../../api/errors';
import { fakeServices, settle, storeWith, type FakeServices } from '../../../../tests/fixtures/services';
import { bookingHelperUpdated, bookingRequested, bookingStarted, locationChanged, bookingSelectionUpdated } from './slice';

const slot = { id: 'slot-1', start: '2030-01-07T15:00:00Z', end: '2030-01-07T16:00:00Z' };
const request = { slot, providerId: 'p1', patients: [{ firstName: 'Jordan' }] };
const hold = { holdId: 'h1', expiresAt: '2999-01-01T00:00:00Z' };
const httpError = (status: number, body: Record<string, unknown>) => new ApiError('http', 'createAppointment', status, { fieldErrors: [], fromSchedulingSystem: Boolean(body.amdDescription), ...body });

let services: FakeServices;
beforeEach(() => {
  services = fakeServices();
  services.booking.holdSlot.mockResolvedValue(hold);
});

describe('booking saga', () => {
  it('holds the slot, then books it once with an idempotency key, and completes', async () => {
    services.booking.createAppointment.mockResolvedValue({ id: 'appt-1' });
    const store = storeWith(services);
    store.dispatch(bookingRequested(request));
    await settle();
    expect(services.booking.holdSlot).toHaveBeenCalledWith({ slot, providerId: 'p1' });
    expect(services.booking.createAppointment).toHaveBeenCalledWith({ ...request, holdId: 'h1' }, 'key-1');
    expect(store.getState().bookingRequest).toMatchObject({ status: 'booked', appointmentId: 'appt-1' });
    expect(store.getState().bookingHelper.isBookingComplete).toBe(true);
  });

  it('retries a call that got no answer with the same idempotency key', async () => {
    jest.useFakeTimers();
    try {
      services.booking.createAppointment.mockRejectedValueOnce(new ApiError('timeout', 'createAppointment')).mockResolvedValueOnce({ id: 'appt-2' });
      const store = storeWith(services);
      store.dispatch(bookingRequested(request));
      await jest.advanceTimersByTimeAsync(constants.queryRetryDelayMaxMs);
      expect(services.booking.createAppointment).toHaveBeenCalledTimes(2);
      expect(services.booking.createAppointment.mock.calls.map((c) => c[1])).toEqual(['key-1', 'key-1']);
      expect(store.getState().bookingRequest).toMatchObject({ status: 'booked', appointmentId: 'appt-2', attempts: 2 });
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives up after the spec\'d retries and reports the timeout; a second try reuses the key and the hold', async () => {
    jest.useFakeTimers();
    try {
      services.booking.createAppointment.mockRejectedValue(new ApiError('network', 'createAppointment'));
      const store = storeWith(services);
      store.dispatch(bookingRequested(request));
      await jest.advanceTimersByTimeAsync(constants.queryRetryDelayMaxMs * (constants.bookingRetries + 1));
      expect(services.booking.createAppointment).toHaveBeenCalledTimes(constants.bookingRetries + 1);
      expect(store.getState().bookingRequest.error).toMatchObject({ reason: 'network' });
      services.booking.createAppointment.mockResolvedValue({ id: 'appt-3' });
      store.dispatch(bookingRequested(request));
      await jest.advanceTimersByTimeAsync(10);
      expect(services.booking.holdSlot).toHaveBeenCalledTimes(1);
      expect(services.booking.createAppointment.mock.calls.at(-1)![1]).toBe('key-1');
      expect(store.getState().bookingRequest.status).toBe('booked');
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ['slot-taken', constants.slotErrorCodes.slotTaken],
    ['medication-slot-limit', constants.slotErrorCodes.medicationSlotLimit],
    ['no-open-slot', constants.slotErrorCodes.noOpenSlot],
  ])('reports %s for slot code %s with the API\'s sentence, without retrying', async (reason, code) => {
    services.booking.createAppointment.mockRejectedValue(httpError(409, { errorCode: code, text: `sentence for ${code}` }));
    const store = storeWith(services);
    store.dispatch(bookingRequested(request));
    await settle();
    expect(services.booking.createAppointment).toHaveBeenCalledTimes(1);
    expect(store.getState().bookingRequest.error).toEqual({ reason, text: `sentence for ${code}`, status: 409, errorCode: code });
    expect(store.getState().bookingHelper.isBookingComplete).toBe(false);
  });

  it('flags a failure that came from the scheduling system', async () => {
    services.booking.createAppointment.mockRejectedValue(httpError(422, { text: errorCatalogue.RESPONSIBLE_PARTY_NOT_CREATED.message, amdDescription: errorCatalogue.RESPONSIBLE_PARTY_NOT_CREATED.message }));
    const store = storeWith(services);
    store.dispatch(bookingRequested(request));
    await settle();
    expect(store.getState().bookingRequest.error).toMatchObject({ reason: 'rejected', fromSchedulingSystem: true, text: errorCatalogue.RESPONSIBLE_PARTY_NOT_CREATED.message });
  });

  it('reports a failed hold as the booking failure, and books nothing', async () => {
    services.booking.holdSlot.mockRejectedValue(httpError(409, { errorCode: constants.slotErrorCodes.slotTaken, text: 'taken' }));
    const store = storeWith(services);
    store.dispatch(bookingRequested(request));
    await settle();
    expect(services.booking.createAppointment).not.toHaveBeenCalled();
    expect(store.getState().bookingRequest.error?.reason).toBe('slot-taken');
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
    expect(services.session.clearSkipEmailToken).toHaveBeenCalledTimes(1);
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
