/**
 * Booking (product-spec §3, §4): the selection (provider, patients, counseling type, mode) and the
 * booking helper state. Starting a booking replaces the helper state, updates merge into it,
 * completing sets isBookingComplete, and cleaning resets both (keeping the b2b details when asked).
 * Both are persisted in browser storage; the request in flight (bookingRequest) is not.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ResponsibleParty } from '@/generated/entities';
import type { B2bUserDetails, BookingPatient, BookingSelection, Slot, TypedFailure } from '../types';
import { gotNoAnswer } from '../failures';
import type { AppointmentRequest, AuthorizationToSave, CardInput, SlotHold } from '../services';

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
  /** what the person would like help with (the booking's optional written reason, sent with it) */
  reason?: string;
  skipEmailUserDetails?: Record<string, unknown>;
  b2bUserDetails?: B2bUserDetails;
  /** the member a partner agent chose to book for (their home on provider search): the e-mail step starts with their address */
  bookingFor?: { email: string; name: string };
}

/**
 * Why a booking failed: the slot codes of §8, the card refused by the gateway before anything was
 * booked, the API refusing otherwise, or no answer at all.
 */
export type BookingFailureReason =
  | 'slot-taken'
  | 'medication-slot-limit'
  | 'no-open-slot'
  | 'card-rejected'
  | 'rejected'
  | 'timeout'
  | 'network'
  /** the server's eligibility check refused the insurance (Medicaid denial, carrier not accepted): offer self-pay */
  | 'insurance-refused'
  /** bookings are paused (the bookings flag is off on the server) */
  | 'maintenance';

/** A failed booking; an insurance the server refused comes with the self-pay price it offers instead. */
export type BookingFailure = TypedFailure<BookingFailureReason> & { selfPayPrice?: number };

/**
 * What the booking step sends: the appointment, and the card when one is asked (never stored):
 * details for the local gateway to tokenize, or the nonce Braintree's hosted fields already made.
 */
export interface BookingSubmission {
  request: AppointmentRequest;
  card?: CardInput;
  /** the partner's authorization, kept on the patient once the booking is made */
  authorization?: AuthorizationToSave;
}

export interface BookingRequestState {
  /** held: the chosen slot is held and nothing is booked yet */
  status: 'idle' | 'holding' | 'held' | 'booking' | 'booked' | 'failed';
  hold?: SlotHold;
  /** kept across retries so the server books once */
  idempotencyKey?: string;
  /**
   * The card nonce sent under idempotencyKey: a retry under that key sends it again, so the server
   * sees the same request (a fresh nonce would make it refuse the key as reused). Memory only.
   */
  cardNonce?: string;
  appointmentId?: string;
  attempts: number;
  error?: BookingFailure;
  /** the booking was made, but keeping the partner's authorization on the patient failed */
  authorizationError?: TypedFailure<'timeout' | 'network' | 'rejected'>;
}

export const initialSelection: BookingSelection = { selectedPatients: [] };
export const initialHelper: BookingHelperState = {
  allPatients: [],
  dropdownPatients: [],
  filters: { slotAvailabilityTypes: [] },
  isBookingComplete: false,
};
const initialRequest: BookingRequestState = { status: 'idle', attempts: 0 };

/** Resets selection, helper and request; keepB2bDetails keeps the partner's details (the member's, the member an agent books for). */
export const bookingCleaned = createAction<{ keepB2bDetails?: boolean } | undefined>('booking/cleaned');
/** The router moved to another path (the booking saga cleans up when a booking route is left). */
export const locationChanged = createAction<{ pathname: string }>('booking/locationChanged');
/**
 * Sagas: hold the slot (unless the hold is still good), tokenize the card when its details are given
 * (a ready nonce is used as it is), then create the appointment with the card's nonce (retried with
 * the same idempotency key).
 */
export const bookingRequested = createAction<BookingSubmission>('booking/requested');
/** Sagas: hold the slot the person chose, so nobody else books it while they fill in the steps (their own hold is renewed). */
export const slotHoldRequested = createAction<{ slotId: string; providerId: string }>('booking/slotHoldRequested');

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
    b.addCase(bookingCleaned, (state, action) =>
      action.payload?.keepB2bDetails
        ? {
            ...initialHelper,
            ...(state.b2bUserDetails ? { b2bUserDetails: state.b2bUserDetails } : {}),
            ...(state.bookingFor ? { bookingFor: state.bookingFor } : {}),
          }
        : initialHelper,
    ),
});

const requestSlice = createSlice({
  name: 'bookingRequest',
  initialState: initialRequest,
  reducers: {
    /** A booking attempt starts (its name is older than the separate hold on choosing a slot). */
    slotHoldStarted(state, action: PayloadAction<{ idempotencyKey: string }>) {
      state.status = 'booking';
      state.idempotencyKey = action.payload.idempotencyKey;
      delete state.error;
    },
    cardTokenized(state, action: PayloadAction<{ nonce: string }>) {
      state.cardNonce = action.payload.nonce;
    },
    slotHeld(state, action: PayloadAction<SlotHold>) {
      if (state.status !== 'booking') state.status = 'held';
      state.hold = action.payload;
    },
    /** A new attempt to hold: a new slot, so nothing of the last one is kept. */
    slotHoldPending(state) {
      state.status = 'holding';
      delete state.hold;
      delete state.error;
      delete state.idempotencyKey;
      delete state.cardNonce;
    },
    bookingAttempted(state) {
      state.status = 'booking';
      state.attempts += 1;
    },
    bookingSucceeded(state, action: PayloadAction<{ appointmentId: string }>) {
      state.status = 'booked';
      state.appointmentId = action.payload.appointmentId;
      delete state.authorizationError;
    },
    authorizationSaveFailed(state, action: PayloadAction<TypedFailure<'timeout' | 'network' | 'rejected'>>) {
      state.authorizationError = action.payload;
    },
    bookingFailed(state, action: PayloadAction<BookingFailure>) {
      state.status = 'failed';
      state.error = action.payload;
      // A slot that is gone cannot be held again. Only an attempt that got no answer may have
      // booked on the server, so only its retry keeps the key; anything else is a new attempt.
      if (action.payload.reason === 'slot-taken' || action.payload.reason === 'no-open-slot') delete state.hold;
      if (!gotNoAnswer(action.payload)) {
        delete state.idempotencyKey;
        delete state.cardNonce;
      }
    },
  },
  extraReducers: (b) => b.addCase(bookingCleaned, () => initialRequest),
});

export const { bookingSelectionUpdated } = selectionSlice.actions;
export const { bookingStarted, bookingHelperUpdated, bookingCompleted, skipEmailUserDetailsCleared } = helperSlice.actions;
export const { slotHoldStarted, cardTokenized, slotHeld, slotHoldPending, bookingAttempted, bookingSucceeded, bookingFailed, authorizationSaveFailed } =
  requestSlice.actions;
export const bookingSelectionReducer = selectionSlice.reducer;
export const bookingHelperReducer = helperSlice.reducer;
export const bookingRequestReducer = requestSlice.reducer;

type WithBooking = { booking: BookingSelection; bookingHelper: BookingHelperState; bookingRequest: BookingRequestState };
export const selectBookingSelection = (s: WithBooking) => s.booking;
export const selectBookingHelper = (s: WithBooking) => s.bookingHelper;
export const selectBookingRequest = (s: WithBooking) => s.bookingRequest;
export const selectIsBookingComplete = (s: WithBooking) => s.bookingHelper.isBookingComplete;
