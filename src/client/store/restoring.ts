/**
 * The store before its persisted slices are attached (persistence.ts, fetched after the store is made, so its
 * code is not in the first script of every screen): the state says they are not restored yet, as
 * redux-persist's own state does until it has restored them, so a screen that reads restored state waits
 * (selectRestored). Once attached, redux-persist's reducer takes over and the mark is gone.
 */
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';

/** redux-persist's actions: they carry functions, so the store's serializable check lets them pass. */
export const PERSISTENCE_ACTIONS = [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] as const;

/** The mark of persisted slices not restored yet: redux-persist's own shape (its state before it restored them). */
export const NOT_RESTORED = { version: -1, rehydrated: false } as const;

/**
 * `reducer` with the not-restored mark until the state has redux-persist's own: `reducer` is the root reducer
 * first and redux-persist's over it once attached; either gets the state without the mark.
 */
export function untilRestored<S extends object, P>(reducer: Reducer<S, UnknownAction, P>): Reducer<S, UnknownAction, P> {
  return (state, action) => {
    const marked = isMarked(state);
    const unmarked = marked ? withoutMark(state as S) : state;
    const next = reducer(unmarked, action);
    if ('_persist' in next) return next;
    if (marked && next === unmarked) return state as S;
    return { ...next, _persist: NOT_RESTORED };
  };
}

function isMarked(state: unknown): boolean {
  return typeof state === 'object' && state !== null && '_persist' in state && state._persist === NOT_RESTORED;
}

function withoutMark<S extends object>(state: S): S {
  const { _persist: _mark, ...rest } = state as S & { _persist?: unknown };
  return rest as S;
}

/**
 * Whether the persisted slices have been restored, or restoring gave up after persistRestoreTimeoutMs
 * (true where nothing is persisted: server rendering, component tests). A screen that reads restored
 * state waits for this before deciding the state is not there.
 */
export const selectRestored = (state: object): boolean => (state as { _persist?: { rehydrated?: boolean } })._persist?.rehydrated ?? true;
