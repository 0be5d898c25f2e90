/** Toasts at the bottom left; each closes on the next click anywhere or after the spec'd time (§8, §9). */
import { useEffect } from 'react';
import { constants } from '../../generated/constants';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectToasts, toastDismissed, toastsCleared } from '../store/toasts';

export function Toasts() {
  const toasts = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (toasts.length === 0) return undefined;
    const timers = toasts.map((t) => window.setTimeout(() => dispatch(toastDismissed(t.id)), constants.toastDurationMs));
    // The click that showed a toast must not close it: listen from the next tick on.
    const listen = window.setTimeout(() => document.addEventListener('click', onClick, { once: true }), 0);
    function onClick() {
      dispatch(toastsCleared());
    }
    return () => {
      timers.forEach((t) => window.clearTimeout(t));
      window.clearTimeout(listen);
      document.removeEventListener('click', onClick);
    };
  }, [toasts, dispatch]);

  return (
    <div className="toasts" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.text}</span>
          <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dispatch(toastDismissed(t.id))}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
