/**
 * Booking step pay (/app/bookings/user/payment, /app/bookings/support/payment): insurance on file
 * with its eligibility outcome (self-pay required switches to self-pay; a Medicaid plan the provider
 * does not take is denied), or 'Self-Pay / Out-of-pocket' with its price, the card (a card on file,
 * or a new one tokenized before the booking is made: by the API with the local test gateway, by
 * Braintree's hosted fields in the browser when Braintree is configured), the partner's rules
 * (hidden payment or insurance inputs, optional card, authorization), the consent to book, then the
 * booking and its confirmation. A time that was taken meanwhile offers the provider's next times.
 */
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import cardForm from '../../../generated/forms/booking-card';
import authorizationForm from '../../../generated/forms/authorization';
import type { FormDefinition } from '../../../generated/types';
import { constants } from '../../../generated/constants';
import { messages } from '../../../generated/messages';
import type { BookingFunnel, SelfPayConsentCategory } from '../../../generated/enums';
import { routeById } from '../../../generated/routes';
import { message } from '../../../domain/messages';
import { sessionPayRate } from '../../../domain/pay-rate';
import { isDeniedDueToMedicaid, isSelfPayEligible } from '../../../domain/insurance-outcome';
import { initialSelfPayConsentCategory, toggledSelfPayConsentCategory } from '../../../domain/self-pay';
import { SpecForm } from '../../runtime/forms/SpecForm';
import { billingAnswersOf, CardForm } from '../../payments/CardForm';
import { useFlagOn } from '../../runtime/flags/useTreatment';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAuth } from '../../store/auth/slice';
import { bookingRequested, selectBookingHelper, selectBookingRequest, selectBookingSelection } from '../../store/booking/slice';
import type { AppointmentRequest, CardInput } from '../../store/services';
import { Button } from '../../ui/Button';
import { PageSkeleton, Skeleton } from '../../ui/Skeleton';
import { callById, useAccountDetails, useBookingVariant, usePartner, type PartnerRules, useCall } from './data';
import { useBookingChoice, useBookingRestored } from './choice';
import { BookingNotFound } from './BookingNotFound';
import { previousStepPath, stepById, stepCopy } from './flow';
import { useActiveInsurance, useCardsOnFile, type InsuranceInquiry, type InsuranceOnFile } from './payment-data';
import { patientForBooking } from './patients';
import { StepHeader } from './StepHeader';
import { HoldCountdown } from './HoldCountdown';
import { NextSlots } from './NextSlots';
import { Confirmation } from './Confirmation';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatDollars } from './format';
import { useApiAction } from './useApiAction';
import './booking.css';

const step = stepById('pay');
const FUNNEL: Record<'support' | 'patient', BookingFunnel> = { support: 'Support Standard Funnel', patient: 'Patient Standard Funnel' };

type Choice = { kind: 'insurance'; insurance: InsuranceOnFile } | { kind: 'selfPay' };

/** Waits for the stored booking (who attends, the responsible party) before the step reads it. */
export default function PaymentPage() {
  return useBookingRestored() ? <Payment /> : <PageSkeleton />;
}

