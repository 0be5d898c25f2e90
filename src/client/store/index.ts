/**
 * The store: one slice + saga + selectors per state of product-spec §3, combined here.
 * Feature sagas are started so that one failing saga cannot stop the others.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { all, call, spawn } from 'redux-saga/effects';
import { toastsReducer } from './toasts';

export const rootReducer = combineReducers({
  toasts: toastsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Feature sagas; each runs in its own spawned task and is restarted if it crashes. */
export const featureSagas: Saga[] = [];

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

export function* rootSaga(sagas: readonly Saga[] = featureSagas) {
  yield all(sagas.map((saga) => spawn(isolated, saga)));
}

export function createAppStore(preloadedState?: Partial<RootState>, options: { runSagas?: boolean } = {}) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
  });
  if (options.runSagas ?? true) sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
