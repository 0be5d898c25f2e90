/**
 * The e-mailed sign-in link lands here (/login?redirect=true&loginToken=…). The token is checked
 * once (GET /auth/verify-token); an account that must confirm its date of birth gets the popup,
 * and the link signs in with ?dob= (GET /auth/login/{loginToken}). A used, expired or unknown link
 * says so, with the way to ask for a new one.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { Button, ButtonLink } from '@/client/ui/Button';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { selectAuthUi, verifyDobPopupToggled } from '@/client/store/auth/slice';
import { magicLinkOpened, selectSignIn } from '@/client/store/auth/sign-in';
import { AuthFrame, SignInFailure } from './parts';
import { VerifyDobDialog } from './VerifyDobDialog';
import { errorTemplate, routeTitle } from '@/domain/translations';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,100}$/;

export default function MagicLinkLoginPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const signIn = useAppSelector(selectSignIn);
  const { showVerifyDOBPopup } = useAppSelector(selectAuthUi);
  const raw = params.get('loginToken');
  const loginToken = raw && TOKEN_PATTERN.test(raw) ? raw : undefined;
  const opened = useRef<string | undefined>(undefined);

  useEffect(() => {
    // The link works once: open it once, even if the page renders again.
    if (!loginToken || opened.current === loginToken) return;
    opened.current = loginToken;
    dispatch(magicLinkOpened({ loginToken }));
  }, [dispatch, loginToken]);

  if (!loginToken) {
    return (
      <AuthFrame heading={routeTitle('magicLinkLogin')}>
        <p>{message('ui.magicLink.missingToken')}</p>
        <ButtonLink to={routeById.login.path}>{message('ui.magicLink.requestNew')}</ButtonLink>
      </AuthFrame>
    );
  }

  const waitingForDob = Boolean(signIn.pendingLoginToken) && !showVerifyDOBPopup && signIn.error?.reason !== 'link-invalid';
  return (
    <AuthFrame heading={routeTitle('magicLinkLogin')}>
      {signIn.status === 'failed' && !showVerifyDOBPopup ? (
        <>
          <SignInFailure error={signIn.error} />
          <ButtonLink to={routeById.login.path}>{message('ui.magicLink.requestNew')}</ButtonLink>
        </>
      ) : waitingForDob ? (
        <>
          <p>{errorTemplate('DOB_REQUIRED')}</p>
          <Button onClick={() => dispatch(verifyDobPopupToggled(true))}>{message('ui.verifyDob.heading')}</Button>
        </>
      ) : (
        <p role="status" aria-live="polite">
          {message('ui.magicLink.signingIn')}
        </p>
      )}
      <VerifyDobDialog />
    </AuthFrame>
  );
}
