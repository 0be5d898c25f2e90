/**
 * The state of a portal page's change dialogs (cancel, pay, add a card...): which one is open, and
 * the outcome sentence once it is done, shown as a toast (product-spec §8: success toasts at the bottom left). The dialogs unmount when they close, so focus goes back to
 * the button that opened them, if it is still there.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '@/client/store/hooks';
import { toastShown } from '@/client/store/toasts';

export function useDialogChange<T>() {
  const [change, setChange] = useState<T>();
  const opener = useRef<Element | null>(null);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (change || !(opener.current instanceof HTMLElement)) return;
    if (opener.current.isConnected) opener.current.focus();
    opener.current = null;
  }, [change]);

  const start = useCallback((next: T) => {
    opener.current = document.activeElement;
    setChange(next);
  }, []);
  const close = useCallback(() => setChange(undefined), []);
  const done = useCallback(
    (text: string) => {
      setChange(undefined);
      dispatch(toastShown({ kind: 'success', text }));
    },
    [dispatch],
  );
  return { change, start, close, done };
}
