/**
 * Booking step patient-information (/app/bookings/user/patient-info, /app/bookings/support/patient-info):
 * who attends (the account's patients, or new ones with the relationship rules), the consent of
 * every Self patient and minor (a minor's signed as "Parent / legal guardian of {patient}"), and a
 * responsible party of 18 or older when a minor attends. Its state and what it does are usePatientStep's (patient-step.ts).
 */
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { routeById } from '@/generated/routes';
import * as bookingConstants from '@/generated/constants/booking';
import * as careConstants from '@/generated/constants/care';
import { message } from '@/domain/messages';
import { PageSkeleton, Skeleton } from '@/client/ui/Skeleton';
import type { BookingPatient } from '@/client/store/types';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { CrisisScreen } from '@/client/ui/CrisisScreen';
import { useBookingRestored } from './choice';
import { BookingNotFound } from './BookingNotFound';
import { NextSlots } from './NextSlots';
import { nextStepPath, previousStepPath, stepById } from './flow';
import { preloadPathWhenIdle, preloadWhenIdle } from '@/client/runtime/navigation/preload';
import { StepHeader } from './StepHeader';
import { HoldCountdown } from './HoldCountdown';
import { fullName, needsResponsibleParty, patientKey } from './patients';
import { usePatientStep } from './patient-step';
import './booking.css';
import { formatCents } from '@/domain/money';

const step = stepById('patient-information');

// The new-patient and responsible-party forms are drawn when wanted (no one on the account yet, "add someone", a minor
// attends): fetched while the person reads the step, so choosing who attends does not wait on the form renderer.
const loadPatientForms = () => import('./PatientForms');
const NewPatientForm = lazy(async () => ({ default: (await loadPatientForms()).NewPatientForm }));
const ResponsiblePartyForm = lazy(async () => ({ default: (await loadPatientForms()).ResponsiblePartyForm }));

/** Waits for the stored booking (who attends, consents) before the step reads it. */
export default function PatientInformationPage() {
  return useBookingRestored() ? <PatientInformation /> : <PageSkeleton />;
}

