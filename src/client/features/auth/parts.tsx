/** Pieces the sign-in screens share: the page frame, the failure notice, where a link leads back to sign in. */
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import type { TypedFailure } from '@/client/store/types';
import './auth.css';

/** A sign-in screen: a centred card whose heading takes the focus when the screen opens, so keyboard and screen-reader users start at the top. */
export function AuthFrame({ heading, children }: { heading: string; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Only when nothing inside asked for focus (an autofocused field keeps it).
    if (!headingRef.current?.closest('.auth-card')?.contains(document.activeElement)) headingRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="container section">
      <div className="form-card card auth-card stack">
        <h1 ref={headingRef} tabIndex={-1} className="auth-card__heading">
          {heading}
        </h1>
        {children}
      </div>
    </div>
  );
}

/** A failure, announced as it appears; a dead link or code offers the way back to sign-in. */
export function SignInFailure({ error, showRestart }: { error?: TypedFailure<string>; showRestart?: boolean }) {
  return (
    <div role="alert" aria-live="assertive" className="auth-alert">
      {error ? (
        <div className="notice notice--error stack-sm">
          <p>{error.text}</p>
          {showRestart ? <Link to={routeById.login.path}>{message('ui.signIn.goToLogin')}</Link> : null}
        </div>
      ) : null}
    </div>
  );
}

/** Polite news (a code or link sent again). */
export function SignInNews({ text }: { text?: string }) {
  return (
    <p role="status" aria-live="polite" className={text ? 'notice notice--success' : 'visually-hidden'}>
      {text ?? ''}
    </p>
  );
}
