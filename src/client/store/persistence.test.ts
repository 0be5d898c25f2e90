import type { Storage } from 'redux-persist';
import * as storageConstants from '@/generated/constants/storage';
import * as timingConstants from '@/generated/constants/timing';
import { createAppStore } from './index';
import { attachPersistence } from './persistence';
import { selectRestored } from './restoring';
import { bookingHelperUpdated, bookingSelectionUpdated } from './booking/slice';
import { consentFailed, consentPatientsUpdated } from './consent/slice';
import { authEmailEntered } from './auth/slice';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const storage: Storage = {
    getItem: async (k: string) => data.get(k) ?? null,
    setItem: async (k: string, v: string) => void data.set(k, v),
    removeItem: async (k: string) => void data.delete(k),
  };
  return { storage, data };
}

/** A store as the browser makes it: persistence attached once its code is there. */
function persistedStore(storage: Storage) {
  const store = createAppStore(undefined, { restores: true });
  return Object.assign(store, { persistor: attachPersistence(store, storage) });
}

const tick = () => jest.advanceTimersByTimeAsync(0);
const flushed = async (store: ReturnType<typeof persistedStore>) => {
  await tick();
  await store.persistor.flush();
};

// redux-persist leaves its restore timer running; fake timers keep it from holding jest open.
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('persistence (product-spec §4, §9)', () => {
  it('keeps booking, booking helper and consent state, and nothing else', async () => {
    const { storage, data } = memoryStorage();
    const store = persistedStore(storage);
    await tick();
    store.dispatch(bookingSelectionUpdated({ providerId: 'p1' }));
    store.dispatch(bookingHelperUpdated({ userEmail: 'jordan@example.com' }));
    store.dispatch(consentPatientsUpdated([{ id: 'pt-1' }]));
    store.dispatch(consentFailed({ reason: 'sign', text: 'no' }));
    store.dispatch(authEmailEntered('secret@example.com'));
    await flushed(store);
    const saved = JSON.parse(data.get(`persist:${storageConstants.persistedStateKey}`)!) as Record<string, string>;
    expect(
      Object.keys(saved)
        .filter((k) => k !== '_persist')
        .sort(),
    ).toEqual(['booking', 'bookingHelper', 'consent']);
    expect(JSON.parse(saved.consent!)).toEqual({ isConsentSigned: false, patients: [{ id: 'pt-1' }] });
    const text = data.get(`persist:${storageConstants.persistedStateKey}`)!;
    expect(text).not.toContain('secret@example.com');
  });

  it('says nothing is restored until persistence is attached, then restores, keeping what changed meanwhile in other slices', async () => {
    const { storage } = memoryStorage({
      [`persist:${storageConstants.persistedStateKey}`]: JSON.stringify({
        booking: JSON.stringify({ providerId: 'p1', selectedPatients: [] }),
        _persist: '{}',
      }),
    });
    const store = createAppStore(undefined, { restores: true });
    store.dispatch(authEmailEntered('jordan@example.com'));
    expect(selectRestored(store.getState())).toBe(false);
    attachPersistence(store, storage);
    expect(selectRestored(store.getState())).toBe(false);
    await tick();
    expect(selectRestored(store.getState())).toBe(true);
    expect(store.getState().booking.providerId).toBe('p1');
    expect(store.getState().authUi.email).toBe('jordan@example.com');
  });

  it('restores them in a new page', async () => {
    const { storage, data } = memoryStorage();
    const first = persistedStore(storage);
    await tick();
    first.dispatch(bookingSelectionUpdated({ providerId: 'p1' }));
    first.dispatch(consentPatientsUpdated([{ id: 'pt-1' }]));
    await flushed(first);
    const second = persistedStore(memoryStorage(Object.fromEntries(data)).storage);
    await tick();
    await tick();
    expect(second.getState().booking.providerId).toBe('p1');
    expect(second.getState().consent).toEqual({ isConsentSigned: false, patients: [{ id: 'pt-1' }], status: 'idle' });
  });

  it("drops the consent's wording an earlier version kept: the wording is the server's", async () => {
    const consent = JSON.stringify({ consentText: 'I agree', signers: [{ name: 'Mia Rivera' }], isConsentSigned: true, patients: [{ id: 'pt-1' }] });
    const { storage } = memoryStorage({ [`persist:${storageConstants.persistedStateKey}`]: JSON.stringify({ consent, _persist: '{}' }) });
    const store = persistedStore(storage);
    await tick();
    await tick();
    expect(store.getState().consent).toEqual({ isConsentSigned: true, patients: [{ id: 'pt-1' }], status: 'idle' });
  });

  it("gives up restoring after the spec'd timeout and starts empty", async () => {
    const never: Storage = { getItem: () => new Promise(() => undefined), setItem: async () => undefined, removeItem: async () => undefined };
    const store = persistedStore(never);
    await jest.advanceTimersByTimeAsync(timingConstants.persistRestoreTimeoutMs - 1);
    expect(store.persistor.getState().bootstrapped).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(store.persistor.getState().bootstrapped).toBe(true);
    expect(store.getState().booking).toEqual({ selectedPatients: [] });
  });
});
