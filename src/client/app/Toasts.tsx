/**
 * Toasts at the bottom left (product-spec §8), announced politely; each closes after the spec'd time
 * (§9 toastDurationMs, counted from when it appeared) or on the next click anywhere.
 */
import { useEffect, useRef } from 'react';
import * as timingConstants from '@/generated/constants/timing';
import { message } from '@/domain/messages';
import { catalogueText } from '../api/errors';
import { selectAudience } from '../store/auth/slice';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectToasts, toastDismissed, toastsCleared } from '../store/toasts';

export function Toasts() {
  const toasts = useAppSelector(selectToasts);
  const audience = useAppSelector(selectAudience);
  const dispatch = useAppDispatch();
  const timers = useRef(new Map<number, number>());

  // One timer per toast, started when it appears: a later toast does not extend an earlier one.
  useEffect(() => {
    const shown = new Set(toasts.map((t) => t.id));
    for (const t of toasts) {
      if (!timers.current.has(t.id))
        timers.current.set(
          t.id,
          window.setTimeout(() => dispatch(toastDismissed(t.id)), timingConstants.toastDurationMs),
        );
    }
    for (const [id, timer] of timers.current) {
      if (!shown.has(id)) {
        window.clearTimeout(timer);
        timers.current.delete(id);
      }
    }
  }, [toasts, dispatch]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  useEffect(() => {
    if (!toasts.length) return undefined;
    function onClick() {
      dispatch(toastsCleared());
    }
    // The click that showed a toast must not close it: listen from the next tick on, and before the
    // click's own handlers (capture), so a click that shows a new toast closes only the older ones.
    const listen = window.setTimeout(() => document.addEventListener('click', onClick, { once: true, capture: true }), 0);
    return () => {
      window.clearTimeout(listen);
      document.removeEventListener('click', onClick, { capture: true });
    };
  }, [toasts, dispatch]);

  return (
    <div className="toasts" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role="status">
          {/* An error that came without a sentence of its own shows the banner fallback (§8). */}
          <span>{t.text.trim() || catalogueText('BANNER_FALLBACK', audience)}</span>
          <button type="button" className="toast__close" aria-label={message('ui.toast.dismiss')} onClick={() => dispatch(toastDismissed(t.id))}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
