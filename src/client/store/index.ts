/**
 * The store: one slice + saga + selectors per state of product-spec §3, combined here.
 * Feature sagas are started so that one failing saga cannot stop the others; those a screen's action starts
 * (sign-in, booking, consent, payment) are fetched with that action (sagas-on-demand.ts). Booking, booking helper and
 * consent state are persisted in the browser (persistence.ts, attached once its code is there: restoring.ts).
 */
import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { stdChannel, type Saga } from 'redux-saga';
import { all, call, spawn } from 'redux-saga/effects';
import { authReducer, authUiReducer } from './auth/slice';
import { authSaga } from './auth/saga';
import {
  clientConfigRequested,
  dobSubmitted,
  googleCredentialReceived,
  magicLinkOpened,
  otpSubmitted,
  signInEmailSubmitted,
  signInReducer,
  signInResendRequested,
} from './auth/sign-in';
import { bookingHelperReducer, bookingRequestReducer, bookingRequested, bookingSelectionReducer, slotHoldRequested } from './booking/slice';
import { cleanOnLeavingBooking, type BookingPathTest } from './booking/leaving-saga';
import { consentReducer, consentSignRequested } from './consent/slice';
import { feedbackSaga } from './feedback-saga';
import { flagsReducer } from './flags/slice';
import { globalReducer } from './global/slice';
import { cardSaveRequested, paymentReducer, paymentRequested } from './payment/slice';
import { PERSISTENCE_ACTIONS, untilRestored } from './restoring';
import { startsSagasOnDemand, type SagaOnDemand } from './sagas-on-demand';
import { questionnaireReducer } from './questionnaire/slice';
import type { Services } from './services';
import { toastsReducer } from './toasts';

export const rootReducer = combineReducers({
  toasts: toastsReducer,
  auth: authReducer,
  authUi: authUiReducer,
  signIn: signInReducer,
  booking: bookingSelectionReducer,
  bookingHelper: bookingHelperReducer,
  bookingRequest: bookingRequestReducer,
  consent: consentReducer,
  payment: paymentReducer,
  questionnaire: questionnaireReducer,
  global: globalReducer,
  flags: flagsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

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

export interface StoreOptions {
  /** the browser's services; without them (server rendering) no saga runs */
  services?: Services;
  /**
   * the persisted slices are to be restored (the browser): until persistence is attached (persistence.ts,
   * attachPersistence), the state says they are not restored yet; without it nothing is restored or kept
   */
  restores?: boolean;
  isBookingPath?: BookingPathTest;
  /** the sagas run from the start (default: featureSagas) */
  sagas?: readonly Saga[];
  /** the sagas started by their first action (default: sagasOnDemand) */
  onDemand?: readonly SagaOnDemand[];
}

/**
 * Redux Toolkit's development checks (state changed outside a reducer, values that cannot be stored)
 * run in tests as in development; only their timing hint ("took 40ms, which is more than the warning
 * threshold of 32ms") is off under test, where jsdom on a busy machine is what is slow.
 */
export const devCheckTiming = process.env.NODE_ENV === 'test' ? { warnAfter: Number.POSITIVE_INFINITY } : {};

export function createAppStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
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
  const store = configureStore({
    reducer: options.restores ? untilRestored(rootReducer) : rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    // Card details pass through a payment action: never show actions to browser extensions in production.
    devTools: process.env.NODE_ENV !== 'production',
    middleware: (getDefault) =>
      getDefault({
        thunk: false,
        immutableCheck: devCheckTiming,
        serializableCheck: { ...devCheckTiming, ignoredActions: [...PERSISTENCE_ACTIONS] },
      }).concat(...(options.services ? [onDemand, sagaMiddleware] : [sagaMiddleware])),
  });
  if (options.services) sagaMiddleware.run(rootSaga, options.sagas ?? featureSagas(options.isBookingPath ?? (() => false)));
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
