/**
 * /app/bookings/verify-user: confirms who is booking before anything is held or booked. Verify first,
 * create after: every address gets a one-time code (POST /auth/send-email-otp); entering it
 * (verify-email-otp) signs an account in, or, for an address without one (SIGN_UP_DETAILS_REQUIRED),
 * asks for the person's name and creates the account with the same code. Nothing tells the page
 * whether an address has an account before its code is confirmed. While the skipEmailVerification
 * flag says skip, a new visitor gives their details first and /users/create-skip-email-verification
 * signs them in for this booking at once, in a provisional account that holds the address unconfirmed. Then back to returnTo, which carries showSuccessModal=true.
 */
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import signInEmail from '@/generated/forms/sign-in-email';
import oneTimeCode from '@/generated/forms/one-time-code';
import newAccount from '@/generated/forms/booking-new-account';
import type { FormDefinition } from '@/generated/types';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { safeReturnPath } from '@/domain/return-to';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { useFlagOn } from '@/client/runtime/flags/useTreatment';
import type { SignInResult } from '@/client/runtime/auth/credentials';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { authEmailEntered, authInitialized, authRedirectSet, selectAuth, signedIn } from '@/client/store/auth/slice';
import { bookingHelperUpdated } from '@/client/store/booking/slice';
import { Button } from '@/client/ui/Button';
import { focusOnArrival } from '@/client/ui/focus-on-arrival';
import { useCreateUserSkipEmailVerificationMutation, useSendEmailOtpMutation, useVerifyEmailOtpMutation } from '@/generated/client/hooks';
import type { VerifyEmailOtpBody } from '@/generated/entities';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { isApiError } from '@/client/api/errors';
import { useApiAction } from './useApiAction';
import './booking.css';

/** `create` with the confirmed code creates the account with it; without one (skip-e-mail), skips verification. */
type Stage = { kind: 'email' } | { kind: 'code'; email: string } | { kind: 'create'; email: string; otp?: string };

