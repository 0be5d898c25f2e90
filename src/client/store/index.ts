/**
 * The store: one slice + saga + selectors per state of product-spec §3, combined here.
 * Feature sagas are started so that one failing saga cannot stop the others; booking, booking
 * helper and consent state are persisted in the browser (persistence.ts).
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { all, call, spawn } from 'redux-saga/effects';
import { FLUSH, PAUSE, PERSIST, persistStore, PURGE, REGISTER, REHYDRATE, type Storage } from 'redux-persist';
import { authReducer, authUiReducer } from './auth/slice';
import { authSaga } from './auth/saga';
import { signInReducer } from './auth/sign-in';
import { signInSaga } from './auth/sign-in-saga';
import { bookingHelperReducer, bookingRequestReducer, bookingSelectionReducer } from './booking/slice';
import { bookingSaga, type BookingPathTest } from './booking/saga';
import { consentReducer } from './consent/slice';
import { consentSaga } from './consent/saga';
import { feedbackSaga } from './feedback-saga';
import { flagsReducer } from './flags/slice';
import { globalReducer } from './global/slice';
import { paymentReducer } from './payment/slice';
import { paymentSaga } from './payment/saga';
import { persisted } from './persistence';
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

export function featureSagas(isBookingPath: BookingPathTest): Saga[] {
  return [authSaga, signInSaga, bookingSaga(isBookingPath), consentSaga, paymentSaga, feedbackSaga];
}

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
  /** browser storage for the persisted slices; without it nothing is restored or kept */
  storage?: Storage;
  isBookingPath?: BookingPathTest;
  sagas?: readonly Saga[];
}

/**
 * Redux Toolkit's development checks (state changed outside a reducer, values that cannot be stored)
 * run in tests as in development; only their timing hint ("took 40ms, which is more than the warning
 * threshold of 32ms") is off under test, where jsdom on a busy machine is what is slow.
 */
export const devCheckTiming = process.env.NODE_ENV === 'test' ? { warnAfter: Number.POSITIVE_INFINITY } : {};

export function createAppStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware({ context: { services: options.services } });
  const reducer = options.storage ? persisted(rootReducer, options.storage) : rootReducer;
  const store = configureStore({
    reducer,
    preloadedState: preloadedState as RootState | undefined,
    // Card details pass through a payment action: never show actions to browser extensions in production.
    devTools: process.env.NODE_ENV !== 'production',
    middleware: (getDefault) =>
      getDefault({
        thunk: false,
        immutableCheck: devCheckTiming,
        serializableCheck: { ...devCheckTiming, ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(sagaMiddleware),
  });
  const persistor = options.storage ? persistStore(store) : undefined;
  if (options.services) sagaMiddleware.run(rootSaga, options.sagas ?? featureSagas(options.isBookingPath ?? (() => false)));
  return Object.assign(store, { persistor });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
