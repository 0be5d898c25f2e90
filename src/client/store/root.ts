/**
 * The store without its sagas: one slice + selectors per state of product-spec §3, combined here, and the store made
 * over them with the middleware it is given. The sagas' middleware (sagas.ts) imports redux-saga: the browser's first
 * script carries this module and not that one (sagas-later.ts), tests and the server renderer take both (index.ts).
 */
import { combineReducers, configureStore, type Middleware } from '@reduxjs/toolkit';
import { authReducer, authUiReducer } from './auth/slice';
import { signInReducer } from './auth/sign-in';
import { bookingHelperReducer, bookingRequestReducer, bookingSelectionReducer } from './booking/slice';
import { consentReducer } from './consent/slice';
import { flagsReducer } from './flags/slice';
import { globalReducer } from './global/slice';
import { paymentReducer } from './payment/slice';
import { PERSISTENCE_ACTIONS, untilRestored } from './restoring';
import { questionnaireReducer } from './questionnaire/slice';
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

/**
 * Redux Toolkit's development checks (state changed outside a reducer, values that cannot be stored)
 * run in tests as in development; only their timing hint ("took 40ms, which is more than the warning
 * threshold of 32ms") is off under test, where jsdom on a busy machine is what is slow.
 */
export const devCheckTiming = process.env.NODE_ENV === 'test' ? { warnAfter: Number.POSITIVE_INFINITY } : {};

export interface StoreBase {
  /**
   * the persisted slices are to be restored (the browser): until persistence is attached (persistence.ts,
   * attachPersistence), the state says they are not restored yet; without it nothing is restored or kept
   */
  restores?: boolean;
  /** after the store's own: the sagas' (sagas.ts, or in the browser sagas-later.ts) */
  middleware: readonly Middleware[];
}

export function configureAppStore(preloadedState: Partial<RootState> | undefined, { restores, middleware }: StoreBase) {
  return configureStore({
    reducer: restores ? untilRestored(rootReducer) : rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    // Card details pass through a payment action: never show actions to browser extensions in production.
    devTools: process.env.NODE_ENV !== 'production',
    middleware: (getDefault) =>
      getDefault({
        thunk: false,
        immutableCheck: devCheckTiming,
        serializableCheck: { ...devCheckTiming, ignoredActions: [...PERSISTENCE_ACTIONS] },
      }).concat(...middleware),
  });
}

export type AppStore = ReturnType<typeof configureAppStore>;
export type AppDispatch = AppStore['dispatch'];
