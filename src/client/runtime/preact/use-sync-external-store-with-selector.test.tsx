/** The browser build's useSyncExternalStoreWithSelector (react-redux's useSelector runs on it: vite.config.ts). */
import { act } from 'react';
import { render, screen } from '@testing-library/react';
import { useSyncExternalStoreWithSelector } from './use-sync-external-store-with-selector';

function tinyStore<S>(initial: S) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (next: S) => {
      state = next;
      listeners.forEach((l) => l());
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

describe('useSyncExternalStoreWithSelector', () => {
  it('draws again when what it selected changed, and only then', () => {
    const store = tinyStore({ name: 'Ana', visits: 0 });
    let draws = 0;
    function Name() {
      draws += 1;
      const name = useSyncExternalStoreWithSelector(store.subscribe, store.get, store.get, (s) => s.name);
      return <p>{name}</p>;
    }
    render(<Name />);
    act(() => store.set({ name: 'Ana', visits: 1 }));
    expect(draws).toBe(1);
    act(() => store.set({ name: 'Bea', visits: 1 }));
    expect(screen.getByText('Bea')).toBeTruthy();
    expect(draws).toBe(2);
  });

  it('keeps the selection it gave while isEqual says a new one equals it', () => {
    const store = tinyStore({ ids: ['a'], visits: 0 });
    const drawn: string[][] = [];
    // A new array at every read: without isEqual every change of the store would draw again.
    const ids = (s: { ids: string[] }) => [...s.ids];
    const sameIds = (a: string[], b: string[]) => a.join() === b.join();
    function Ids() {
      const selected = useSyncExternalStoreWithSelector(store.subscribe, store.get, undefined, ids, sameIds);
      drawn.push(selected);
      return <p>{selected.join()}</p>;
    }
    render(<Ids />);
    act(() => store.set({ ids: ['a'], visits: 1 }));
    expect(drawn).toHaveLength(1);
    act(() => store.set({ ids: ['a', 'b'], visits: 1 }));
    expect(screen.getByText('a,b')).toBeTruthy();
    expect(drawn).toEqual([['a'], ['a', 'b']]);
  });
});
