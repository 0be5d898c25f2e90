/**
 * The state of a portal page's change dialogs (cancel, pay, add a card...): which one is open, and
 * the outcome sentence once it is done. The dialogs unmount when they close, so focus goes back to
 * the button that opened them, if it is still there.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useDialogChange<T>() {
  const [change, setChange] = useState<T>();
  const [outcome, setOutcome] = useState<string>();
  const opener = useRef<Element | null>(null);

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
  }, []);
  return { change, outcome, start, close, done };
}
