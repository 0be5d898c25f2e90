/**
 * Booking step pay (/app/bookings/user/payment, /app/bookings/support/payment): insurance on file
 * with its eligibility outcome (self-pay required switches to self-pay; a Medicaid plan the provider
 * does not take is denied), or 'Self-Pay / Out-of-pocket' with its price, the card (a card on file,
 * or a new one tokenized before the booking is made: by the API with the local test gateway, by
 * Braintree's hosted fields in the browser when Braintree is configured), the partner's rules
 * (hidden payment or insurance inputs, optional card, authorization), the consent to book, then the
 * booking and its confirmation. A time that was taken meanwhile offers the provider's next times.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { billingAnswersOf, billingOfAnswers } from '@/client/payments/billing-answers';
import { Button } from '@/client/ui/Button';
import { PageSkeleton, Skeleton } from '@/client/ui/Skeleton';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { useBookingRestored } from './choice';
import { BookingNotFound } from './BookingNotFound';
import { previousStepPath, stepById, stepCopy } from './flow';
import { StepHeader } from './StepHeader';
import { HoldCountdown } from './HoldCountdown';
import { NextSlots } from './NextSlots';
import { formatDollars } from '@/domain/money';
import { usePaymentStep } from './payment-step';
import { SeriesChoice } from './SeriesChoice';
import { preloadWhenIdle } from '@/client/runtime/navigation/preload';
import './booking.css';
import { constantIn } from '@/domain/translations';

const step = stepById('pay');

// The confirmation (with its calendar file) is drawn once the booking is made: its code is fetched while the
// person fills in the payment step, not before the step's first tap.
const loadConfirmation = () => import('./Confirmation');
const Confirmation = lazy(async () => ({ default: (await loadConfirmation()).Confirmation }));
// The card and authorization forms are drawn once wanted (self-pay chosen, a partner's rule): fetched while the
// person reads the step, so the first taps (how to pay, the consent) do not wait on the form renderer.
const loadPaymentForms = () => import('./PaymentForms');
const BookingCardForm = lazy(async () => ({ default: (await loadPaymentForms()).BookingCardForm }));
const AuthorizationForm = lazy(async () => ({ default: (await loadPaymentForms()).AuthorizationForm }));

/** Waits for the stored booking (who attends, the responsible party) before the step reads it. */
export default function PaymentPage() {
  return useBookingRestored() ? <Payment /> : <PageSkeleton />;
}

