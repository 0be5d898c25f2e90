/**
 * Toasts for the events a person must notice (product-spec §8: bottom left, dismissed on the next
 * click; §9 toast 5500 ms): a booking made or refused, a sign-in problem, a consent signed, a card
 * kept on file. Portal changes (cancel, reschedule, pay) toast from useDialogChange.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { put, select, takeEvery } from 'redux-saga/effects';
import type { CardOnFile } from '@/generated/entities';
import { message } from '@/domain/messages';
import { signInFailed } from './auth/sign-in';
import { bookingFailed, bookingSucceeded } from './booking/slice';
import { consentSigned, selectConsent, type ConsentState } from './consent/slice';
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
  yield takeEvery(consentSigned.type, function* consentGiven(action: PayloadAction<boolean>) {
    const { signers }: ConsentState = yield select(selectConsent);
    // Booking consents of patients not created yet are given with the booking: nobody to name here.
    if (!action.payload || !signers?.length) return;
    yield put(toastShown({ kind: 'success', text: message('ui.toast.consentSigned', { patient: signers.map((s) => s.name).join(', ') }) }));
  });
}
