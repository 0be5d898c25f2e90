/**
 * The state of a portal page's change dialogs (cancel, pay, add a card...): which one is open, and
 * the outcome sentence once it is done (also shown as a toast). The dialogs unmount when they close, so focus goes back to
 * the button that opened them, if it is still there.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { toastShown } from '../../store/toasts';

export function useDialogChange<T>() {
  const [change, setChange] = useState<T>();
  const [outcome, setOutcome] = useState<string>();
  const opener = useRef<Element | null>(null);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (change || !(opener.current instanceof HTMLElement)) return;
    if (opener.current.isConnected) opener.current.focus();
    opener.current = null;
  }, [change]);

  const start = useCallback((next: T) => {
    opener.current = document.activeElement;
    setOutcome(undefined);
    setChange(next);
  }, []);
  const close = useCallback(() => setChange(undefined), []);
  const done = useCallback((text: string) => {
    setChange(undefined);
    setOutcome(text);
    // The outcome is also a toast, so a change made at the bottom of a long page is noticed.
    dispatch(toastShown({ kind: 'success', text }));
  }, [dispatch]);
  return { change, outcome, start, close, done };
}
