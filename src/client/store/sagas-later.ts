/**
 * The browser's sagas arrive after its first script (redux-saga and the sagas that run from the start, about 8 KB
 * brotli of every screen): main.tsx starts fetching them before it draws, and the store is made with this
 * middleware in their place. Every action reaches the reducers at once, as any action; the sagas' middleware sees
 * the actions that came before it arrived, in their order, once it is there (the reducers saw them already), then
 * every action as it comes. Their code did not arrive (offline, a new release): the next action asks for it again.
 */
import type { Middleware, MiddlewareAPI } from '@reduxjs/toolkit';
import type { StoreSagas } from './sagas';

export function sagasLater(load: () => Promise<StoreSagas>): Middleware {
  return (store) => {
    let sagas: ((action: unknown) => unknown) | undefined;
    let loading = false;
    const waiting: unknown[] = [];
    const mount = () => {
      loading = true;
      load().then(
        ({ middleware, start }) => {
          // The sagas' middleware on this store, its chain ending here: the reducers are before it.
          const chain = middleware
            .map((m) => m(store as MiddlewareAPI))
            .reduceRight<(action: unknown) => unknown>(
              (next, m) => m(next),
              () => undefined,
            );
          start();
          for (const action of waiting.splice(0)) chain(action);
          sagas = chain;
        },
        (error: unknown) => {
          loading = false;
          console.error('the sagas could not be loaded', error);
        },
      );
    };
    mount();
    return (next) => (action) => {
      const result = next(action);
      if (sagas) sagas(action);
      else {
        waiting.push(action);
        if (!loading) mount();
      }
      return result;
    };
  };
}
