/**
 * Booking (product-spec §3, §4): the selection (provider, patients, counseling type, mode) and the
 * booking helper state. Starting a booking replaces the helper state, updates merge into it,
 * completing sets isBookingComplete, and cleaning resets both (keeping the b2b details when asked).
 * Both are persisted in browser storage; the request in flight (bookingRequest) is not.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { B2bUserDetails, BookingPatient, BookingSelection, ResponsibleParty, Slot, TypedFailure } from '../types';
import type { AppointmentRequest, SlotHold } from '../services';

export interface BookingHelperState {
  selectedSlot?: Slot;
  providerDetails?: Record<string, unknown>;
  allPatients: BookingPatient[];
  dropdownPatients: BookingPatient[];
  filters: { slotAvailabilityTypes: string[] };
  dbUser?: Record<string, unknown>;
  userEmail?: string;
  isBookingComplete: boolean;
  responsibleParty?: ResponsibleParty;
  skipEmailUserDetails?: Record<string, unknown>;
  b2bUserDetails?: B2bUserDetails;
}

/** Why a booking failed: the slot codes of §8, the API refusing otherwise, or no answer at all. */
export type BookingFailureReason = 'slot-taken' | 'medication-slot-limit' | 'no-open-slot' | 'rejected' | 'timeout' | 'network';

export interface BookingRequestState {
  status: 'idle' | 'holding' | 'booking' | 'booked' | 'failed';
  hold?: SlotHold;
  /** kept across retries so the server books once */
  idempotencyKey?: string;
  appointmentId?: string;
  attempts: number;
  error?: TypedFailure<BookingFailureReason>;
}

export const initialSelection: BookingSelection = { selectedPatients: [] };
export const initialHelper: BookingHelperState = {
  allPatients: [],
  dropdownPatients: [],
  filters: { slotAvailabilityTypes: [] },
  isBookingComplete: false,
};
const initialRequest: BookingRequestState = { status: 'idle', attempts: 0 };

/** Resets selection, helper and request; keepB2bDetails keeps the partner member's details. */
export const bookingCleaned = createAction<{ keepB2bDetails?: boolean } | undefined>('booking/cleaned');
/** The router moved to another path (the booking saga cleans up when a booking route is left). */
export const locationChanged = createAction<{ pathname: string }>('booking/locationChanged');
/** Sagas: hold the slot, then create the appointment (retried with the same idempotency key). */
export const bookingRequested = createAction<AppointmentRequest>('booking/requested');

const selectionSlice = createSlice({
  name: 'booking',
  initialState: initialSelection,
  reducers: {
    bookingSelectionUpdated(state, action: PayloadAction<Partial<BookingSelection>>) {
      Object.assign(state, action.payload);
    },
  },
  extraReducers: (b) => b.addCase(bookingCleaned, () => initialSelection),
});

const helperSlice = createSlice({
  name: 'bookingHelper',
  initialState: initialHelper,
  reducers: {
    bookingStarted(_state, action: PayloadAction<Partial<BookingHelperState>>) {
      return { ...initialHelper, ...action.payload };
    },
    bookingHelperUpdated(state, action: PayloadAction<Partial<BookingHelperState>>) {
      Object.assign(state, action.payload);
    },
    bookingCompleted(state) {
      state.isBookingComplete = true;
    },
    skipEmailUserDetailsCleared(state) {
      delete state.skipEmailUserDetails;
    },
  },
  extraReducers: (b) =>
    b.addCase(bookingCleaned, (state, action) => (action.payload?.keepB2bDetails && state.b2bUserDetails ? { ...initialHelper, b2bUserDetails: state.b2bUserDetails } : initialHelper)),
});

const requestSlice = createSlice({
  name: 'bookingRequest',
  initialState: initialRequest,
  reducers: {
    slotHoldStarted(state, action: PayloadAction<{ idempotencyKey: string }>) {
      state.status = 'holding';
      state.idempotencyKey = action.payload.idempotencyKey;
      delete state.error;
    },
    slotHeld(state, action: PayloadAction<SlotHold>) {
      state.status = 'booking';
      state.hold = action.payload;
    },
    bookingAttempted(state) {
      state.status = 'booking';
      state.attempts += 1;
    },
    bookingSucceeded(state, action: PayloadAction<{ appointmentId: string }>) {
      state.status = 'booked';
      state.appointmentId = action.payload.appointmentId;
    },
    bookingFailed(state, action: PayloadAction<TypedFailure<BookingFailureReason>>) {
      state.status = 'failed';
      state.error = action.payload;
      // A slot that is gone cannot be held again; anything else may be retried with the same key.
      if (action.payload.reason === 'slot-taken' || action.payload.reason === 'no-open-slot') {
        delete state.hold;
        delete state.idempotencyKey;
      }
    },
  },
  extraReducers: (b) => b.addCase(bookingCleaned, () => initialRequest),
});

export const { bookingSelectionUpdated } = selectionSlice.actions;
export const { bookingStarted, bookingHelperUpdated, bookingCompleted, skipEmailUserDetailsCleared } = helperSlice.actions;
export const { slotHoldStarted, slotHeld, bookingAttempted, bookingSucceeded, bookingFailed } = requestSlice.actions;
export const bookingSelectionReducer = selectionSlice.reducer;
export const bookingHelperReducer = helperSlice.reducer;
export const bookingRequestReducer = requestSlice.reducer;

type WithBooking = { booking: BookingSelection; bookingHelper: BookingHelperState; bookingRequest: BookingRequestState };
export const selectBookingSelection = (s: WithBooking) => s.booking;
export const selectBookingHelper = (s: WithBooking) => s.bookingHelper;
export const selectBookingRequest = (s: WithBooking) => s.bookingRequest;
export const selectIsBookingComplete = (s: WithBooking) => s.bookingHelper.isBookingComplete;
