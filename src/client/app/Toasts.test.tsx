import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import * as timingConstants from '@/generated/constants/timing';
import { errorCatalogue } from '@/generated/errors';
import { createAppStore } from '../store';
import { toastShown } from '../store/toasts';
import { Toasts } from './Toasts';

function setup() {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <button type="button">elsewhere</button>
      <button type="button" onClick={() => store.dispatch(toastShown({ kind: 'success', text: 'Saved again' }))}>
        save
      </button>
      <Toasts />
    </Provider>,
  );
  return store;
}

const shownTexts = () => screen.queryAllByRole('status').map((t) => t.querySelector('span')?.textContent);

describe('toasts', () => {
  afterEach(() => jest.useRealTimers());

  it("are announced politely at the bottom left and close by themselves after the spec'd time", async () => {
    jest.useFakeTimers();
    const store = setup();
    act(() => {
      store.dispatch(toastShown({ kind: 'error', text: 'Could not book' }));
    });
    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Could not book');
    expect(toast.closest('.toasts')?.getAttribute('aria-live')).toBe('polite');
    await act(() => jest.advanceTimersByTimeAsync(timingConstants.toastDurationMs - 1));
    expect(shownTexts()).toEqual(['Could not book']);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(shownTexts()).toEqual([]);
  });

  it('each closes 5.5 s after it appeared: a later toast does not keep an earlier one', async () => {
    jest.useFakeTimers();
    const store = setup();
    act(() => {
      store.dispatch(toastShown({ kind: 'success', text: 'Booked' }));
    });
    await act(() => jest.advanceTimersByTimeAsync(3000));
    act(() => {
      store.dispatch(toastShown({ kind: 'success', text: 'Card saved' }));
    });
    expect(shownTexts()).toEqual(['Booked', 'Card saved']);
    await act(() => jest.advanceTimersByTimeAsync(timingConstants.toastDurationMs - 3000));
    expect(shownTexts()).toEqual(['Card saved']);
    await act(() => jest.advanceTimersByTimeAsync(3000));
    expect(shownTexts()).toEqual([]);
  });

  it('close on the next click anywhere', async () => {
    const store = setup();
    act(() => {
      store.dispatch(toastShown({ kind: 'success', text: 'Booked' }));
    });
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(shownTexts()).toEqual(['Booked']);
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByText('Booked')).toBeNull();
  });

  it('a click that shows a new toast closes only the older ones', async () => {
    const store = setup();
    act(() => {
      store.dispatch(toastShown({ kind: 'success', text: 'Booked' }));
    });
    await act(() => new Promise((r) => setTimeout(r, 0)));
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(shownTexts()).toEqual(['Saved again']);
    await act(() => new Promise((r) => setTimeout(r, 0)));
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(shownTexts()).toEqual([]);
  });

  it('show the banner fallback for an error that came without a sentence', () => {
    const store = setup();
    act(() => {
      store.dispatch(toastShown({ kind: 'error', text: '' }));
    });
    expect(shownTexts()).toEqual([errorCatalogue.BANNER_FALLBACK.message]);
  });
});
