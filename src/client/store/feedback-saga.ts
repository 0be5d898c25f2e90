/**
 * Toasts for the events a person must notice (product-spec §8: bottom left, dismissed on the next
 * click; §9 toast 5500 ms): a booking made or refused, a sign-in problem, a consent signed, a card
 * kept on file. Portal changes (cancel, reschedule, pay) toast from useDialogChange.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { put, takeEvery } from 'redux-saga/effects';
import type { CardOnFile } from '@/generated/entities';
import { message } from '@/domain/messages';
import { signInFailed } from './auth/sign-in';
import { bookingFailed, bookingSucceeded } from './booking/slice';
import { consentGiven } from './consent/slice';
import { cardSaved, cardSaveFailed } from './payment/slice';
import { toastShown } from './toasts';
import type { TypedFailure } from './types';

function* errorToast(action: PayloadAction<TypedFailure<string>>) {
  yield put(toastShown({ kind: 'error', text: action.payload.text }));
}

export function* feedbackSaga() {
  yield takeEvery(bookingSucceeded.type, function* bookingMade() {
    yield put(toastShown({ kind: 'success', text: message('ui.toast.bookingMade') }));
  });
  yield takeEvery([bookingFailed.type, signInFailed.type, cardSaveFailed.type], errorToast);
  yield takeEvery(cardSaved.type, function* cardKept(action: PayloadAction<CardOnFile>) {
    yield put(toastShown({ kind: 'success', text: message('ui.toast.cardSaved', { brand: action.payload.brand, last4: action.payload.last4 }) }));
  });
  // Booking consents of patients not created yet are given with the booking (no consentGiven): nobody to name then.
  yield takeEvery(consentGiven.type, function* consentSignedFor(action: ReturnType<typeof consentGiven>) {
    yield put(toastShown({ kind: 'success', text: message('ui.toast.consentSigned', { patient: action.payload.names.join(', ') }) }));
  });
}
