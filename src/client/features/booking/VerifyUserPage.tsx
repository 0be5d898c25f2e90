/**
 * /app/bookings/verify-user: confirms who is booking before anything is held or booked. A known
 * e-mail address gets a one-time code (POST /auth/send-email-otp, then verify-email-otp); a new
 * visitor creates their account first (POST /users/create, then the code; or, while the
 * skipEmailVerification flag says skip, /users/create-skip-email-verification signs them in at
 * once). Then back to returnTo, which carries showSuccessModal=true.
 */
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import signInEmail from '../../../generated/forms/sign-in-email';
import oneTimeCode from '../../../generated/forms/one-time-code';
import newAccount from '../../../generated/forms/booking-new-account';
import type { FormDefinition } from '../../../generated/types';
import { routeById } from '../../../generated/routes';
import { message } from '../../../domain/messages';
import { safeReturnPath } from '../../../domain/return-to';
import { SpecForm } from '../../runtime/forms/SpecForm';
import { useFlagOn } from '../../runtime/flags/useTreatment';
import { storeSkipEmailToken, type SignInResult } from '../../runtime/auth/credentials';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { authEmailEntered, authInitialized, authRedirectSet, selectAuth, signedIn } from '../../store/auth/slice';
import { bookingHelperUpdated } from '../../store/booking/slice';
import { Button } from '../../ui/Button';
import { callById, useCall } from './data';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useApiAction } from './useApiAction';
import './booking.css';

type Stage = { kind: 'email' } | { kind: 'code'; email: string } | { kind: 'create'; email: string };

export default function VerifyUserPage() {
  const [search] = useSearchParams();
  const dispatch = useAppDispatch();
  const call = useCall();
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
    const sent = await action.run(() => callById(call, 'sendEmailOtp', { body: { email, ...(isRetry ? { isRetry } : {}) } }));
    if (sent) setStage({ kind: 'code', email });
  };

  const onEmail = async ({ email }: { email: string }) => {
    dispatch(authEmailEntered(email));
    const answer = await action.run(() => callById<{ exists: boolean }>(call, 'userExists', { query: { email } }));
    if (!answer) return;
    if (answer.exists) await sendCode(email);
    else setStage({ kind: 'create', email });
  };

  const onCreate = async (person: { firstName: string; lastName: string; dateOfBirth: string }) => {
    if (stage.kind !== 'create') return;
    const partnershipCode = search.get('partnershipCode') ?? new URLSearchParams(returnTo.split('?')[1] ?? '').get('partnershipCode') ?? undefined;
    const body = { email: stage.email, ...person, ...(partnershipCode ? { partnershipCode } : {}) };
    if (skipVerification) {
      const session = await action.run(() => callById<SignInResult>(call, 'createUserSkipEmailVerification', { body }));
      if (!session) return;
      storeSkipEmailToken(session.accessToken);
      dispatch(bookingHelperUpdated({ skipEmailUserDetails: { ...session.user }, userEmail: stage.email }));
      setSkipped(true);
      dispatch(authInitialized());
      return;
    }
    const created = await action.run(() => callById(call, 'createUser', { body }));
    if (created) await sendCode(stage.email);
  };

  const onCode = async ({ otp }: { email: string; otp: string }) => {
    if (stage.kind !== 'code') return;
    const session = await action.run(() => callById<SignInResult>(call, 'verifyEmailOtp', { body: { email: stage.email, otp } }, ));
    if (!session) return;
    dispatch(bookingHelperUpdated({ userEmail: stage.email }));
    dispatch(authRedirectSet(returnTo));
    dispatch(signedIn(session));
  };

  return (
    <div className="container section booking stack">
      <h1>{message('ui.booking.verifyHeading')}</h1>
      {stage.kind === 'email' ? (
        <>
          <p>{message('ui.booking.verifyText')}</p>
          <div className="card">
            <SpecForm<{ email: string }> form={signInEmail as FormDefinition} onSubmit={onEmail} submitLabel={message('ui.booking.verify.sendCode')} submitting={action.pending} serverErrors={action.fieldErrors} />
          </div>
        </>
      ) : stage.kind === 'create' ? (
        <>
          <h2>{message('ui.booking.verify.newAccountHeading')}</h2>
          <p>{message('ui.booking.verify.newAccountText', { email: stage.email })}</p>
          <div className="card">
            <SpecForm<{ firstName: string; lastName: string; dateOfBirth: string }>
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
