/**
 * Sign in (/app/login): the e-mail address, then a one-time code (verify-OTP page) or a magic
 * link (e-mail-sent page), as the emailOtpLogin flag says; Google sign-in for staff when set up.
 * ?redirectTo= (set when a page asked for sign-in) is where the person returns afterwards.
 * Opened from outside the app (a link, the address bar) the page is a document drawn by the server with the
 * sign-in island (SignInDocument); inside the app (sign-out, an expired session) it is this screen.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import signInEmailForm from '@/generated/forms/sign-in-email';
import { message } from '@/domain/messages';
import { safeReturnPath } from '@/domain/return-to';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { useFlagOn } from '@/client/runtime/flags/useTreatment';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { authRedirectSet, selectAuthUi } from '@/client/store/auth/slice';
import { selectSignIn, signInEmailSubmitted, signInErrorDismissed } from '@/client/store/auth/sign-in';
import { AuthFrame, SignInFailure } from './parts';
import { GoogleSignIn } from './GoogleSignIn';
import { SignInDocument } from './SignInDocument';
import { useDocumentMode } from '@/client/runtime/ssr/document-mode';

export default function LoginPage() {
  const documentMode = useDocumentMode();
  return documentMode ? <SignInDocument search={documentMode.search} /> : <LoginScreen />;
}

function LoginScreen() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { email } = useAppSelector(selectAuthUi);
  const signIn = useAppSelector(selectSignIn);
  const withCode = useFlagOn('emailOtpLogin');
  const redirectTo = safeReturnPath(params.get('redirectTo'), '') || undefined;

  useEffect(() => {
    dispatch(authRedirectSet(redirectTo));
  }, [dispatch, redirectTo]);

  useEffect(() => {
    // A failure from an earlier visit is not this page's news.
    dispatch(signInErrorDismissed());
  }, [dispatch]);

  return (
    <AuthFrame heading={message('ui.login.heading')}>
      <p>{message('ui.login.intro')}</p>
      {redirectTo ? <p className="notice">{message('ui.login.redirectNote')}</p> : null}
      <SignInFailure error={signIn.error} />
      <SpecForm<{ email: string }>
        form={signInEmailForm}
        initialData={email ? { email } : undefined}
        submitting={signIn.status === 'sending'}
        submitLabel={signIn.status === 'sending' ? message('ui.login.sending') : message(withCode ? 'ui.login.sendCode' : 'ui.login.sendLink')}
        onSubmit={(data) => {
          dispatch(signInEmailSubmitted({ email: data.email }));
        }}
      />
      <GoogleSignIn />
    </AuthFrame>
  );
}
