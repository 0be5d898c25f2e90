/**
 * The one-time code (/login/verify-otp): 6 digits, checked with the spec messages of
 * validation.otp.required and validation.otp.length; a new code on request (isRetry). Without an address
 * to check the code for (the page was reloaded or opened directly), it sends people to sign-in.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import oneTimeCodeForm from '@/generated/forms/one-time-code';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { Button, ButtonLink } from '@/client/ui/Button';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { selectAuthStatus, selectAuthUi } from '@/client/store/auth/slice';
import { otpSubmitted, selectSignIn, signInResendRequested } from '@/client/store/auth/sign-in';
import { AuthFrame, SignInFailure, SignInNews } from './parts';

export default function VerifyOtpPage() {
  const dispatch = useAppDispatch();
  const entered = useAppSelector(selectAuthUi).email;
  const authStatus = useAppSelector(selectAuthStatus);
  const signIn = useAppSelector(selectSignIn);
  // The address the code went to, kept while this screen shows: a successful sign-in clears it from the
  // store before the next screen has opened, and this one must not say "no address" to the person meanwhile.
  const [email, setEmail] = useState(entered);
  if (entered && entered !== email) setEmail(entered);
  const signedInHere = Boolean(email) && !entered && authStatus === 'authenticated';

  if (!email) {
    return (
      <AuthFrame heading={message('ui.verifyOtp.heading')}>
        <p>{message('ui.verifyOtp.noEmail')}</p>
        <ButtonLink to={routeById.login.path}>{message('ui.signIn.goToLogin')}</ButtonLink>
      </AuthFrame>
    );
  }

  // Signed in with this code: the form stays as it was sent while the next screen opens.
  const busy = signIn.status === 'verifying' || signIn.status === 'sending' || signedInHere;
  return (
    <AuthFrame heading={message('ui.verifyOtp.heading')}>
      <p>{message('ui.verifyOtp.text', { email })}</p>
      <SignInNews text={signIn.resent && signIn.status === 'sent' ? message('ui.verifyOtp.resent', { email }) : undefined} />
      <SignInFailure error={signIn.error} />
      <SpecForm<{ email: string; otp: string }>
        form={oneTimeCodeForm}
        initialData={{ email }}
        submitting={busy}
        onSubmit={(data) => {
          dispatch(otpSubmitted({ otp: data.otp }));
        }}
        actions={
          <Button variant="secondary" disabled={busy} onClick={() => dispatch(signInResendRequested())}>
            {message('ui.verifyOtp.resend')}
          </Button>
        }
      />
      <p>
        <Link to={routeById.login.path}>{message('ui.verifyOtp.useAnother')}</Link>
      </p>
    </AuthFrame>
  );
}
