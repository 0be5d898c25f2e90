/**
 * The store with its sagas from the start: tests and the server renderer. The browser makes the same store
 * (root.ts) and fetches the sagas after its first script (main.tsx, sagas-later.ts). Booking, booking helper and
 * consent state are persisted in the browser (persistence.ts, attached once its code is there: restoring.ts).
 */
import { configureAppStore, type RootState } from './root';
import { storeSagas, type SagaOptions } from './sagas';

export { rootReducer, devCheckTiming, type AppDispatch, type AppStore, type RootState } from './root';
export { featureSagas, isolated, rootSaga, sagasOnDemand } from './sagas';

export interface StoreOptions extends SagaOptions {
  /** see StoreBase (root.ts) */
  restores?: boolean;
}

export function createAppStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const sagas = storeSagas(options);
  const store = configureAppStore(preloadedState, { restores: options.restores, middleware: sagas.middleware });
  sagas.start();
  return store;
}
