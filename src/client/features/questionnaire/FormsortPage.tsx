/**
 * The intake questionnaire (/app/formsort), opened from the portal's to-do for one
 * of the account's people (?patientId=, else the account holder). Its pages and questions come from
 * specs/constants/intake.yaml (src/domain/intake.ts), one page at a time with back and continue; a
 * page goes on only when its required answers are given. Answering the PHQ-9 question about self-harm
 * above "Not at all" shows the crisis screen at once, before the answers are sent (crisis words in a written
 * answer, when leaving its page), and as it shows the clinician is told and support gets a red alert (the one
 * crisis rule, src/domain/crisis.ts and use-crisis-screen.ts); then the flow goes on with the crisis resources in view.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import * as careConstants from '@/generated/constants/care';
import { routeById } from '@/generated/routes';
import { useGetUserPatientsQuery, useSubmitPatientIntakeMutation } from '@/generated/client/hooks';
import { message } from '@/domain/messages';
import { needsCrisisHelp } from '@/domain/crisis';
import { CrisisScreen } from '@/client/ui/CrisisScreen';
import { useCrisisScreen } from '@/client/ui/use-crisis-screen';
import {
  instrumentOf,
  intakeNeedsCrisisHelp,
  intakePages,
  localizedIntakePages,
  pageProblems,
  questionsOf,
  type IntakeAnswers,
  type IntakeQuestion,
} from '@/domain/intake';
import { errorTextFor } from '@/client/api/errors';
import { useAppSelector } from '@/client/store/hooks';
import { selectUser } from '@/client/store/auth/slice';
import { Button, ButtonLink } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { MeasureItems } from '@/client/ui/MeasureItems';
import { Skeleton } from '@/client/ui/Skeleton';
import { fullName } from '@/client/ui/format';
import './questionnaire.css';

type Draft = { answers: Record<string, string>; phq9: (number | undefined)[]; gad7: (number | undefined)[] };

function Question({ q, value, problem, onChange }: { q: IntakeQuestion; value: string; problem?: string; onChange: (v: string) => void }) {
  const id = `intake-${q.id}`;
  const error = problem ? (
    <p className="field__error" id={`${id}-error`} role="alert">
      {problem}
    </p>
  ) : null;
  if (q.kind === 'choice' && 'options' in q) {
    return (
      <fieldset className="choices" aria-describedby={problem ? `${id}-error` : undefined}>
        <legend>{q.label}</legend>
        {q.options.map((o) => (
          <label key={o.value} className="choice">
            <input type="radio" name={id} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
        {error}
      </fieldset>
    );
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {q.label}
      </label>
      <textarea
        id={id}
        className="input textarea"
        maxLength={'maxLength' in q ? q.maxLength : undefined}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error}
    </div>
  );
}

function Intake({ patientId }: { patientId: string }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<Draft>({ answers: {}, phq9: [], gad7: [] });
  const [showProblems, setShowProblems] = useState(false);
  const send = useSubmitPatientIntakeMutation({ onSuccess: () => void queryClient.invalidateQueries() });
  const page = localizedIntakePages()[step]!;
  const instrument = instrumentOf(page);
  const given = { answers: draft.answers, phq9: draft.phq9 as number[], gad7: draft.gad7 as number[] } satisfies Partial<IntakeAnswers>;
  const problems = pageProblems(page, given);
  const last = step === intakePages.length - 1;
  const crisis = intakeNeedsCrisisHelp(given);
  // The crisis screen comes first: at once for PHQ-9 item 9, on leaving the page for words written (not mid-sentence).
  const crisisScreen = useCrisisScreen(patientId);

  if (crisisScreen.showing) {
    return <CrisisScreen continueLabel={message('ui.crisis.continue')} onContinue={crisisScreen.seen} />;
  }

  if (send.data?.intake) {
    const { phq9, gad7 } = send.data.intake;
    return (
      <div className="stack" role="status">
        {crisis ? (
          <p className="notice notice--warning" role="alert">
            {message('ui.intake.crisis')}
          </p>
        ) : null}
        <p className="notice notice--success">{message('ui.intake.done')}</p>
        <p>
          {message('ui.intake.score', { instrument: careConstants.measureInstruments.phq9.name, total: String(phq9.total), band: phq9.bandLabel })}
          {' · '}
          {message('ui.intake.score', { instrument: careConstants.measureInstruments.gad7.name, total: String(gad7.total), band: gad7.bandLabel })}
        </p>
        <div>
          <ButtonLink to={routeById.patientHome.path} variant="secondary">
            {message('ui.intake.backHome')}
          </ButtonLink>
        </div>
      </div>
    );
  }

  function next() {
    if (problems.length) return setShowProblems(true);
    setShowProblems(false);
    if (crisis) crisisScreen.show(needsCrisisHelp(given.phq9) ? 'intakeItemNine' : 'intakeWords');
    if (last) {
      send.mutate({ params: { id: patientId }, body: { ...given, crisisKey: crisisScreen.crisisKey } });
    } else {
      setStep(step + 1);
      window.scrollTo?.(0, 0);
    }
  }

  const problemText = (q: IntakeQuestion) => {
    const p = showProblems ? problems.find((x) => x.field === q.id) : undefined;
    if (!p) return undefined;
    return p.problem === 'tooLong' && 'maxLength' in q ? message('ui.intake.tooLong', { max: String(q.maxLength) }) : message('ui.intake.required');
  };

  return (
    <form
      className="stack"
      noValidate
      aria-labelledby="intake-step"
      onSubmit={(e) => {
        e.preventDefault();
        next();
      }}
    >
      <h2 id="intake-step">{message('ui.intake.step', { step: String(step + 1), steps: String(intakePages.length), title: page.title })}</h2>
      {instrument ? (
        <MeasureItems
          instrument={instrument}
          answers={draft[instrument]}
          onAnswer={(i, v) => {
            const answers = [...draft[instrument]];
            answers[i] = v;
            setDraft({ ...draft, [instrument]: answers });
            if (instrument === 'phq9' && needsCrisisHelp(answers)) crisisScreen.show('intakeItemNine');
          }}
        />
      ) : (
        questionsOf(page).map((q) => (
          <Question
            key={q.id}
            q={q}
            value={draft.answers[q.id] ?? ''}
            problem={problemText(q)}
            onChange={(v) => setDraft({ ...draft, answers: { ...draft.answers, [q.id]: v } })}
          />
        ))
      )}
      {/* Shown the moment the answer is given, not after sending. */}
      <div aria-live="assertive">
        {crisis ? (
          <p className="notice notice--warning" role="alert">
            {message('ui.intake.crisis')}
          </p>
        ) : null}
      </div>
      {showProblems && instrument && problems.length ? <ErrorNotice text={message('ui.intake.answerAll')} inline /> : null}
      <ErrorNotice text={send.error ? errorTextFor(send.error, 'patient_web') : undefined} />
      <div className="cluster">
        {step > 0 ? (
          <Button variant="secondary" onClick={() => setStep(step - 1)}>
            {message('ui.intake.back')}
          </Button>
        ) : null}
        <Button type="submit" disabled={send.isPending} aria-busy={send.isPending || undefined}>
          {last ? (send.isPending ? message('ui.intake.sending') : message('ui.intake.submit')) : message('ui.intake.next')}
        </Button>
      </div>
    </form>
  );
}

