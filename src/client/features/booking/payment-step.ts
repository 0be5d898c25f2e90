/**
 * The pay step's state and what it does, apart from how it looks: what is paid with (an insurance on
 * file and its eligibility answer, or self-pay at its price), the consent, the partner's
 * authorization and the card. Booking is the booking saga's (bookingRequested): it tokenizes the card,
 * books, and keeps the authorization on the patient; an insurance that requires self-pay records the
 * decision through the generated mutation. Every failure is shown to the person, worded by the
 * error catalogue.
 */
import { useReducer, useState } from 'react';
import type { SeriesState } from './SeriesChoice';
import type { BookingFunnel, SelfPayConsentCategory } from '@/generated/enums';
import { useChooseInsuranceDecisionMutation, useGetUserBillingQuery } from '@/generated/client/hooks';
import { message } from '@/domain/messages';
import { sessionPayRate } from '@/domain/pay-rate';
import { isDeniedDueToMedicaid, isSelfPayEligible } from '@/domain/insurance-outcome';
import { initialSelfPayConsentCategory, toggledSelfPayConsentCategory } from '@/domain/self-pay';
import { useFetchNow } from '@/client/api/api-queries';
import { catalogueText, errorTextFor } from '@/client/api/errors';
import { useFlagOn } from '@/client/runtime/flags/useTreatment';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { selectAudience, selectAuth } from '@/client/store/auth/slice';
import { bookingRequested, selectBookingHelper, selectBookingRequest, selectBookingSelection, type BookingFailure } from '@/client/store/booking/slice';
import type { AppointmentRequest, CardInput } from '@/client/store/services';
import type { Billing } from '@/generated/entities';
import type { SavePatientAuthorizationBody } from '@/generated/entities';
import { useAccountDetails, useBookingVariant, usePartner, type PartnerRules } from './data';
import { useBookingChoice } from './choice';
import { useActiveInsurance, useCardsOnFile, type InsuranceInquiry, type InsuranceOnFile } from './payment-data';
import { patientForBooking } from './patients';
import { formatDollars } from '@/domain/money';
import { viewerTimeZone } from '@/domain/date-format';
import { useApiAction } from './useApiAction';
import { routeById } from '@/generated/routes';
import { routeDecision } from '@/domain/permissions';
import { withQuery } from '@/client/runtime/navigation/places';
import type { BookedForCaller } from './Confirmation';

const FUNNEL: Record<'support' | 'patient', BookingFunnel> = { support: 'Support Standard Funnel', patient: 'Patient Standard Funnel' };

export type PayChoice = { kind: 'insurance'; insurance: InsuranceOnFile } | { kind: 'selfPay' };

/** What the person has chosen and typed on this step (the booking itself is in the store). */
interface PayState {
  choice?: PayChoice;
  inquiry?: InsuranceInquiry;
  /** moved from an insurance to self-pay (consent category switchToSelfPay) */
  switched: boolean;
  agreed: boolean;
  useCardOnFile: boolean;
  /** pays through the practice's scheduling system instead of by card (flag schedulingSystemPayment) */
  throughScheduling: boolean;
  authorization?: SavePatientAuthorizationBody;
  tried: boolean;
  problem?: string;
  /** the server's refusal of the insurance already answered by offering self-pay */
  offeredFor?: BookingFailure;
}

type PayEvent =
  | { type: 'insuranceChosen'; insurance: InsuranceOnFile }
  | { type: 'inquiryAnswered'; inquiry: InsuranceInquiry; selfPayRequired: boolean }
  | { type: 'selfPayChosen'; switched: boolean }
  | { type: 'refused'; refusal: BookingFailure }
  | { type: 'agreed'; agreed: boolean }
  | { type: 'cardOnFileUsed'; use: boolean }
  | { type: 'throughSchedulingChosen'; through: boolean }
  | { type: 'authorized'; authorization: SavePatientAuthorizationBody }
  | { type: 'submitted'; problem?: string };

function reduce(state: PayState, event: PayEvent): PayState {
  switch (event.type) {
    case 'insuranceChosen':
      return { ...state, problem: undefined, choice: { kind: 'insurance', insurance: event.insurance }, switched: false, inquiry: undefined };
    case 'inquiryAnswered':
      // The card is not accepted: this booking becomes self-pay (consent category switchToSelfPay).
      return { ...state, inquiry: event.inquiry, ...(event.selfPayRequired ? { switched: true, choice: { kind: 'selfPay' } } : {}) };
    case 'selfPayChosen':
      return { ...state, problem: undefined, switched: event.switched, choice: { kind: 'selfPay' } };
    case 'refused':
      return { ...state, offeredFor: event.refusal, switched: true, choice: { kind: 'selfPay' } };
    case 'agreed':
      return { ...state, agreed: event.agreed };
    case 'cardOnFileUsed':
      return { ...state, useCardOnFile: event.use };
    case 'throughSchedulingChosen':
      return { ...state, throughScheduling: event.through };
    case 'authorized':
      return { ...state, authorization: event.authorization };
    case 'submitted':
      return { ...state, tried: true, problem: event.problem };
  }
}

