/**
 * Google sign-in for staff (POST /auth/login/google-sso). Offered only when the deployment has a
 * Google client id (GET /client-config); only then is Google Identity Services' script loaded.
 * Google's button hands an ID token to the sign-in saga.
 */
import { useEffect, useRef, useState } from 'react';
import { message } from '@/domain/messages';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { clientConfigRequested, googleCredentialReceived, selectSignIn } from '@/client/store/auth/sign-in';

const GIS_SCRIPT = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: 'popup' }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let scriptLoad: Promise<GoogleIdentity | undefined> | undefined;

function loadGoogleIdentity(): Promise<GoogleIdentity | undefined> {
  scriptLoad ??= new Promise((resolve) => {
    if (window.google?.accounts?.id) {
      resolve(window.google);
      return;
    }
    const script = document.createElement('script');
    script.src = GIS_SCRIPT;
    script.async = true;
    script.defer = true;
    script.onload = () => resolve(window.google);
    script.onerror = () => {
      scriptLoad = undefined;
      resolve(undefined);
    };
    document.head.appendChild(script);
  });
  return scriptLoad;
}

export function GoogleSignIn() {
  const dispatch = useAppDispatch();
  const { googleClientId } = useAppSelector(selectSignIn);
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    dispatch(clientConfigRequested());
  }, [dispatch]);

  useEffect(() => {
    if (!googleClientId) return;
    let active = true;
    void loadGoogleIdentity().then((google) => {
      if (!active) return;
      if (!google || !container.current) {
        setFailed(true);
        return;
      }
      google.accounts.id.initialize({
        client_id: googleClientId,
        ux_mode: 'popup',
        callback: (response) => {
          if (response.credential) dispatch(googleCredentialReceived({ credential: response.credential }));
        },
      });
      google.accounts.id.renderButton(container.current, {
        type: 'standard',
        theme: 'outline',
        size: 'large',
        text: 'continue_with',
        shape: 'pill',
        width: 280,
      });
    });
    return () => {
      active = false;
    };
  }, [googleClientId, dispatch]);

  if (!googleClientId || failed) return null;
  return (
    <section className="stack-sm" aria-label={message('ui.login.google')}>
      <p className="auth-divider">{message('ui.login.or')}</p>
      <p className="muted small">{message('ui.login.staffNote')}</p>
      <div ref={container} className="auth-google" />
    </section>
  );
}
