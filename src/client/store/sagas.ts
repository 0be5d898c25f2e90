/**
 * The store's sagas, each started so that one failing saga cannot stop the others; those a screen's action starts
 * (sign-in, booking, consent, payment) are fetched with that action (sagas-on-demand.ts). The browser fetches this
 * module itself after its first script (main.tsx, sagas-later.ts); tests and the server renderer mount it with the
 * store (index.ts).
 */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { stdChannel, type Saga } from 'redux-saga';
import { all, call, spawn } from 'redux-saga/effects';
import { authSaga } from './auth/saga';
import {
  clientConfigRequested,
  dobSubmitted,
  googleCredentialReceived,
  magicLinkOpened,
  otpSubmitted,
  signInEmailSubmitted,
  signInResendRequested,
} from './auth/sign-in';
import { bookingRequested, slotHoldRequested } from './booking/slice';
import { cleanOnLeavingBooking, type BookingPathTest } from './booking/leaving-saga';
import { consentSignRequested } from './consent/slice';
import { feedbackSaga } from './feedback-saga';
import { cardSaveRequested, paymentRequested } from './payment/slice';
import { startsSagasOnDemand, type SagaOnDemand } from './sagas-on-demand';
import type { Services } from './services';

/** The sagas that run from the start. */
export function featureSagas(isBookingPath: BookingPathTest): Saga[] {
  return [
    authSaga,
    function* leavingBooking() {
      yield call(cleanOnLeavingBooking, isBookingPath);
    },
    feedbackSaga,
  ];
}

/** The sagas started by the first action they answer, fetched then. */
export const sagasOnDemand: readonly SagaOnDemand[] = [
  {
    answers: [
      clientConfigRequested.type,
      signInEmailSubmitted.type,
      signInResendRequested.type,
      otpSubmitted.type,
      magicLinkOpened.type,
      dobSubmitted.type,
      googleCredentialReceived.type,
    ],
    load: () => import('./auth/sign-in-saga').then((m) => m.signInSaga),
  },
  { answers: [slotHoldRequested.type, bookingRequested.type], load: () => import('./booking/saga').then((m) => m.bookingSaga) },
  { answers: [consentSignRequested.type], load: () => import('./consent/saga').then((m) => m.consentSaga) },
  { answers: [paymentRequested.type, cardSaveRequested.type], load: () => import('./payment/saga').then((m) => m.paymentSaga) },
];

export function* isolated(saga: Saga) {
  for (;;) {
    try {
      yield call(saga);
      return;
    } catch (err) {
      // A crashed saga is logged and restarted; the others keep running.
      console.error('saga crashed and was restarted', err);
    }
  }
}

export function* rootSaga(sagas: readonly Saga[]) {
  yield all(sagas.map((saga) => spawn(isolated, saga)));
}

export interface SagaOptions {
  /** the browser's services; without them (server rendering) no saga runs */
  services?: Services;
  isBookingPath?: BookingPathTest;
  /** the sagas run from the start (default: featureSagas) */
  sagas?: readonly Saga[];
  /** the sagas started by their first action (default: sagasOnDemand) */
  onDemand?: readonly SagaOnDemand[];
}

export interface StoreSagas {
  /** the store's middleware for them, last in its chain */
  middleware: Middleware[];
  /** starts them, once the middleware is mounted on the store */
  start: () => void;
}

export function storeSagas(options: SagaOptions): StoreSagas {
  const channel = stdChannel<UnknownAction>();
  const sagaMiddleware = createSagaMiddleware({ context: { services: options.services }, channel });
  const onDemand = startsSagasOnDemand(
    options.onDemand ?? sagasOnDemand,
    sagaMiddleware,
    channel,
    (saga) =>
      function* started() {
        yield call(isolated, saga);
      },
  );
  return {
    middleware: options.services ? [onDemand, sagaMiddleware] : [sagaMiddleware],
    start: () => {
      if (options.services) sagaMiddleware.run(rootSaga, options.sagas ?? featureSagas(options.isBookingPath ?? (() => false)));
    },
  };
}