function Payment() {
  const navigate = useNavigate();
  const pay = usePaymentStep();
  useEffect(() => preloadWhenIdle(loadConfirmation), []);
  useEffect(() => preloadWhenIdle(loadPaymentForms), []);
  const {
    variant,
    chosen,
    provider,
    slot,
    primary,
    request,
    partner,
    hideInsurance,
    insurances,
    cards,
    cardOnFile,
    state,
    price,
    chosenInsurance,
    denied,
    busy,
  } = pay;
  const { search } = chosen;

  if (chosen.state === 'missing') return <BookingNotFound />;
  if (chosen.state === 'failed') return <BookingNotFound text={chosen.provider.error?.message} />;
  if (chosen.state === 'loading' || !provider) return <PageSkeleton />;
  if (!slot) {
    return (
      <div className="container section booking stack">
        <StepHeader step={step} variant={variant} />
        <NextSlots provider={provider} lostSlotId={chosen.slotId} text={request.error?.text} />
      </div>
    );
  }
  // Who attends is chosen on the step before (a bookmark or another device does not know): resume there.
  if (!primary && request.status !== 'booked') return <Navigate to={previousStepPath('pay', variant, search)} replace />;

  if (request.status === 'booked' && request.appointmentId) {
    return (
      <div className="container section booking stack">
        <Suspense fallback={<Skeleton />}>
          <Confirmation
            appointmentId={request.appointmentId}
            provider={provider}
            slot={slot}
            counselingType={chosen.counselingType}
            timeZone={chosen.timeZone}
            customSuccessMessage={partner?.customSuccessMessage}
            hideCopy={partner?.hidePostBookingModalCopy}
            showSessionsLink={pay.showSessionsLink}
            forCaller={pay.forCaller}
          />
        </Suspense>
        <ErrorNotice text={request.authorizationError?.text} />
      </div>
    );
  }

  const submitLabel = stepCopy(step, variant, 'submit') ?? message('ui.booking.next');
  const { tried, agreed, inquiry, authorization, useCardOnFile } = state;
  const choice = state.choice;
  const selfPay = pay.selfPay;

  return (
    <div className="container section booking stack">
      <StepHeader step={step} variant={variant} />
      <div className="hold-area">{request.hold ? <HoldCountdown expiresAt={request.hold.expiresAt} onHoldAgain={chosen.holdAgain} /> : null}</div>
      {pay.slotGone ? <NextSlots provider={provider} lostSlotId={slot.id} text={request.error?.text} /> : null}
      <SeriesChoice slot={slot} timeZone={chosen.timeZone} providerZone={provider.timeZone} value={pay.series} onChange={pay.setSeries} />

      <fieldset className="card stack" aria-describedby={tried && !choice ? 'pay-choice-error' : undefined}>
        <legend className="field__label">{message('ui.booking.pay.insuranceHeading')}</legend>
        {hideInsurance ? null : (
          // One fixed-height box for the insurances on file, whether they have arrived or not (they arrive late, after
          // the patient's record): Self-Pay below never moves under a tap. More insurances than fit scroll in the box.
          <div className="pay-insurances">
            {pay.insurancesPending ? (
              <Skeleton height="100%" label={message('ui.booking.pay.checking')} />
            ) : insurances.data?.length ? (
              <ul className="choice-list">
                {insurances.data.map((i) => (
                  <li key={i.id}>
                    <label className="choice-row">
                      <input type="radio" name="pay-choice" checked={chosenInsurance?.id === i.id} onChange={() => void pay.chooseInsurance(i)} />
                      <span>
                        {i.carrierName} · {i.planName} <span className="muted">({i.memberId})</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            ) : insurances.isSuccess || !primary?.id ? (
              <p className="muted">{message('ui.booking.pay.noInsurance')}</p>
            ) : null}
          </div>
        )}
        <ul className="choice-list">
          <li>
            <label className="choice-row">
              <input type="radio" name="pay-choice" checked={selfPay} onChange={pay.chooseSelfPay} />
              <span>
                {constantIn('selfPayLabel').full} <span className="price">{message('ui.booking.pay.price', { price: formatDollars(price) })}</span>
              </span>
            </label>
          </li>
        </ul>
        <div aria-live="polite">
          {pay.checking ? <p role="status">{message('ui.booking.pay.checking')}</p> : null}
          {inquiry?.internalOutcomeAssessment === 'ELIGIBLE' && chosenInsurance ? (
            <p className="notice notice--success">
              {message('ui.booking.pay.eligible', { carrier: inquiry.carrierName, copay: formatDollars(inquiry.copay ?? 0) })}
            </p>
          ) : null}
          {state.switched && inquiry?.internalOutcomeAssessment === 'CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED' ? (
            <p className="notice notice--warning">{message('ui.booking.pay.selfPayRequired', { carrier: inquiry.carrierName, price: formatDollars(price) })}</p>
          ) : null}
          {denied && chosenInsurance ? (
            <div id="pay-denied" className="notice notice--error stack-sm" role="alert">
              <p>{pay.deniedText}</p>
              <p>
                <Link to={routeById.providerSearch.path}>{message('ui.booking.slot.findProvider')}</Link>
              </p>
            </div>
          ) : null}
        </div>
        {tried && !choice ? (
          <p id="pay-choice-error" className="field__error">
            {message('validation.insurance.required')}
          </p>
        ) : null}
        <ErrorNotice text={pay.insuranceProblem} />
      </fieldset>

      {/* The public notice of the right to a Good Faith Estimate (45 CFR 149.610), read before paying. */}
      <section className="card stack-sm" aria-labelledby="gfe-notice-heading">
        <h2 id="gfe-notice-heading">{message('ui.goodFaithEstimate.heading')}</h2>
        <p className="small">{message('ui.goodFaithEstimate.notice')}</p>
      </section>

      {partner?.authorizationRequired ? (
        <section className="card stack" aria-labelledby="authorization-heading">
          <h2 id="authorization-heading">{message('ui.booking.pay.authorizationHeading')}</h2>
          {authorization ? (
            <p className="notice notice--success">✓</p>
          ) : (
            <Suspense fallback={<Skeleton height="12rem" label={message('ui.common.loading')} />}>
              <AuthorizationForm onSubmit={pay.authorize} />
            </Suspense>
          )}
        </section>
      ) : null}

      {pay.coveredByPartner && partner ? <p className="notice">{message('ui.booking.pay.coveredByPartner', { partner: partner.name })}</p> : null}

      <label className="choice-row">
        <input
          type="checkbox"
          checked={agreed}
          aria-invalid={(tried && !agreed) || undefined}
          aria-describedby={tried && !agreed ? 'agree-error' : undefined}
          onChange={(e) => pay.setAgreed(e.target.checked)}
        />
        <span>{stepCopy(step, variant, 'consent')}</span>
      </label>
      {tried && !agreed ? (
        <p id="agree-error" className="field__error">
          {message('ui.booking.pay.consentRequired')}
        </p>
      ) : null}

      {pay.cardWanted ? (
        <section className="card stack" aria-labelledby="card-heading">
          <h2 id="card-heading">{message(pay.schedulingPaymentShown ? 'ui.booking.pay.howToPay' : 'ui.booking.pay.cardHeading')}</h2>
          {pay.schedulingPaymentShown ? (
            <div className="choice-list" role="radiogroup" aria-labelledby="card-heading">
              <label className="choice-row">
                <input type="radio" name="pay-with" checked={!state.throughScheduling} onChange={() => pay.setThroughScheduling(false)} />
                <span>{message('ui.booking.pay.byCard')}</span>
              </label>
              <label className="choice-row">
                <input type="radio" name="pay-with" checked={state.throughScheduling} onChange={() => pay.setThroughScheduling(true)} />
                <span>{message('ui.booking.pay.bySchedulingSystem')}</span>
              </label>
            </div>
          ) : null}
          {pay.schedulingPaymentShown && state.throughScheduling ? (
            <>
              <p className="muted">{message('ui.booking.pay.bySchedulingSystemNote', { price: formatDollars(price) })}</p>
              <Button onClick={() => pay.book()} disabled={busy} aria-busy={busy || undefined}>
                {submitLabel}
              </Button>
            </>
          ) : (
            <>
              {partner?.isCreditCardOptional ? <p className="muted">{message('ui.booking.pay.cardOptional', { partner: partner.name })}</p> : null}
              {cards.isLoading ? <Skeleton height="12rem" label={message('ui.booking.pay.cardsLoading')} /> : null}
              {cardOnFile ? (
                <div className="choice-list" role="radiogroup" aria-labelledby="card-heading">
                  <label className="choice-row">
                    <input type="radio" name="card-choice" checked={useCardOnFile} onChange={() => pay.setUseCardOnFile(true)} />
                    <span>{message('ui.booking.pay.cardOnFile', { brand: cardOnFile.brand, last4: cardOnFile.last4 })}</span>
                  </label>
                  <label className="choice-row">
                    <input type="radio" name="card-choice" checked={!useCardOnFile} onChange={() => pay.setUseCardOnFile(false)} />
                    <span>{message('ui.booking.pay.newCard')}</span>
                  </label>
                </div>
              ) : null}
              {cards.isLoading || pay.billing.isLoading ? null : cardOnFile && useCardOnFile ? (
                <Button onClick={() => pay.book()} disabled={busy} aria-busy={busy || undefined}>
                  {submitLabel}
                </Button>
              ) : (
                <Suspense fallback={<Skeleton height="12rem" label={message('card.form.loading')} />}>
                  <BookingCardForm
                    initialData={billingAnswersOf(pay.billing.data ?? pay.account.data)}
                    submitLabel={submitLabel}
                    submitting={busy}
                    onSubmit={(card, answers) => pay.book(card, billingOfAnswers(answers))}
                    actions={
                      partner?.isCreditCardOptional ? (
                        <Button variant="secondary" onClick={() => pay.book()} disabled={busy}>
                          {submitLabel}
                        </Button>
                      ) : undefined
                    }
                  />
                </Suspense>
              )}
            </>
          )}
        </section>
      ) : (
        <div className="form-actions">
          <Button onClick={() => pay.book()} disabled={busy || denied} aria-busy={busy || undefined} aria-describedby={denied ? 'pay-denied' : undefined}>
            {submitLabel}
          </Button>
        </div>
      )}
      <div aria-live="polite">{busy ? <p role="status">{message('ui.booking.pay.booking')}</p> : null}</div>
      <ErrorNotice text={state.problem ?? pay.failure} />
      <div>
        <Button variant="ghost" onClick={() => void navigate(previousStepPath('pay', variant, search))}>
          {message('ui.booking.back')}
        </Button>
      </div>
    </div>
  );
}
