/**
 * Sagas fetched with the first action they answer, so their code (and what only they import) is not in the
 * script every screen loads first: the booking saga arrives with the first slot hold, the payment saga with the
 * first payment. The action reaches the reducers at once, as any action; once the saga's code is there, the
 * saga is started and given the actions that came meanwhile, in their order, through the sagas' channel only
 * (the reducers saw them already).
 */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { isAction } from '@reduxjs/toolkit';
import type { MulticastChannel, Saga, SagaMiddleware } from 'redux-saga';

export interface SagaOnDemand {
  /** the action types that start it */
  answers: readonly string[];
  load: () => Promise<Saga>;
}

export function startsSagasOnDemand(
  onDemand: readonly SagaOnDemand[],
  sagaMiddleware: SagaMiddleware,
  channel: MulticastChannel<UnknownAction>,
  wrap: (saga: Saga) => Saga,
): Middleware {
  const started = new Set<SagaOnDemand>();
  const waiting = new Map<SagaOnDemand, UnknownAction[]>();
  const start = (saga: SagaOnDemand) =>
    saga.load().then(
      (run) => {
        started.add(saga);
        sagaMiddleware.run(wrap(run));
        for (const action of waiting.get(saga) ?? []) channel.put(action);
        waiting.delete(saga);
      },
      (error: unknown) => {
        // Its code did not arrive (offline, a new release): the next such action asks for it again.
        waiting.delete(saga);
        console.error('a saga could not be loaded', error);
      },
    );
  return () => (next) => (action) => {
    const result = next(action);
    if (!isAction(action)) return result;
    const saga = onDemand.find((s) => s.answers.includes(action.type));
    if (saga && !started.has(saga)) {
      const queue = waiting.get(saga);
      if (queue) queue.push(action);
      else {
        waiting.set(saga, [action]);
        void start(saga);
      }
    }
    return result;
  };
}
