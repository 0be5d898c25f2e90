/**
 * Booking side effects: hold the slot when it is chosen, and at the end tokenize the card first and
 * then create the appointment with the card's nonce, so a refused card books nothing (a card that
 * Braintree's hosted fields tokenized in the browser comes as a nonce and is not tokenized again).
 * The booking call carries an idempotency key, and a call that got no answer is retried with the
 * same key, so the server books once. Failures become bookingFailed with the slot code's reason and
 * the catalogue's sentence for the audience. Leaving a booking route is leaving-saga.ts's.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, delay, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import * as runtimeConstants from '@/generated/constants/runtime';
import { errorCatalogue } from '@/generated/errors';
import { routeById } from '@/generated/routes';
import { isApiError } from '@/client/api/errors';
import { retryDelayMs } from '@/client/api/retry';
import { basicReason, isTransient, toFailure } from '../failures';
import { isTokenizedCard, type AuthorizationToSave, type CreatedAppointment, type Services, type SlotHold } from '../services';
import { selectAudience } from '../auth/slice';
import type { AppType } from '@/generated/enums';
import {
  authorizationSaveFailed,
  bookingAttempted,
  bookingCompleted,
  bookingFailed,
  bookingRequested,
  bookingSucceeded,
  selectBookingRequest,
  cardTokenized,
  slotHeld,
  slotHoldPending,
  slotHoldRequested,
  slotHoldStarted,
  type BookingFailure,
  type BookingFailureReason,
  type BookingRequestState,
  type BookingSubmission,
} from './slice';

export function bookingFailureReason(error: unknown): BookingFailureReason {
  if (isApiError(error)) {
    if (error.kind === 'timeout' || error.kind === 'network') return error.kind;
    const code = String(error.errorCode);
    // Booked, or held by another attempt (its own words: someone is booking it): either way, choose another time.
    if (code === String(runtimeConstants.slotErrorCodes.slotTaken) || code === String(runtimeConstants.slotErrorCodes.slotHeld)) return 'slot-taken';
    if (code === String(runtimeConstants.slotErrorCodes.medicationSlotLimit)) return 'medication-slot-limit';
    if (code === String(runtimeConstants.slotErrorCodes.noOpenSlot)) return 'no-open-slot';
    if (code === errorCatalogue.INSURANCE_MEDICAID_DENIED.code || code === errorCatalogue.INSURANCE_NOT_ACCEPTED.code) return 'insurance-refused';
    if (code === errorCatalogue.BOOKINGS_PAUSED.code) return 'maintenance';
  }
  return 'rejected';
}

/** The typed failure of a booking call: the catalogue's sentence, and the self-pay price an insurance refusal offers. */
function bookingFailure(error: unknown, audience: AppType): BookingFailure {
  const selfPayPrice = isApiError(error) ? error.body.selfPayPrice : undefined;
  return { ...toFailure(error, bookingFailureReason(error), audience), ...(selfPayPrice !== undefined ? { selfPayPrice } : {}) };
}

/**
 * The booking cannot be completed from this screen: the scheduling or payment system answered that it
 * failed (BOOKING_FAILED, any 5xx after the retries). A taken slot, a refused card or a request that got
 * no answer (it may have booked; its retry keeps the key) stay on the step to be fixed or retried.
 */
export function cannotBeCompleted(error: unknown): boolean {
  // A pause for maintenance is not a failure: the step says so and keeps the booking for later.
  return isApiError(error) && error.kind === 'http' && error.status >= 500 && bookingFailureReason(error) !== 'maintenance';
}

/** Calls fn, retrying transient failures up to bookingRetries times with a doubling pause. */
export function* withRetries<T>(fn: () => Promise<T>, onAttempt?: () => unknown) {
  for (let attempt = 0; ; attempt += 1) {
    if (onAttempt) yield put(onAttempt() as never);
    try {
      const result: T = yield call(fn);
      return result;
    } catch (error) {
      if (!isTransient(error) || attempt >= runtimeConstants.bookingRetries) throw error;
      yield delay(retryDelayMs(attempt));
    }
  }
}

