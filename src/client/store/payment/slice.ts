/**
 * Paying what is due on an appointment: a new card is turned into a one-time token (a card on file,
 * payment.cardId, needs none), then paid with an idempotency key. Card data passes through the
 * request action to the saga and is never kept in the store.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PaymentStatus } from '@/generated/enums';
import type { CardOnFile } from '@/generated/entities';
import type { CardInput, PaymentRequest } from '../services';
import type { RequestStatus, TypedFailure } from '../types';
import { gotNoAnswer } from '../failures';

export type PaymentFailureReason = 'card-rejected' | 'payment-rejected' | 'timeout' | 'network';
/** card-rejected: the card details did not tokenize; save-rejected: the API refused to keep it (declined, not the caller's patient). */
export type CardSaveFailureReason = 'card-rejected' | 'save-rejected' | 'timeout' | 'network';

/** Keeping a card on file for a patient (POST /patient-cards). */
export interface CardSaveState {
  status: RequestStatus;
  saved?: CardOnFile;
  error?: TypedFailure<CardSaveFailureReason>;
}

export interface PaymentState {
  status: RequestStatus;
  paymentId?: string;
  paymentStatus?: PaymentStatus;
  /** kept for the retry of an attempt that got no answer (it may have paid), dropped after any answer */
  idempotencyKey?: string;
  /** the card nonce sent under idempotencyKey, sent again by that retry so the server sees one request */
  cardNonce?: string;
  error?: TypedFailure<PaymentFailureReason>;
  cardSave: CardSaveState;
}

const initialPayment: PaymentState = { status: 'idle', cardSave: { status: 'idle' } };

/** `card` is left out when payment.cardId names a card on file. */
export const paymentRequested = createAction<{ card?: CardInput; payment: PaymentRequest }>('payment/requested');

/** Sagas: tokenize the card (unless it is a nonce already) and keep it on file for the patient. */
export const cardSaveRequested = createAction<{ card: CardInput; patientId: string; makeDefault?: boolean }>('payment/cardSaveRequested');

const paymentSlice = createSlice({
  name: 'payment',
  initialState: initialPayment,
  reducers: {
    paymentStarted(state, action: PayloadAction<{ idempotencyKey: string }>) {
      state.status = 'pending';
      state.idempotencyKey = action.payload.idempotencyKey;
      delete state.error;
    },
    paymentCardTokenized(state, action: PayloadAction<{ nonce: string }>) {
      state.cardNonce = action.payload.nonce;
    },
    paymentSucceeded(state, action: PayloadAction<{ paymentId: string; paymentStatus: PaymentStatus }>) {
      state.status = 'succeeded';
      state.paymentId = action.payload.paymentId;
      state.paymentStatus = action.payload.paymentStatus;
    },
    paymentFailed(state, action: PayloadAction<TypedFailure<PaymentFailureReason>>) {
      state.status = 'failed';
      state.error = action.payload;
      if (!gotNoAnswer(action.payload)) {
        delete state.idempotencyKey;
        delete state.cardNonce;
      }
    },
    paymentReset() {
      return initialPayment;
    },
    cardSaveStarted(state) {
      state.cardSave = { status: 'pending' };
    },
    cardSaved(state, action: PayloadAction<CardOnFile>) {
      state.cardSave = { status: 'succeeded', saved: action.payload };
    },
    cardSaveFailed(state, action: PayloadAction<TypedFailure<CardSaveFailureReason>>) {
      state.cardSave = { status: 'failed', error: action.payload };
    },
    cardSaveReset(state) {
      state.cardSave = { status: 'idle' };
    },
  },
});

export const {
  paymentStarted,
  paymentCardTokenized,
  paymentSucceeded,
  paymentFailed,
  paymentReset,
  cardSaveStarted,
  cardSaved,
  cardSaveFailed,
  cardSaveReset,
} = paymentSlice.actions;
export const paymentReducer = paymentSlice.reducer;
export const selectPayment = (s: { payment: PaymentState }) => s.payment;
