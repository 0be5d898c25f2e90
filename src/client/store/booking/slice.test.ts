import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  bookingCleaned,
  bookingCompleted,
  bookingFailed,
  bookingHelperReducer,
  bookingHelperUpdated,
  bookingRequestReducer,
  bookingSelectionReducer,
  bookingSelectionUpdated,
  bookingStarted,
  initialHelper,
  skipEmailUserDetailsCleared,
  slotHeld,
  slotHoldStarted,
} from './slice';

const makeStore = () =>
  configureStore({
    reducer: combineReducers({ booking: bookingSelectionReducer, bookingHelper: bookingHelperReducer, bookingRequest: bookingRequestReducer }),
  });
const slot = { id: 'slot-1', start: '2030-01-07T15:00:00Z', end: '2030-01-07T16:00:00Z' };

describe('booking state (product-spec §4)', () => {
  it('start replaces the helper state', () => {
    const store = makeStore();
    store.dispatch(bookingHelperUpdated({ userEmail: 'old@example.com', isBookingComplete: true }));
    store.dispatch(bookingStarted({ selectedSlot: slot }));
    expect(store.getState().bookingHelper).toEqual({ ...initialHelper, selectedSlot: slot });
  });

  it('updates merge into the helper state', () => {
    const store = makeStore();
    store.dispatch(bookingStarted({ selectedSlot: slot }));
    store.dispatch(bookingHelperUpdated({ userEmail: 'jordan@example.com' }));
    expect(store.getState().bookingHelper).toMatchObject({ selectedSlot: slot, userEmail: 'jordan@example.com' });
  });

  it('complete sets isBookingComplete', () => {
    const store = makeStore();
    store.dispatch(bookingCompleted());
    expect(store.getState().bookingHelper.isBookingComplete).toBe(true);
  });

  it('clean resets selection, helper and request', () => {
    const store = makeStore();
    store.dispatch(bookingSelectionUpdated({ providerId: 'p1', appointmentMode: 'online' }));
    store.dispatch(bookingStarted({ selectedSlot: slot, b2bUserDetails: { partnerId: 'acme' } }));
    store.dispatch(slotHoldStarted({ idempotencyKey: 'k' }));
    store.dispatch(bookingCleaned());
    expect(store.getState().booking).toEqual({ selectedPatients: [] });
    expect(store.getState().bookingHelper).toEqual(initialHelper);
    expect(store.getState().bookingRequest).toEqual({ status: 'idle', attempts: 0 });
  });

  it('clean keeps the b2b details when asked', () => {
    const store = makeStore();
    store.dispatch(bookingStarted({ selectedSlot: slot, b2bUserDetails: { partnerId: 'acme', isB2BUser: true } }));
    store.dispatch(bookingCleaned({ keepB2bDetails: true }));
    expect(store.getState().bookingHelper).toEqual({ ...initialHelper, b2bUserDetails: { partnerId: 'acme', isB2BUser: true } });
  });

  it('clears the skip-email user details on their own', () => {
    const store = makeStore();
    store.dispatch(bookingStarted({ skipEmailUserDetails: { email: 'a@example.com' }, userEmail: 'a@example.com' }));
    store.dispatch(skipEmailUserDetailsCleared());
    expect(store.getState().bookingHelper.skipEmailUserDetails).toBeUndefined();
    expect(store.getState().bookingHelper.userEmail).toBe('a@example.com');
  });

  it('forgets the hold and key when the slot is gone, keeps them for a retry otherwise', () => {
    const store = makeStore();
    store.dispatch(slotHoldStarted({ idempotencyKey: 'k1' }));
    store.dispatch(
      slotHeld({
        holdId: 'h1',
        slotId: 's1',
        providerId: 'p1',
        practiceId: 'pr1',
        start: '2030-01-01T00:00:00Z',
        end: '2030-01-01T01:00:00Z',
        appointmentMode: 'online',
        expiresAt: '2030-01-01T00:00:00Z',
      }),
    );
    store.dispatch(bookingFailed({ reason: 'timeout', text: 'x' }));
    expect(store.getState().bookingRequest).toMatchObject({ status: 'failed', idempotencyKey: 'k1', hold: { holdId: 'h1' } });
    store.dispatch(bookingFailed({ reason: 'slot-taken', text: 'x' }));
    expect(store.getState().bookingRequest.idempotencyKey).toBeUndefined();
    expect(store.getState().bookingRequest.hold).toBeUndefined();
  });
});