export default function VerifyUserPage() {
  const [search] = useSearchParams();
  const dispatch = useAppDispatch();
  const sendEmailOtp = useSendEmailOtpMutation();
  const verifyEmailOtp = useVerifyEmailOtpMutation();
  const createSkippingVerification = useCreateUserSkipEmailVerificationMutation();
  const auth = useAppSelector(selectAuth);
  const skipVerification = useFlagOn('skipEmailVerification');
  const action = useApiAction();
  const [stage, setStage] = useState<Stage>({ kind: 'email' });
  const [skipped, setSkipped] = useState(false);
  const returnTo = safeReturnPath(search.get('returnTo'), routeById.booking.path);

  useEffect(() => {
    dispatch(authRedirectSet(returnTo));
  }, [dispatch, returnTo]);

  // Already known (or just signed in without e-mail verification): straight back to the booking.
  if (auth.status === 'authenticated' && (skipped || stage.kind === 'email')) return <Navigate to={returnTo} replace />;

  const sendCode = async (email: string, isRetry = false) => {
    const sent = await action.run(() => sendEmailOtp.mutateAsync({ body: { email, ...(isRetry ? { isRetry } : {}) } }));
    if (sent) setStage({ kind: 'code', email });
  };

  const onEmail = async ({ email }: { email: string }) => {
    dispatch(authEmailEntered(email));
    if (skipVerification) setStage({ kind: 'create', email });
    else await sendCode(email);
  };

  const finishSignIn = (email: string, session: SignInResult) => {
    dispatch(bookingHelperUpdated({ userEmail: email }));
    dispatch(authRedirectSet(returnTo));
    dispatch(signedIn(session));
  };

  /** verify-email-otp: a session, or `detailsRequired` when the code is right and the address has no account yet. */
  const verifyCode = (email: string, otp: string, newAccount?: VerifyEmailOtpBody['newAccount']) =>
    action.run(async () => {
      try {
        return { session: await verifyEmailOtp.mutateAsync({ body: { email, otp, ...(newAccount ? { newAccount } : {}) } }) };
      } catch (error) {
        if (isApiError(error) && error.errorCode === 'SIGN_UP_DETAILS_REQUIRED') return { detailsRequired: true as const };
        throw error;
      }
    });

  const onCreate = async (person: { firstName: string; lastName: string; dateOfBirth: string }) => {
    if (stage.kind !== 'create') return;
    const partnershipCode = search.get('partnershipCode') ?? new URLSearchParams(returnTo.split('?')[1] ?? '').get('partnershipCode') ?? undefined;
    const details = { ...person, ...(partnershipCode ? { partnershipCode } : {}) };
    if (stage.otp !== undefined) {
      const outcome = await verifyCode(stage.email, stage.otp, details);
      if (outcome && 'session' in outcome && outcome.session) finishSignIn(stage.email, outcome.session);
      return;
    }
    const outcome = await action.run(async () => {
      try {
        return { session: await createSkippingVerification.mutateAsync({ body: { email: stage.email, ...details } }) };
      } catch (error) {
        // Skipping is off after all: the visitor signs in with a code like everyone else. (The skip path answers
        // alike for every address, so it never says whether the address has an account.)
        if (isApiError(error) && error.errorCode === 'EMAIL_VERIFICATION_REQUIRED') return { needsCode: true as const };
        throw error;
      }
    });
    if (!outcome) return;
    if ('needsCode' in outcome) {
      await sendCode(stage.email);
      return;
    }
    const { session } = outcome;
    if (!session) return;
    // The server set the session's HttpOnly cookie (a booking-only session); the app asks it who is signed in.
    dispatch(bookingHelperUpdated({ skipEmailUserDetails: { ...session.user }, userEmail: stage.email }));
    setSkipped(true);
    dispatch(authInitialized());
  };

  const onCode = async ({ otp }: { email: string; otp: string }) => {
    if (stage.kind !== 'code') return;
    const outcome = await verifyCode(stage.email, otp);
    if (!outcome) return;
    if ('detailsRequired' in outcome) setStage({ kind: 'create', email: stage.email, otp });
    else if (outcome.session) finishSignIn(stage.email, outcome.session);
  };

  return (
    <div className="container section booking stack">
      {/* One heading per stage (creating the account is its own screen, not a second large heading under the first). */}
      <h1 key={stage.kind} ref={focusOnArrival} tabIndex={-1}>
        {message(stage.kind === 'create' ? 'ui.booking.verify.newAccountHeading' : 'ui.booking.verifyHeading')}
      </h1>
      {stage.kind === 'email' ? (
        <>
          <p>{message('ui.booking.verifyText')}</p>
          <div className="card">
            <SpecForm<{ email: string }>
              key="email"
              form={signInEmail as FormDefinition}
              onSubmit={onEmail}
              submitLabel={message('ui.booking.verify.sendCode')}
              submitting={action.pending}
              serverErrors={action.fieldErrors}
            />
          </div>
        </>
      ) : stage.kind === 'create' ? (
        <>
          <p>{message(stage.otp !== undefined ? 'ui.booking.verify.newAccountConfirmedText' : 'ui.booking.verify.newAccountText', { email: stage.email })}</p>
          <div className="card">
            {/* Keyed: each stage's form is its own (the code form's state must not carry into this one). */}
            <SpecForm<{ firstName: string; lastName: string; dateOfBirth: string }>
              key="create"
              form={newAccount as FormDefinition}
              onSubmit={onCreate}
              submitting={action.pending}
              serverErrors={action.fieldErrors}
              actions={
                <Button variant="ghost" onClick={() => (action.reset(), setStage({ kind: 'email' }))}>
                  {message('ui.booking.verify.changeEmail')}
                </Button>
              }
            />
          </div>
        </>
      ) : (
        <>
          <p role="status">{message('ui.booking.verify.codeSent', { email: stage.email })}</p>
          <div className="card">
            <SpecForm<{ email: string; otp: string }>
              key="code"
              form={oneTimeCode as FormDefinition}
              initialData={{ email: stage.email }}
              onSubmit={onCode}
              submitLabel={message('ui.booking.verify.confirm')}
              submitting={action.pending}
              serverErrors={action.fieldErrors}
              actions={
                <>
                  <Button variant="secondary" onClick={() => void sendCode(stage.email, true)}>
                    {message('ui.booking.verify.resend')}
                  </Button>
                  <Button variant="ghost" onClick={() => (action.reset(), setStage({ kind: 'email' }))}>
                    {message('ui.booking.verify.changeEmail')}
                  </Button>
                </>
              }
            />
          </div>
        </>
      )}
      <ErrorNotice text={action.text} />
    </div>
  );
}