export function usePaymentStep() {
  const dispatch = useAppDispatch();
  const fetchNow = useFetchNow();
  const variant = useBookingVariant();
  const chosen = useBookingChoice();
  const { search } = chosen;
  const auth = useAppSelector(selectAuth);
  const audience = useAppSelector(selectAudience);
  const selection = useAppSelector(selectBookingSelection);
  const helper = useAppSelector(selectBookingHelper);
  const request = useAppSelector(selectBookingRequest);
  const b2bSelfBooking = useFlagOn('b2bSelfBooking');
  const cardPaymentShown = useFlagOn('creditCardPayment');
  const schedulingPaymentShown = useFlagOn('schedulingSystemPayment');
  const verifyInsurance = useFlagOn('selfBookingInsuranceVerification') || variant === 'support';
  const skipUser = helper.skipEmailUserDetails as { id?: string } | undefined;
  const userId = variant === 'support' ? (search.get('userId') ?? undefined) : (auth.user?.id ?? skipUser?.id);
  const account = useAccountDetails(userId);
  // The card holder's name and billing address the account keeps (the last card's, or settings'): a new card starts from them.
  const billing = useGetUserBillingQuery({ query: { userId: userId ?? '' } }, { enabled: Boolean(userId) });
  const partnerByCode = usePartner(b2bSelfBooking ? (search.get('partnershipCode') ?? undefined) : undefined);
  const partner: PartnerRules | undefined = partnerByCode.data ?? account.data?.businessPartner ?? undefined;
  const provider = chosen.provider.data;
  const slot = chosen.slot;
  const primary = selection.selectedPatients[0];
  const hideInsurance = Boolean(partner?.hideInsuranceInput);
  const insurances = useActiveInsurance(primary, !hideInsurance);
  const cards = useCardsOnFile(primary?.id, cardPaymentShown && !partner?.hidePaymentInput);
  const inquiryAction = useApiAction();
  const decision = useChooseInsuranceDecisionMutation();

  // Just this session, or a recurring series: kept on this step only (a reload starts again from one session).
  const [series, setSeries] = useState<SeriesState>({ repeat: 'once', sessions: 8 });
  const [state, update] = useReducer(reduce, undefined, (): PayState => ({
    choice: hideInsurance || search.get('selfPay') === 'true' ? { kind: 'selfPay' } : undefined,
    switched: false,
    agreed: false,
    useCardOnFile: true,
    throughScheduling: false,
    tried: false,
  }));
  // The server's own eligibility check refused the insurance at booking: offer self-pay at the price it gave.
  const refusal = request.status === 'failed' && request.error?.reason === 'insurance-refused' ? request.error : undefined;
  // Adjusted while rendering (once per refusal), as React advises for state that follows new data.
  if (refusal && refusal !== state.offeredFor) update({ type: 'refused', refusal });

  const { choice, inquiry } = state;
  const price = inquiry?.selfPayPrice ?? refusal?.selfPayPrice ?? (provider ? sessionPayRate(provider.about.payrates, false) : 0);
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
  const category: SelfPayConsentCategory = state.switched
    ? toggledSelfPayConsentCategory({ selfPayChosen: selfPay, hasInsurance: true })
    : initialSelfPayConsentCategory({ isSwitchingToSelfPay: false, isInsured: !selfPay });
  const deniedText = chosenInsurance
    ? catalogueText('INSURANCE_MEDICAID_DENIED', audience, { carrier: chosenInsurance.carrierName, price: formatDollars(price) })
    : undefined;

  const chooseInsurance = async (insurance: InsuranceOnFile) => {
    update({ type: 'insuranceChosen', insurance });
    decision.reset();
    if (!verifyInsurance || !primary?.id || !provider || !slot) return;
    const patientId = primary.id;
    const answer = await inquiryAction.run(() =>
      // Each choice asks anew (an inquiry of its own, whose id the decision names), under the generated key.
      fetchNow((q) =>
        q.validateInsurance({
          params: { patientId, insuranceId: insurance.id, providerId: provider.id, practiceId: slot.practiceId ?? provider.practice.id },
          // Priced for this time, as the booking will be (a follow-up or not is the server's to say).
          query: { slotId: slot.id },
        }),
      ),
    );
    if (!answer) return;
    const selfPayRequired = isSelfPayEligible(insuranceRecord(insurance, answer), patientsForRules);
    update({ type: 'inquiryAnswered', inquiry: answer, selfPayRequired });
    if (selfPayRequired) decision.mutate({ params: { id: answer.id }, body: { decision: 'selfPay' } });
  };

  const chooseSelfPay = () => update({ type: 'selfPayChosen', switched: Boolean(chosenInsurance || inquiry) });

  /**
   * Checks the step, then asks the booking saga to book (with the card's details when a new card is given, and the
   * card holder's name and billing address typed with it: the account keeps them for the next card form).
   */
  const book = (card?: CardInput, billing?: Billing) => {
    const { providerId, counselingType, appointmentMode } = chosen;
    // A refused plan is said once, beside the insurance chosen, and the button is disabled meanwhile.
    if (denied) return;
    const problem = !choice
      ? message('validation.insurance.required')
      : !state.agreed
        ? message('ui.booking.pay.consentRequired')
        : partner?.authorizationRequired && !state.authorization
          ? message('ui.booking.pay.authorizationHeading')
          : !providerId || !counselingType || !appointmentMode || !provider || !slot
            ? message('validation.service.required')
            : undefined;
    update({ type: 'submitted', problem });
    if (problem || !providerId || !counselingType || !appointmentMode || !provider || !slot) return;
    const rp = helper.responsibleParty;
    const viaScheduling = cardWanted && schedulingPaymentShown && state.throughScheduling;
    const payment = viaScheduling
      ? { provider: 'scheduling_system' as const }
      : cardWanted && !card && cardOnFile && state.useCardOnFile
        ? { cardId: cardOnFile.id }
        : card
          ? { saveCard: true, ...(billing ? { billing } : {}) }
          : undefined;
    const appointment: AppointmentRequest = {
      slot,
      providerId,
      practiceId: slot.practiceId ?? chosen.practiceId ?? provider.practice.id,
      counselingType,
      appointmentMode,
      patients: selection.selectedPatients.map(patientForBooking) as AppointmentRequest['patients'],
      ...(rp
        ? {
            responsibleParty: {
              firstName: rp.firstName!,
              lastName: rp.lastName!,
              dob: rp.dob!,
              ...(rp.address ? { address: rp.address as never } : {}),
              ...(rp.phoneNumber ? { phoneNumber: rp.phoneNumber } : {}),
              ...(rp.email ? { email: rp.email } : {}),
            },
          }
        : {}),
      ...(selfPay ? { selfPay: true } : { selfPay: false, ...(chosenInsurance ? { insuranceId: chosenInsurance.id } : {}) }),
      selfPayConsentCategory: category,
      funnelName: FUNNEL[variant],
      ...(partner?.partnershipCode ? { partnershipCode: partner.partnershipCode } : {}),
      // The patient's own device suggests the zone their account reads times in (never the slot link's, the provider's);
      // an agent's device is not the caller's, so a support booking keeps the caller's account zone.
      ...(variant === 'support' ? {} : { timeZone: viewerTimeZone() }),
      ...(variant === 'support' ? { onBehalf: true, ...(userId ? { userId } : { email: helper.userEmail }) } : {}),
      ...(helper.reason ? { reason: helper.reason } : {}),
      ...(payment ? { payment } : {}),
      ...(series.repeat !== 'once' ? { repeat: series.repeat, sessions: series.sessions } : {}),
    };
    const authorization = state.authorization && primary?.id ? { patientId: primary.id, authorization: state.authorization } : undefined;
    dispatch(bookingRequested({ request: appointment, ...(card ? { card } : {}), ...(authorization ? { authorization } : {}) }));
  };

  // Staff booked for a caller: the confirmation speaks of the caller, and leads back to their account when staff may open it.
  const holder = account.data;
  const forCaller: BookedForCaller | undefined =
    variant === 'support' && holder && userId
      ? {
          name: `${holder.firstName} ${holder.lastName}`,
          email: holder.email,
          ...(routeDecision(routeById.supportUser.access, auth.status, auth.permissions) === 'open'
            ? { accountPath: withQuery(routeById.supportUser.path, { userId }) }
            : {}),
        }
      : undefined;

  const slotGone = request.status === 'failed' && (request.error?.reason === 'slot-taken' || request.error?.reason === 'no-open-slot');
  return {
    variant,
    chosen,
    provider,
    slot,
    primary,
    request,
    account,
    billing,
    partner,
    hideInsurance,
    insurances,
    /** the insurances on file, or the rules of the partner in the address (which may hide them), are on their way */
    insurancesPending: (Boolean(primary?.id) && insurances.isPending) || partnerByCode.isLoading,
    cards,
    cardOnFile,
    cardWanted,
    schedulingPaymentShown,
    coveredByPartner,
    price,
    selfPay,
    chosenInsurance,
    denied,
    deniedText,
    state,
    showSessionsLink: variant === 'patient' && auth.status === 'authenticated',
    forCaller,
    slotGone,
    busy: request.status === 'booking',
    /** why booking failed (the partner's own words first) */
    failure: request.status === 'failed' && !slotGone ? [partner?.customFailureMessage, request.error?.text].filter(Boolean).join(' ') : undefined,
    checking: inquiryAction.pending,
    /** the eligibility check, or recording the decision it led to, failed */
    insuranceProblem: inquiryAction.text ?? (decision.error ? errorTextFor(decision.error, audience) : undefined),
    chooseInsurance,
    chooseSelfPay,
    setAgreed: (agreed: boolean) => update({ type: 'agreed', agreed }),
    setUseCardOnFile: (use: boolean) => update({ type: 'cardOnFileUsed', use }),
    setThroughScheduling: (through: boolean) => update({ type: 'throughSchedulingChosen', through }),
    authorize: (authorization: SavePatientAuthorizationBody) => update({ type: 'authorized', authorization }),
    book,
    series,
    setSeries,
  };
}
