/**
 * Persistence (product-spec §4, §9): booking, booking helper and consent state are kept in browser
 * storage (localforage: IndexedDB, else localStorage) and restored at start, giving up after
 * persistRestoreTimeoutMs. Nothing else is stored; of consent, the request status is not.
 * The browser fetches this module once its store is made (main.tsx) and attaches it (attachPersistence): until
 * then the store says the slices are not restored (restoring.ts).
 */
import { createTransform, persistReducer, persistStore, type Persistor, type Storage } from 'redux-persist';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import * as storageConstants from '@/generated/constants/storage';
import * as timingConstants from '@/generated/constants/timing';
import type { ConsentState } from './consent/slice';
import { rootReducer, type AppStore } from './root';
import { untilRestored } from './restoring';

export const PERSISTED_SLICES = ['booking', 'bookingHelper', 'consent'] as const;

/** localforage, fetched when first used, so pages that never restore anything do not download it. */
export function browserStorage(): Storage {
  const forage = () => import('localforage').then((m) => m.default);
  return {
    getItem: async (key: string) => (await forage()).getItem<string>(key),
    setItem: async (key: string, value: string) => (await forage()).setItem(key, value),
    removeItem: async (key: string) => (await forage()).removeItem(key),
  };
}

const consentWithoutRequest = createTransform<ConsentState, Omit<ConsentState, 'status' | 'error'>>(
  ({ status: _status, error: _error, ...kept }) => kept,
  // Only what the slice holds now: the consent's wording, kept by earlier versions, is the server's (dropped here).
  ({ isConsentSigned, patients }) => ({ isConsentSigned, patients, status: 'idle' }),
  { whitelist: ['consent'] },
);

export function persisted<S>(reducer: Reducer<S, UnknownAction>, storage: Storage) {
  return persistReducer(
    {
      key: storageConstants.persistedStateKey,
      storage,
      whitelist: [...PERSISTED_SLICES],
      transforms: [consentWithoutRequest],
      timeout: timingConstants.persistRestoreTimeoutMs,
    },
    reducer as never,
  ) as Reducer<S, UnknownAction>;
}

/**
 * Restores the persisted slices of a store made with `restores` and keeps them from now on; the persistor
 * writes pending changes (flush).
 */
export function attachPersistence(store: AppStore, storage: Storage): Persistor {
  store.replaceReducer(untilRestored(persisted(rootReducer, storage)));
  return persistStore(store);
}
