import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { constants } from '../../generated/constants';
import { createAppStore } from '../store';
import { toastShown } from '../store/toasts';
import { Toasts } from './Toasts';

function setup() {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <button type="button">elsewhere</button>
      <Toasts />
    </Provider>,
  );
  return store;
}

describe('toasts', () => {
  it('close by themselves after the spec\'d time', async () => {
    jest.useFakeTimers();
    try {
      const store = setup();
      act(() => {
        store.dispatch(toastShown({ kind: 'error', text: 'Could not book' }));
      });
      expect(screen.getByRole('alert').textContent).toContain('Could not book');
      await act(() => jest.advanceTimersByTimeAsync(constants.toastDurationMs - 1));
      expect(screen.queryByRole('alert')).not.toBeNull();
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('close on the next click anywhere', async () => {
    const store = setup();
    act(() => {
      store.dispatch(toastShown({ kind: 'success', text: 'Booked' }));
    });
    await act(() => new Promise((r) => setTimeout(r, 0)));
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByText('Booked')).toBeNull();
  });
});
