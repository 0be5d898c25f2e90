/**
 * The hold's remaining time, visible and ticking. Screen readers are not told every second: the
 * live region speaks when a minute passes and when the hold ends.
 */
import { useEffect, useState } from 'react';
import { message } from '@/domain/messages';
import { Button } from '@/client/ui/Button';
import { formatRemaining } from './format';

export function HoldCountdown({ expiresAt, onHoldAgain }: { expiresAt: string; onHoldAgain: () => void }) {
  const end = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const remaining = end - now;
  if (remaining <= 0) {
    return (
      <div className="notice notice--warning stack-sm" role="alert">
        <p>{message('ui.booking.hold.expired')}</p>
        <Button variant="secondary" onClick={onHoldAgain}>
          {message('ui.booking.hold.again')}
        </Button>
      </div>
    );
  }
  const minutesLeft = Math.ceil(remaining / 60000);
  return (
    <div className="hold-timer">
      <p role="timer" aria-live="off" data-testid="hold-countdown">
        {message('ui.booking.hold.remaining', { time: formatRemaining(remaining) })}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {message('ui.booking.hold.remaining', { time: formatRemaining(minutesLeft * 60000) })}
      </p>
    </div>
  );
}
