/**
 * Payment side effects: tokenize a new card (unless Braintree's hosted fields already gave its nonce;
 * a card on file needs none), then pay; a call that got no answer is retried with the same
 * idempotency key and nonce.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import type { AppType, PaymentStatus } from '@/generated/enums';
import { withRetries } from '../booking/saga';
import { basicReason, toFailure } from '../failures';
import { isTokenizedCard, type CardInput, type PaymentRequest, type Services } from '../services';
import { selectAudience } from '../auth/slice';
import type { CardOnFile } from '@/generated/entities';
import {
  cardSaved,
  cardSaveFailed,
  cardSaveRequested,
  cardSaveStarted,
  paymentCardTokenized,
  paymentFailed,
  paymentRequested,
  paymentStarted,
  paymentSucceeded,
  selectPayment,
  type PaymentState,
} from './slice';

const SUCCEEDED: PaymentStatus = 'succeeded';

export function* pay(action: PayloadAction<{ card?: CardInput; payment: PaymentRequest }>) {
  const services: Services = yield getContext('services');
  const audience: AppType = yield select(selectAudience);
  const previous: PaymentState = yield select(selectPayment);
  // Only the retry of an attempt that got no answer keeps its key (the slice drops it after any
  // answer), and it sends that attempt's nonce again: one key, one request.
  const retrying = previous.status === 'failed' && previous.idempotencyKey !== undefined;
  const idempotencyKey = retrying ? previous.idempotencyKey! : services.newId();
  yield put(paymentStarted({ idempotencyKey }));
  const { card } = action.payload;
  let nonce: string | undefined;
  try {
    if (retrying && previous.cardNonce) nonce = previous.cardNonce;
    else if (card) ({ nonce } = isTokenizedCard(card) ? card : ((yield call(services.payment.tokenize, card)) as { nonce: string }));
    if (nonce) yield put(paymentCardTokenized({ nonce }));
  } catch (error) {
    const basic = basicReason(error);
    yield put(paymentFailed(toFailure(error, basic === 'rejected' ? 'card-rejected' : basic, audience)));
    return;
  }
  try {
    const result = (yield* withRetries(() => services.payment.pay({ ...action.payload.payment, ...(nonce ? { nonce } : {}) }, idempotencyKey))) as {
      paymentId: string;
      status: string;
    };
    if (result.status === SUCCEEDED) {
      yield put(paymentSucceeded({ paymentId: result.paymentId, paymentStatus: SUCCEEDED }));
      return;
    }
    yield put(paymentFailed(toFailure(undefined, 'payment-rejected', audience)));
  } catch (error) {
    const basic = basicReason(error);
    yield put(paymentFailed(toFailure(error, basic === 'rejected' ? 'payment-rejected' : basic, audience)));
  }
}

/** Keeps a card on file for a patient: tokenized first (a declined or invalid card is refused by the API). */
export function* saveCard(action: PayloadAction<{ card: CardInput; patientId: string; makeDefault?: boolean }>) {
  const services: Services = yield getContext('services');
  const audience: AppType = yield select(selectAudience);
  const { card, patientId, makeDefault } = action.payload;
  yield put(cardSaveStarted());
  let nonce: string;
  try {
    ({ nonce } = isTokenizedCard(card) ? card : ((yield call(services.payment.tokenize, card)) as { nonce: string }));
  } catch (error) {
    const basic = basicReason(error);
    yield put(cardSaveFailed(toFailure(error, basic === 'rejected' ? 'card-rejected' : basic, audience)));
    return;
  }
  try {
    const saved = (yield call(services.payment.saveCard, { patientId, nonce, ...(makeDefault ? { makeDefault } : {}) })) as CardOnFile;
    yield put(cardSaved(saved));
  } catch (error) {
    const basic = basicReason(error);
    yield put(cardSaveFailed(toFailure(error, basic === 'rejected' ? 'save-rejected' : basic, audience)));
  }
}

export function* paymentSaga() {
  yield takeLeading(paymentRequested.type, pay);
  yield takeLeading(cardSaveRequested.type, saveCard);
}
