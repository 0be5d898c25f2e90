/** The browser's store, whose sagas arrive after its first script (sagas-later.ts, main.tsx). */
import { put, take } from 'redux-saga/effects';
import { fakeServices, settle } from '@tests/fixtures/services';
import { configureAppStore } from './root';
import { sagasLater } from './sagas-later';
import { storeSagas, type StoreSagas } from './sagas';
import { toastShown } from './toasts';

/** A saga that answers each 'ping' with a toast naming it, so what it saw shows in the state. */
function* answering() {
  for (;;) {
    const ping: { type: 'ping'; n: number } = yield take('ping');
    yield put(toastShown({ kind: 'info', text: `pong ${ping.n}` }));
  }
}

const texts = (store: { getState: () => { toasts: { items: { text: string }[] } } }) => store.getState().toasts.items.map((t) => t.text);

function arriving() {
  let arrive = () => undefined as void;
  let fail = (_error: Error) => undefined as void;
  const load = jest.fn(
    () =>
      new Promise<StoreSagas>((resolve, reject) => {
        arrive = () => resolve(storeSagas({ services: fakeServices(), sagas: [answering], onDemand: [] }));
        fail = reject;
      }),
  );
  return { load, arrive: () => arrive(), fail: (error: Error) => fail(error) };
}

describe('sagas that arrive after the store', () => {
  it('reduces every action at once, and gives the sagas those that came before them, in their order', async () => {
    const sagas = arriving();
    const store = configureAppStore(undefined, { middleware: [sagasLater(sagas.load)] });
    store.dispatch(toastShown({ kind: 'info', text: 'at once' }));
    store.dispatch({ type: 'ping', n: 1 });
    store.dispatch({ type: 'ping', n: 2 });
    await settle();
    expect(texts(store)).toEqual(['at once']);
    sagas.arrive();
    await settle();
    expect(texts(store)).toEqual(['at once', 'pong 1', 'pong 2']);
    store.dispatch({ type: 'ping', n: 3 });
    expect(texts(store)).toEqual(['at once', 'pong 1', 'pong 2', 'pong 3']);
    expect(sagas.load).toHaveBeenCalledTimes(1);
  });

  it('asks for their code again with the next action when it did not arrive', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const sagas = arriving();
    const store = configureAppStore(undefined, { middleware: [sagasLater(sagas.load)] });
    store.dispatch({ type: 'ping', n: 1 });
    sagas.fail(new Error('offline'));
    await settle();
    expect(errors).toHaveBeenCalledWith('the sagas could not be loaded', new Error('offline'));
    store.dispatch({ type: 'ping', n: 2 });
    expect(sagas.load).toHaveBeenCalledTimes(2);
    sagas.arrive();
    await settle();
    expect(texts(store)).toEqual(['pong 1', 'pong 2']);
    errors.mockRestore();
  });
});
