/** Payment side effects: tokenize the card, then pay with the same idempotency key on every retry. */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import type { AppType, PaymentStatus } from '../../../generated/enums';
import { withRetries } from '../booking/saga';
import { basicReason, toFailure } from '../failures';
import type { CardDetails, PaymentRequest, Services } from '../services';
import { selectAudience } from '../auth/slice';
import { paymentFailed, paymentRequested, paymentStarted, paymentSucceeded, selectPayment, type PaymentState } from './slice';

const SUCCEEDED: PaymentStatus = 'succeeded';

export function* pay(action: PayloadAction<{ card: CardDetails; payment: PaymentRequest }>) {
  const services: Services = yield getContext('services');
  const audience: AppType = yield select(selectAudience);
  const previous: PaymentState = yield select(selectPayment);
  const idempotencyKey = previous.status === 'failed' && previous.idempotencyKey ? previous.idempotencyKey : services.newId();
  yield put(paymentStarted({ idempotencyKey }));
  let nonce: string;
  try {
    ({ nonce } = (yield call(services.payment.tokenize, action.payload.card)) as { nonce: string });
  } catch (error) {
    const basic = basicReason(error);
    yield put(paymentFailed(toFailure(error, basic === 'rejected' ? 'card-rejected' : basic, audience)));
    return;
  }
  try {
    const result = (yield* withRetries(() => services.payment.pay({ ...action.payload.payment, nonce }, idempotencyKey))) as { paymentId: string; status: string };
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

export function* paymentSaga() {
  yield takeLeading(paymentRequested.type, pay);
}