function Payment() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const call = useCall();
  const variant = useBookingVariant();
  const chosen = useBookingChoice();
  const { search } = chosen;
  const auth = useAppSelector(selectAuth);
  const selection = useAppSelector(selectBookingSelection);
  const helper = useAppSelector(selectBookingHelper);
  const request = useAppSelector(selectBookingRequest);
  const b2bSelfBooking = useFlagOn('b2bSelfBooking');
  const cardPaymentShown = useFlagOn('creditCardPayment');
  const verifyInsurance = useFlagOn('selfBookingInsuranceVerification') || variant === 'support';
  const skipUser = helper.skipEmailUserDetails as { id?: string } | undefined;
  const userId = variant === 'support' ? (search.get('userId') ?? undefined) : (auth.user?.id ?? skipUser?.id);
  const account = useAccountDetails(userId);
  const queryCode = b2bSelfBooking ? (search.get('partnershipCode') ?? undefined) : undefined;
  const partnerByCode = usePartner(queryCode);
  const partner: PartnerRules | undefined = partnerByCode.data ?? account.data?.businessPartner ?? undefined;
  const provider = chosen.provider.data;
  const slot = chosen.slot;
  const primary = selection.selectedPatients[0];
  const hideInsurance = Boolean(partner?.hideInsuranceInput);
  const insurances = useActiveInsurance(primary, !hideInsurance);
  const cards = useCardsOnFile(primary?.id, cardPaymentShown && !partner?.hidePaymentInput);
  const inquiryAction = useApiAction();

  const [choice, setChoice] = useState<Choice | undefined>(hideInsurance || search.get('selfPay') === 'true' ? { kind: 'selfPay' } : undefined);
  const [inquiry, setInquiry] = useState<InsuranceInquiry>();
  const [switched, setSwitched] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [useCardOnFile, setUseCardOnFile] = useState(true);
  const [authorization, setAuthorization] = useState<Record<string, unknown>>();
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<string>();

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

  const { providerId, counselingType, appointmentMode } = chosen;
  const zone = chosen.timeZone;
  const price = inquiry?.selfPayPrice ?? sessionPayRate(provider.about.payrates, false);
  const patientsForRules = selection.selectedPatients.map((p) => ({ firstName: p.firstName, lastName: p.lastName, dateOfBirth: p.dateOfBirth }));
  const insuranceRecord = (i: InsuranceOnFile, q?: InsuranceInquiry) => ({
    patient: i.patient ?? primary,
    internalOutcomeAssessment: q?.internalOutcomeAssessment ?? i.internalOutcomeAssessment,
    insuranceInquiryAudits: q ? [{ internalOutcomeAssessment: q.internalOutcomeAssessment, createdAt: q.createdAt }] : i.insuranceInquiryAudits,
  });
  const chosenInsurance = choice?.kind === 'insurance' ? choice.insurance : undefined;
  const denied = chosenInsurance ? isDeniedDueToMedicaid(insuranceRecord(chosenInsurance, inquiry), patientsForRules) : false;
  const selfPay = choice?.kind === 'selfPay';
  const coveredByPartner = partner?.hidePaymentInput === true;
  const cardWanted = selfPay && cardPaymentShown && !coveredByPartner;
  const cardOnFile = cards.data?.find((c) => c.isDefault) ?? cards.data?.[0];
  const category: SelfPayConsentCategory = switched ? toggledSelfPayConsentCategory({ selfPayChosen: selfPay, hasInsurance: true }) : initialSelfPayConsentCategory({ isSwitchingToSelfPay: false, isInsured: !selfPay });

  const chooseInsurance = async (insurance: InsuranceOnFile) => {
    setProblem(undefined);
    setChoice({ kind: 'insurance', insurance });
    setSwitched(false);
    setInquiry(undefined);
    if (!verifyInsurance || !primary?.id) return;
    const answer = await inquiryAction.run(() =>
      callById<InsuranceInquiry>(call, 'validateInsurance', { params: { patientId: primary.id, insuranceId: insurance.id, providerId: provider.id, practiceId: slot.practiceId ?? provider.practice.id } }),
    );
    if (!answer) return;
    setInquiry(answer);
    if (isSelfPayEligible(insuranceRecord(insurance, answer), patientsForRules)) {
      // The card is not accepted: this booking becomes self-pay (consent category switchToSelfPay).
      setSwitched(true);
      setChoice({ kind: 'selfPay' });
      void callById(call, 'chooseInsuranceDecision', { params: { id: answer.id }, body: { decision: 'selfPay' } }).catch(() => undefined);
    }
  };

  const chooseSelfPay = () => {
    setProblem(undefined);
    setSwitched(Boolean(chosenInsurance || inquiry));
    setChoice({ kind: 'selfPay' });
  };

  const book = (card?: CardInput) => {
    setTried(true);
    if (!choice) return setProblem(messages['validation.insurance.required']);
    if (denied) return setProblem(message('ui.booking.pay.medicaidDenied', { carrier: chosenInsurance?.carrierName ?? '', price: formatDollars(price) }));
    if (!agreed) return setProblem(message('ui.booking.pay.consentRequired'));
    if (partner?.authorizationRequired && !authorization) return setProblem(message('ui.booking.pay.authorizationHeading'));
    setProblem(undefined);
    const rp = helper.responsibleParty;
    if (!providerId || !counselingType || !appointmentMode) return setProblem(messages['validation.service.required']);
    const payment = cardWanted && !card && cardOnFile && useCardOnFile ? { cardId: cardOnFile.id } : card ? { saveCard: true } : undefined;
    const appointment: AppointmentRequest = {
      slot,
      providerId,
      practiceId: slot.practiceId ?? chosen.practiceId ?? provider.practice.id,
      counselingType,
      appointmentMode,
      patients: selection.selectedPatients.map(patientForBooking) as AppointmentRequest['patients'],
      ...(rp ? { responsibleParty: { firstName: rp.firstName!, lastName: rp.lastName!, dob: rp.dob!, ...(rp.address ? { address: rp.address as never } : {}), ...(rp.phoneNumber ? { phoneNumber: rp.phoneNumber } : {}), ...(rp.email ? { email: rp.email } : {}) } } : {}),
      ...(selfPay ? { selfPay: true } : { selfPay: false, ...(chosenInsurance ? { insuranceId: chosenInsurance.id } : {}) }),
      selfPayConsentCategory: category,
      funnelName: FUNNEL[variant],
      ...(partner?.partnershipCode ? { partnershipCode: partner.partnershipCode } : {}),
      ...(search.get('tz') ? { timeZone: search.get('tz')! } : {}),
      ...(variant === 'support' ? { onBehalf: true, ...(userId ? { userId } : { email: helper.userEmail }) } : {}),
      ...(payment ? { payment } : {}),
    };
    dispatch(bookingRequested({ request: appointment, ...(card ? { card } : {}) }));
  };

  if (request.status === 'booked' && request.appointmentId) {
    return (
      <div className="container section booking stack">
        <Confirmation
          appointmentId={request.appointmentId}
          provider={provider}
          slot={slot}
          counselingType={counselingType}
          timeZone={zone}
          customSuccessMessage={partner?.customSuccessMessage}
          hideCopy={partner?.hidePostBookingModalCopy}
          showSessionsLink={variant === 'patient' && auth.status === 'authenticated'}
        />
        {authorization && primary?.id ? <AuthorizationSaver patientId={primary.id} authorization={authorization} /> : null}
      </div>
    );
  }

  const slotGone = request.status === 'failed' && (request.error?.reason === 'slot-taken' || request.error?.reason === 'no-open-slot');
  const failure = request.status === 'failed' && !slotGone ? [partner?.customFailureMessage, request.error?.text].filter(Boolean).join(' ') : undefined;
  const busy = request.status === 'booking';
  const submitLabel = stepCopy(step, variant, 'submit') ?? message('ui.booking.next');

  return (
    <div className="container section booking stack">
      <StepHeader step={step} variant={variant} />
      {request.hold ? <HoldCountdown expiresAt={request.hold.expiresAt} onHoldAgain={chosen.holdAgain} /> : null}
      {slotGone ? <NextSlots provider={provider} lostSlotId={slot.id} text={request.error?.text} /> : null}

      <fieldset className="card stack" aria-describedby={tried && !choice ? 'pay-choice-error' : undefined}>
        <legend className="field__label">{message('ui.booking.pay.insuranceHeading')}</legend>
        {!hideInsurance && primary?.id && insurances.isPending ? <Skeleton height="3rem" label={message('ui.booking.pay.checking')} /> : null}
        <ul className="choice-list">
          {!hideInsurance
            ? (insurances.data ?? []).map((i) => (
                <li key={i.id}>
                  <label className="choice-row">
                    <input type="radio" name="pay-choice" checked={chosenInsurance?.id === i.id} onChange={() => void chooseInsurance(i)} />
                    <span>
                      {i.carrierName} · {i.planName} <span className="muted">({i.memberId})</span>
                    </span>
                  </label>
                </li>
              ))
            : null}
          <li>
            <label className="choice-row">
              <input type="radio" name="pay-choice" checked={selfPay} onChange={chooseSelfPay} />
              <span>
                {constants.selfPayLabel.full} <span className="price">{message('ui.booking.pay.price', { price: formatDollars(price) })}</span>
              </span>
            </label>
          </li>
        </ul>
        {!hideInsurance && insurances.isSuccess && !insurances.data.length ? <p className="muted">{message('ui.booking.pay.noInsurance')}</p> : null}
        {!hideInsurance && !primary?.id ? <p className="muted">{message('ui.booking.pay.noInsurance')}</p> : null}
        <div aria-live="polite">
          {inquiryAction.pending ? <p role="status">{message('ui.booking.pay.checking')}</p> : null}
          {inquiry?.internalOutcomeAssessment === 'ELIGIBLE' && chosenInsurance ? <p className="notice notice--success">{message('ui.booking.pay.eligible', { carrier: inquiry.carrierName, copay: formatDollars(inquiry.copay ?? 0) })}</p> : null}
          {switched && inquiry?.internalOutcomeAssessment === 'CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED' ? <p className="notice notice--warning">{message('ui.booking.pay.selfPayRequired', { carrier: inquiry.carrierName, price: formatDollars(price) })}</p> : null}
          {denied && chosenInsurance ? (
            <div className="notice notice--error stack-sm" role="alert">
              <p>{message('ui.booking.pay.medicaidDenied', { carrier: chosenInsurance.carrierName, price: formatDollars(price) })}</p>
              <p>
                <Link to={routeById.providerSearch.path}>{message('ui.booking.slot.findProvider')}</Link>
              </p>
            </div>
          ) : null}
        </div>
        {tried && !choice ? (
          <p id="pay-choice-error" className="field__error">
            {messages['validation.insurance.required']}
          </p>
        ) : null}
        <ErrorNotice text={inquiryAction.text} />
      </fieldset>

      {partner?.authorizationRequired ? (
        <section className="card stack" aria-labelledby="authorization-heading">
          <h2 id="authorization-heading">{message('ui.booking.pay.authorizationHeading')}</h2>
          {authorization ? <p className="notice notice--success">✓</p> : <SpecForm<Record<string, unknown>> idPrefix="authorization" form={authorizationForm as FormDefinition} onSubmit={(a) => setAuthorization(a)} />}
        </section>
      ) : null}

      {coveredByPartner && partner ? <p className="notice">{message('ui.booking.pay.coveredByPartner', { partner: partner.name })}</p> : null}

      <label className="choice-row">
        <input type="checkbox" checked={agreed} aria-invalid={(tried && !agreed) || undefined} aria-describedby={tried && !agreed ? 'agree-error' : undefined} onChange={(e) => setAgreed(e.target.checked)} />
        <span>{stepCopy(step, variant, 'consent')}</span>
      </label>
      {tried && !agreed ? (
        <p id="agree-error" className="field__error">
          {message('ui.booking.pay.consentRequired')}
        </p>
      ) : null}

      {cardWanted ? (
        <section className="card stack" aria-labelledby="card-heading">
          <h2 id="card-heading">{message('ui.booking.pay.cardHeading')}</h2>
          {partner?.isCreditCardOptional ? <p className="muted">{message('ui.booking.pay.cardOptional', { partner: partner.name })}</p> : null}
          {cards.isLoading ? <Skeleton height="12rem" label={message('ui.booking.pay.cardsLoading')} /> : null}
          {cardOnFile ? (
            <div className="choice-list" role="radiogroup" aria-labelledby="card-heading">
              <label className="choice-row">
                <input type="radio" name="card-choice" checked={useCardOnFile} onChange={() => setUseCardOnFile(true)} />
                <span>{message('ui.booking.pay.cardOnFile', { brand: cardOnFile.brand, last4: cardOnFile.last4 })}</span>
              </label>
              <label className="choice-row">
                <input type="radio" name="card-choice" checked={!useCardOnFile} onChange={() => setUseCardOnFile(false)} />
                <span>{message('ui.booking.pay.newCard')}</span>
              </label>
            </div>
          ) : null}
          {cards.isLoading ? null : cardOnFile && useCardOnFile ? (
            <Button onClick={() => book()} disabled={busy} aria-busy={busy || undefined}>
              {submitLabel}
            </Button>
          ) : (
            <CardForm
              form={cardForm as FormDefinition}
              idPrefix="card"
              initialData={billingAnswersOf(account.data)}
              submitLabel={submitLabel}
              submitting={busy}
              onSubmit={(card) => book(card)}
              actions={
                partner?.isCreditCardOptional ? (
                  <Button variant="secondary" onClick={() => book()} disabled={busy}>
                    {submitLabel}
                  </Button>
                ) : undefined
              }
            />
          )}
        </section>
      ) : (
        <div className="form-actions">
          <Button onClick={() => book()} disabled={busy} aria-busy={busy || undefined}>
            {submitLabel}
          </Button>
        </div>
      )}
      <div aria-live="polite">{busy ? <p role="status">{message('ui.booking.pay.booking')}</p> : null}</div>
      <ErrorNotice text={problem ?? failure} />
      <div>
        <Button variant="ghost" onClick={() => void navigate(previousStepPath('pay', variant, search))}>
          {message('ui.booking.back')}
        </Button>
      </div>
    </div>
  );
}

/** The partner's authorization is kept on the patient once the booking made them (POST /patients/{id}/authorizations). */
function AuthorizationSaver({ patientId, authorization }: { patientId: string; authorization: Record<string, unknown> }) {
  const call = useCall();
  useEffect(() => {
    void callById(call, 'savePatientAuthorization', { params: { id: patientId }, body: authorization }).catch(() => undefined);
  }, [call, patientId, authorization]);
  return null;
}