function holdIsValid(hold: SlotHold | undefined, now: number): hold is SlotHold {
  return Boolean(hold && Date.parse(hold.expiresAt) > now);
}

/** Holds the chosen slot; a slot someone else holds (code 3004) or booked (3001) fails with slot-taken. */
export function* holdChosenSlot(action: PayloadAction<{ slotId: string; providerId: string }>) {
  const services: Services = yield getContext('services');
  const audience: AppType = yield select(selectAudience);
  yield put(slotHoldPending());
  try {
    const hold = (yield* withRetries(() => services.booking.holdSlot(action.payload))) as SlotHold;
    yield put(slotHeld(hold));
  } catch (error) {
    yield put(bookingFailed(bookingFailure(error, audience)));
  }
}

/**
 * The card's one-time token, or the typed failure that stops the booking before it is made. The retry
 * of an attempt that got no answer sends the nonce that attempt sent (see BookingRequestState.cardNonce).
 */
function* tokenizeCard(submission: BookingSubmission, audience: AppType, retriedNonce: string | undefined) {
  if (!submission.card) return { nonce: undefined };
  if (retriedNonce) return { nonce: retriedNonce };
  if (isTokenizedCard(submission.card)) return { nonce: submission.card.nonce };
  const services: Services = yield getContext('services');
  try {
    const { nonce } = (yield call(services.payment.tokenize, submission.card)) as { nonce: string };
    return { nonce };
  } catch (error) {
    const reason: BookingFailureReason =
      isTransient(error) && isApiError(error) && error.kind !== 'http' ? (error.kind as 'timeout' | 'network') : 'card-rejected';
    yield put(bookingFailed(toFailure(error, reason, audience)));
    return { failed: true as const };
  }
}

/** Keeps the partner's authorization on the booked patient; a failure is shown beside the confirmation (the booking stands). */
function* saveAuthorization(authorization: AuthorizationToSave, audience: AppType) {
  const services: Services = yield getContext('services');
  try {
    yield* withRetries(() => services.booking.saveAuthorization(authorization));
  } catch (error) {
    yield put(authorizationSaveFailed(toFailure(error, basicReason(error), audience)));
  }
}

export function* book(action: PayloadAction<BookingSubmission>) {
  const services: Services = yield getContext('services');
  const audience: AppType = yield select(selectAudience);
  const { request } = action.payload;
  const previous: BookingRequestState = yield select(selectBookingRequest);
  // One key per attempt; only the retry of an attempt that got no answer keeps it (see the slice).
  const idempotencyKey = previous.idempotencyKey ?? services.newId();
  yield put(slotHoldStarted({ idempotencyKey }));
  try {
    let hold = previous.hold;
    if (!holdIsValid(hold, Date.now())) {
      hold = (yield* withRetries(() => services.booking.holdSlot({ slotId: request.slot.id, providerId: request.providerId }))) as SlotHold;
      yield put(slotHeld(hold));
    }
    const heldId = hold.holdId;
    const retriedNonce = previous.idempotencyKey ? previous.cardNonce : undefined;
    const card = (yield* tokenizeCard(action.payload, audience, retriedNonce)) as { nonce?: string; failed?: true };
    if (card.failed) return;
    if (card.nonce) yield put(cardTokenized({ nonce: card.nonce }));
    const body = { ...request, holdId: heldId, ...(card.nonce ? { payment: { ...request.payment, nonce: card.nonce } } : {}) };
    const created = (yield* withRetries(
      () => services.booking.createAppointment(body, idempotencyKey),
      () => bookingAttempted(),
    )) as CreatedAppointment;
    yield put(bookingSucceeded({ appointmentId: created.id }));
    yield put(bookingCompleted());
    if (action.payload.authorization) yield* saveAuthorization(action.payload.authorization, audience);
  } catch (error) {
    yield put(bookingFailed(bookingFailure(error, audience)));
    if (cannotBeCompleted(error)) yield call(services.navigate, routeById.bookingError.path);
  }
}

/** Started with the first slot hold or booking request (store/index.ts, sagasOnDemand). */
export function* bookingSaga() {
  yield takeLeading(bookingRequested.type, book);
  yield takeLatest(slotHoldRequested.type, holdChosenSlot);
}