function PatientInformation() {
  const navigate = useNavigate();
  const {
    variant,
    choice,
    search,
    helper,
    request,
    today,
    userId,
    accountPatients,
    holder,
    everyone,
    chosen,
    signed,
    choose,
    sign,
    setAdding,
    problem,
    tried,
    showAddForm,
    selected,
    consenting,
    minorAttends,
    consentQuery,
    addPatient,
    consentLabel,
    finish,
    otherRelationships,
    rpInitial,
    reason,
    setReason,
    crisisShowing,
    crisisSeen,
  } = usePatientStep();
  // The payment step's code arrives while the person fills in who attends, so continuing never waits on a download.
  const nextPath = nextStepPath('patient-information', variant, search);
  useEffect(() => (nextPath ? preloadPathWhenIdle(nextPath) : undefined), [nextPath]);
  useEffect(() => preloadWhenIdle(loadPatientForms), []);

  if (choice.state === 'missing') return <BookingNotFound />;
  if (choice.state === 'failed') return <BookingNotFound text={choice.provider.error?.message} />;
  if (choice.state === 'loading' || !choice.provider.data) return <PageSkeleton />;
  if (choice.state === 'gone') {
    return (
      <div className="container section booking stack">
        <StepHeader step={step} variant={variant} />
        <NextSlots provider={choice.provider.data} lostSlotId={choice.slotId} text={request.error?.text} />
      </div>
    );
  }
  // The service is chosen on the booking page; an address without it goes back there.
  if (!choice.counselingType) return <Navigate to={previousStepPath('patient-information', variant, search)} replace />;
  if (variant === 'support' && !userId && !helper.userEmail) return <Navigate to={`${routeById.supportBookingEmail.path}?${search.toString()}`} replace />;
  if (crisisShowing) {
    return (
      <div className="container section booking stack">
        <CrisisScreen body={message('ui.crisis.bookingBody')} continueLabel={message('ui.crisis.continueBooking')} onContinue={crisisSeen} />
      </div>
    );
  }

  if (accountPatients.isPending && userId) {
    // The step is drawn once the account's people are in: a list growing under the heading would push the form down
    // as it arrives (layout shift). The header and the countdown stay where they will be.
    return (
      <div className="container section booking stack">
        <StepHeader step={step} variant={variant} />
        <div className="hold-area">{request.hold ? <HoldCountdown expiresAt={request.hold.expiresAt} onHoldAgain={choice.holdAgain} /> : null}</div>
        <Skeleton height="28rem" label={message('ui.booking.patients.loading')} />
      </div>
    );
  }

  return (
    <div className="container section booking stack">
      <StepHeader step={step} variant={variant} />
      <div className="hold-area">{request.hold ? <HoldCountdown expiresAt={request.hold.expiresAt} onHoldAgain={choice.holdAgain} /> : null}</div>

      <fieldset className="card stack" aria-describedby={tried && !selected.length ? 'patients-error' : undefined}>
        <legend className="field__label">{message('ui.booking.patients.choose')}</legend>
        {accountPatients.isPending && userId ? (
          <Skeleton height="3rem" label={message('ui.booking.patients.loading')} />
        ) : (
          <ul className="choice-list">
            {everyone.map((p) => {
              const key = patientKey(p);
              const notes = [
                // Staff book for a caller: the account's own person is the account holder, not the agent ("you").
                p.relationship === 'Self' ? message(variant === 'support' ? 'ui.booking.patients.accountHolder' : 'ui.booking.patients.you') : p.relationship,
                needsResponsibleParty(p, today) ? message('ui.booking.patients.minor') : '',
                p.isExisting ? '' : message('ui.booking.patients.new'),
              ].filter(Boolean);
              return (
                <li key={key}>
                  <label className="choice-row">
                    <input type="checkbox" checked={chosen.has(key)} onChange={(e) => choose(key, e.target.checked)} />
                    <span>
                      {fullName(p)} <span className="muted">({notes.join(', ')})</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {tried && !selected.length ? (
          <p id="patients-error" className="field__error">
            {message('ui.booking.patients.noneChosen')}
          </p>
        ) : null}
        {showAddForm ? (
          <section className="stack" aria-labelledby="add-patient-heading">
            <h2 id="add-patient-heading">{stepCopy('addPatient')}</h2>
            {/* The form's height on a phone: what follows stays in place when the form arrives (no shift). */}
            <Suspense fallback={<Skeleton height="54rem" label={message('ui.common.loading')} />}>
              <NewPatientForm
                initialData={
                  otherRelationships.includes('Self')
                    ? {}
                    : { relationship: 'Self', ...(holder ? { firstName: holder.firstName, lastName: holder.lastName } : {}) }
                }
                context={{ relationship: { otherRelationships, counselingType: choice.counselingType } }}
                submitLabel={message('ui.booking.patients.add')}
                onSubmit={addPatient}
                actions={
                  everyone.length ? (
                    <Button variant="ghost" onClick={() => setAdding(false)}>
                      {message('ui.booking.patients.cancelAdd')}
                    </Button>
                  ) : undefined
                }
              />
            </Suspense>
          </section>
        ) : (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            {stepCopy('addPatient')}
          </Button>
        )}
      </fieldset>

      <div className="card field">
        <label className="field__label" htmlFor="booking-reason">
          {message('ui.booking.reason.label')}
        </label>
        <p id="booking-reason-hint" className="muted">
          {message('ui.booking.reason.hint', { max: careConstants.bookingReasonMaxLength })}
        </p>
        <textarea
          id="booking-reason"
          className="input textarea"
          aria-describedby="booking-reason-hint"
          maxLength={careConstants.bookingReasonMaxLength}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>

      {consenting.length ? (
        <section className="card stack" aria-labelledby="consent-heading">
          <h2 id="consent-heading">{message('ui.booking.consent.heading')}</h2>
          {/* One fixed-height box whether the text has arrived or not: the checkboxes below never move under a tap. */}
          <div className="consent-text" tabIndex={0} role="region" aria-label={consentQuery.data?.title ?? message('consent.bookAppointmentConsent.title')}>
            {consentQuery.isPending ? (
              <Skeleton height="100%" label={message('ui.common.loading')} />
            ) : (
              (consentQuery.data?.consentText ?? consenting.map((p) => fallbackConsentText(p)).join('\n\n'))
            )}
          </div>
          <ul className="choice-list">
            {consenting.map((p) => {
              const key = patientKey(p);
              const missing = tried && !signed.has(key);
              return (
                <li key={key}>
                  <label className="choice-row">
                    <input
                      type="checkbox"
                      checked={signed.has(key)}
                      aria-invalid={missing || undefined}
                      aria-describedby={missing ? `consent-error-${key}` : undefined}
                      onChange={(e) => sign(key, e.target.checked)}
                    />
                    <span>{consentLabel(p)}</span>
                  </label>
                  {missing ? (
                    <p id={`consent-error-${key}`} className="field__error">
                      {message('ui.booking.consent.required', { patient: fullName(p) })}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      {minorAttends ? (
        <section className="card stack" aria-labelledby="rp-heading">
          <h2 id="rp-heading">{message('ui.booking.responsibleParty.heading')}</h2>
          <p>{message('ui.booking.responsibleParty.text')}</p>
          {/* About the form's height on a phone: what follows stays in place when the form arrives. */}
          <Suspense fallback={<Skeleton height="72rem" label={message('ui.common.loading')} />}>
            <ResponsiblePartyForm key={holder?.id ?? 'rp'} initialData={rpInitial} submitLabel={message('ui.booking.next')} onSubmit={(rp) => finish(rp)} />
          </Suspense>
        </section>
      ) : (
        <div className="form-actions">
          <Button onClick={() => finish()}>{message('ui.booking.next')}</Button>
        </div>
      )}
      <ErrorNotice text={problem} />
      <div>
        <Button variant="ghost" onClick={() => void navigate(previousStepPath('patient-information', variant, search))}>
          {message('ui.booking.back')}
        </Button>
      </div>
    </div>
  );
}

/** The spec's consent wording, when the template could not be fetched (the text signed is the same version). */
function fallbackConsentText(p: BookingPatient): string {
  return message('consent.bookAppointmentConsent.text', {
    patient: fullName(p),
    windowHours: bookingConstants.lateCancelWindowHours,
    fee: formatCents(bookingConstants.lateCancelFeeCents),
  });
}

function stepCopy(key: string): string {
  const value = step.copy?.[key];
  return typeof value === 'string' ? value : key;
}