export default function FormsortPage() {
  const user = useAppSelector(selectUser);
  const [search] = useSearchParams();
  const patients = useGetUserPatientsQuery({}, { enabled: Boolean(user) });
  const asked = search.get('patientId');
  const patient = patients.data?.items.find((p) => (asked ? p.id === asked : p.relationship === 'Self')) ?? (asked ? undefined : patients.data?.items[0]);
  // Another person's intake (a child's) names whom it is about: the account holder answers for them.
  const about = patient && patient.relationship !== 'Self' ? fullName(patient) : undefined;
  return (
    <div className="container questionnaire">
      <section className="questionnaire__card card stack" aria-labelledby="intake-heading">
        <h1 id="intake-heading">{about ? message('ui.intake.headingFor', { patient: about }) : message('ui.intake.heading')}</h1>
        {!user ? (
          <p className="notice">
            {message('ui.intake.signIn')} <Link to={routeById.login.path}>{message('ui.intake.signInLink')}</Link>
          </p>
        ) : patients.error ? (
          <ErrorNotice text={errorTextFor(patients.error, 'patient_web', 'PAGE_LOAD')} />
        ) : !patients.data ? (
          <div className="stack-sm" role="status" aria-busy="true">
            <span className="visually-hidden">{message('ui.intake.loading')}</span>
            <Skeleton height="2.75rem" />
            <Skeleton height="8rem" />
          </div>
        ) : !patient ? (
          <ErrorNotice text={errorTextFor(undefined, 'patient_web', 'NOT_FOUND')} />
        ) : (
          <>
            <p className="muted">{about ? message('ui.intake.introFor', { patient: about }) : message('ui.intake.intro')}</p>
            <Intake patientId={patient.id} />
          </>
        )}
      </section>
    </div>
  );
}
