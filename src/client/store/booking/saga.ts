/**
 * Booking side effects: hold the slot, create the appointment with an idempotency key, and retry
 * a call that got no answer with the same key, so the server books once. Failures become
 * bookingFailed with the slot code's reason and the catalogue's sentence for the audience.
 * Leaving a booking route cleans the booking data and the skip-email user details.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, delay, getContext, put, select, takeEvery, takeLeading } from 'redux-saga/effects';
import { constants } from '../../../generated/constants';
import { isApiError } from '../../api/errors';
import { retryDelayMs } from '../../api/retry';
import { isTransient, toFailure } from '../failures';
import type { AppointmentRequest, CreatedAppointment, Services, SlotHold } from '../services';
import { selectAudience } from '../auth/slice';
import type { AppType } from '../../../generated/enums';
import {
  bookingAttempted,
  bookingCleaned,
  bookingCompleted,
  bookingFailed,
  bookingRequested,
  bookingSucceeded,
  locationChanged,
  selectBookingRequest,
  skipEmailUserDetailsCleared,
  slotHeld,
  slotHoldStarted,
  type BookingFailureReason,
  type BookingRequestState,
} from './slice';

export function bookingFailureReason(error: unknown): BookingFailureReason {
  if (isApiError(error)) {
    if (error.kind === 'timeout' || error.kind === 'network') return error.kind;
    const code = String(error.errorCode);
    if (code === String(constants.slotErrorCodes.slotTaken)) return 'slot-taken';
    if (code === String(constants.slotErrorCodes.medicationSlotLimit)) return 'medication-slot-limit';
    if (code === String(constants.slotErrorCodes.noOpenSlot)) return 'no-open-slot';
  }
  return 'rejected';
}

/** Calls fn, retrying transient failures up to bookingRetries times with a doubling pause. */
export function* withRetries<T>(fn: () => Promise<T>, onAttempt?: () => unknown) {
  for (let attempt = 0; ; attempt += 1) {
    if (onAttempt) yield put(onAttempt() as never);
    try {
      const result: T = yield call(fn);
      return result;
    } catch (error) {
      if (!isTransient(error) || attempt >= constants.bookingRetries) throw error;
      yield delay(retryDelayMs(attempt));
    }
  }
}

function holdIsValid(hold: SlotHold | undefined, now: number): hold is SlotHold {
  return Boolean(hold && Date.parse(hold.expiresAt) > now);
}

export function* book(action: PayloadAction<AppointmentRequest>) {
  const services: Services = yield getContext('services');
  const audience: AppType = yield select(selectAudience);
  const request = action.payload;
  const previous: BookingRequestState = yield select(selectBookingRequest);
  const idempotencyKey = previous.idempotencyKey ?? services.newId();
  yield put(slotHoldStarted({ idempotencyKey }));
  try {
    let hold = previous.hold;
    if (!holdIsValid(hold, Date.now())) {
      hold = (yield* withRetries(() => services.booking.holdSlot({ slot: request.slot, providerId: request.providerId }))) as SlotHold;
    }
    yield put(slotHeld(hold));
    const heldId = hold.holdId;
    const created = (yield* withRetries(() => services.booking.createAppointment({ ...request, holdId: heldId }, idempotencyKey), () => bookingAttempted())) as CreatedAppointment;
    yield put(bookingSucceeded({ appointmentId: created.id }));
    yield put(bookingCompleted());
  } catch (error) {
    yield put(bookingFailed(toFailure(error, bookingFailureReason(error), audience)));
  }
}

/** Which paths are booking routes; the app passes one built from the route table. */
export type BookingPathTest = (pathname: string) => boolean;

export function* cleanOnLeavingBooking(isBookingPath: BookingPathTest) {
  const services: Services = yield getContext('services');
  let previous: string | undefined;
  yield takeEvery(locationChanged.type, function* onLocation(action: PayloadAction<{ pathname: string }>) {
    const next = action.payload.pathname;
    const left = previous !== undefined && isBookingPath(previous) && !isBookingPath(next);
    previous = next;
    if (!left) return;
    yield put(bookingCleaned({ keepB2bDetails: true }));
    yield put(skipEmailUserDetailsCleared());
    yield call([services.session, services.session.clearSkipEmailToken]);
  });
}

export function bookingSaga(isBookingPath: BookingPathTest) {
  return function* bookingSagaRoot() {
    yield takeLeading(bookingRequested.type, book);
    yield call(cleanOnLeavingBooking, isBookingPath);
  };
}
