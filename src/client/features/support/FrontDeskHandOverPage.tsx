/**
 * The front-desk device in a patient's hands (/agenda/hand-over): the patient's own task alone - their
 * date of birth (a patient token, product-spec §3 patient auth), then the consent of their session to read and
 * sign - under the app's top bar, with nothing of the day's other patients. The server holds the staff session to
 * this task (POST /front-desk/hand-over); the way back to the agenda is the staff member signing in again with a
 * sign-in code sent to them (POST /front-desk/hand-over/end).
 */
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  queryRoot,
  useCreatePatientConsentMutation,
  useEndFrontDeskHandOverMutation,
  useFrontDeskPatientAuthMutation,
  useGetFrontDeskHandOverQuery,
  useSendEmailOtpMutation,
  useSignFrontDeskConsentMutation,
  useVerifyFrontDeskConsentMutation,
} from '@/generated/client/hooks';
import type { EndpointTypes } from '@/generated/entities';
import birthDateForm from '@/generated/forms/support-hand-over-birth-date';
import codeForm from '@/generated/forms/support-hand-over-code';
import consentForm from '@/generated/forms/support-hand-over-consent';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatSessionTime } from '@/domain/date-format';
import { enumLabelOf } from '@/domain/translations';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName } from '@/client/ui/format';
import { useAppSelector } from '@/client/store/hooks';
import { selectUser } from '@/client/store/auth/slice';
import { withQuery } from '@/client/runtime/navigation/places';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { Loaded } from './Loaded';
import * as peopleEnums from '@/generated/enums/people';

type HandOver = EndpointTypes['getFrontDeskHandOver']['response'];

/**
 * The consent the patient reads and signs: the one asked for already, or one created for this session. Creating is a
 * write, so it is a mutation run once, when the patient has proved who they are; the consent is then read through verify.
 */
function useConsentToSign(handOver: HandOver) {
  const verify = useVerifyFrontDeskConsentMutation();
  const create = useCreatePatientConsentMutation({ onSuccess: (created) => verify.mutate({ params: { id: created.id } }) });
  const open = () =>
    handOver.consentId
      ? verify.mutate({ params: { id: handOver.consentId } })
      : create.mutate({ params: { id: handOver.patient.id }, body: { consentType: 'bookAppointmentConsent', appointmentId: handOver.session.id } });
  return { open, consent: { data: verify.data?.consent, isError: create.isError || verify.isError } };
}

/** The patient's task: date of birth, then the consent to read and sign. */
function PatientTask({ handOver, onFinished }: { handOver: HandOver; onFinished: () => void }) {
  const [token, setToken] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [signed, setSigned] = useState(false);
  const { patient } = handOver;

  const { open, consent } = useConsentToSign(handOver);
  const auth = useFrontDeskPatientAuthMutation({
    onSuccess: (answer) => {
      setProblem(undefined);
      setToken(answer.patientToken);
      open();
    },
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });
  const sign = useSignFrontDeskConsentMutation({
    onSuccess: () => {
      setSigned(true);
      onFinished();
    },
    onError: (error) => setProblem(errorTextFor(error, 'support_web')),
  });
  const handBack = (
    <Button variant="ghost" onClick={onFinished}>
      {message('ui.support.handover.cancel')}
    </Button>
  );

  return (
    <div className="card stack">
      {signed ? (
        <p className="notice notice--success" role="status">
          {message('ui.support.handover.done')}
        </p>
      ) : !token ? (
        <div className="stack">
          <p>{message('ui.support.handover.dobIntro')}</p>
          <SpecForm<{ dob: string }>
            idPrefix="handover-dob"
            form={birthDateForm}
            submitting={auth.isPending}
            actions={handBack}
            onSubmit={({ dob }) => auth.mutate({ body: { patientId: patient.id, dateOfBirth: dob } })}
          />
        </div>
      ) : (
        <Loaded query={consent} rows={3}>
          {(c) => (
            <div className="stack">
              <p>{message('ui.support.handover.consentIntro')}</p>
              <div className="card support__consent" tabIndex={0} aria-label={enumLabelOf(peopleEnums.consentType, c.consentType)}>
                {c.text.split('\n').map((line, i) => (
                  <p key={i}>{line}</p>
                ))}
              </div>
              <SpecForm<{ agree: boolean; signerName: string }>
                idPrefix="handover-consent"
                form={consentForm}
                submitting={sign.isPending}
                actions={handBack}
                onSubmit={({ signerName }) => {
                  setProblem(undefined);
                  sign.mutate({ params: { id: c.id }, body: { agree: true, signerName: signerName.trim(), patientToken: token } });
                }}
              />
            </div>
          )}
        </Loaded>
      )}
      <ErrorNotice text={problem} inline />
    </div>
  );
}

/** The staff member takes the device back: a sign-in code sent to their own address, typed here. */
function TakeBack() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const email = useAppSelector(selectUser)?.email ?? '';
  const send = useSendEmailOtpMutation();
  const end = useEndFrontDeskHandOverMutation({
    onSuccess: ({ practiceId, date }) => {
      void queryClient.invalidateQueries({ queryKey: queryRoot('getFrontDeskAgenda') });
      queryClient.removeQueries({ queryKey: queryRoot('getFrontDeskHandOver') });
      void navigate(withQuery(routeById.agenda.path, { practiceId, date }));
    },
  });
  const problem = send.error ?? end.error;
  return (
    <section className="card stack" aria-labelledby="handover-take-back">
      <h2 id="handover-take-back">{message('ui.support.handover.takeBackHeading')}</h2>
      <p>{message('ui.support.handover.takeBackIntro', { email })}</p>
      {send.isSuccess ? (
        <div className="stack">
          <p role="status">{message('ui.support.handover.codeSent', { email })}</p>
          <SpecForm<{ otp: string }>
            idPrefix="handover-code"
            form={codeForm}
            submitting={end.isPending}
            actions={
              <Button variant="ghost" onClick={() => send.mutate({ body: { email, isRetry: true } })} disabled={send.isPending}>
                {message('ui.support.handover.sendCode')}
              </Button>
            }
            onSubmit={({ otp }) => end.mutate({ body: { otp } })}
          />
        </div>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => send.mutate({ body: { email } })} disabled={send.isPending} aria-busy={send.isPending || undefined}>
            {message('ui.support.handover.sendCode')}
          </Button>
        </div>
      )}
      <ErrorNotice text={problem ? errorTextFor(problem, 'support_web') : undefined} />
    </section>
  );
}

export default function FrontDeskHandOverPage() {
  const handOver = useGetFrontDeskHandOverQuery({ retry: false, staleTime: Infinity });
  const [finished, setFinished] = useState(false);
  // Not handed over (taken back already, or never): the agenda.
  if (isApiError(handOver.error) && handOver.error.status === 404) return <Navigate to={routeById.agenda.path} replace />;
  return (
    <div className="container stack-lg support">
      <Loaded query={handOver} rows={3}>
        {(h) => (
          <section className="stack-lg" aria-labelledby="handover-heading">
            <header className="stack-sm">
              <h1 id="handover-heading">{message('ui.support.handover.heading', { name: fullName(h.patient) })}</h1>
              <p className="muted">{message('ui.support.handover.session', { when: formatSessionTime(h.session.start, h.practice.timeZone) })}</p>
            </header>
            <PatientTask handOver={h} onFinished={() => setFinished(true)} />
            {finished ? <TakeBack /> : null}
          </section>
        )}
      </Loaded>
    </div>
  );
}
