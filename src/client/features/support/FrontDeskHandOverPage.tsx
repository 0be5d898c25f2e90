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
import * as limitsConstants from '@/generated/constants/limits';
import type { EndpointTypes } from '@/generated/entities';
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
import { PASTED_CODE_MAX, typedDigits } from '@/client/runtime/forms/input-filters';
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
  const [dob, setDob] = useState('');
  const [token, setToken] = useState<string>();
  const [signerName, setSignerName] = useState('');
  const [agree, setAgree] = useState(false);
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

  return (
    <div className="card stack">
      {signed ? (
        <p className="notice notice--success" role="status">
          {message('ui.support.handover.done')}
        </p>
      ) : !token ? (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            if (dob) auth.mutate({ body: { patientId: patient.id, dateOfBirth: dob } });
          }}
        >
          <p>{message('ui.support.handover.dobIntro')}</p>
          <div className="field">
            <label className="field__label" htmlFor="handover-dob">
              {message('ui.support.handover.dob')}
            </label>
            <input id="handover-dob" className="input" type="date" value={dob} onChange={(e) => setDob(e.target.value)} autoComplete="bday" />
          </div>
          <div className="cluster">
            <Button type="submit" disabled={!dob || auth.isPending} aria-busy={auth.isPending || undefined}>
              {message('ui.support.handover.confirm')}
            </Button>
            <Button variant="ghost" onClick={onFinished}>
              {message('ui.support.handover.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Loaded query={consent} rows={3}>
          {(c) => (
            <form
              className="stack"
              onSubmit={(e) => {
                e.preventDefault();
                if (!agree || !signerName.trim()) return setProblem(message('ui.support.handover.agreeRequired'));
                setProblem(undefined);
                sign.mutate({ params: { id: c.id }, body: { agree: true, signerName: signerName.trim(), patientToken: token } });
              }}
            >
              <p>{message('ui.support.handover.consentIntro')}</p>
              <div className="card support__consent" tabIndex={0} aria-label={enumLabelOf(peopleEnums.consentType, c.consentType)}>
                {c.text.split('\n').map((line, i) => (
                  <p key={i}>{line}</p>
                ))}
              </div>
              <label className="choice">
                <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
                <span>{message('ui.support.handover.agree')}</span>
              </label>
              <div className="field">
                <label className="field__label" htmlFor="handover-name">
                  {message('ui.support.handover.signerName')}
                </label>
                <input
                  id="handover-name"
                  className="input"
                  value={signerName}
                  maxLength={120}
                  autoComplete="name"
                  onChange={(e) => setSignerName(e.target.value)}
                />
              </div>
              <div className="cluster">
                <Button type="submit" disabled={sign.isPending} aria-busy={sign.isPending || undefined}>
                  {message('ui.support.handover.sign')}
                </Button>
                <Button variant="ghost" onClick={onFinished}>
                  {message('ui.support.handover.cancel')}
                </Button>
              </div>
            </form>
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
  const [code, setCode] = useState('');
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
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            if (code.length === limitsConstants.otpLength) end.mutate({ body: { otp: code } });
          }}
        >
          <p role="status">{message('ui.support.handover.codeSent', { email })}</p>
          <div className="field">
            <label className="field__label" htmlFor="handover-code">
              {message('ui.support.handover.code')}
            </label>
            <input
              id="handover-code"
              className="input"
              inputMode="numeric"
              autoComplete="one-time-code"
              // A pasted "123 456" keeps its six digits: the browser would cut it at the code's length first.
              maxLength={PASTED_CODE_MAX}
              value={code}
              onChange={(e) => setCode(typedDigits(e.target.value, limitsConstants.otpLength))}
            />
          </div>
          <div className="cluster">
            <Button type="submit" disabled={code.length !== limitsConstants.otpLength || end.isPending} aria-busy={end.isPending || undefined}>
              {message('ui.support.handover.back')}
            </Button>
            <Button variant="ghost" onClick={() => send.mutate({ body: { email, isRetry: true } })} disabled={send.isPending}>
              {message('ui.support.handover.sendCode')}
            </Button>
          </div>
        </form>
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
