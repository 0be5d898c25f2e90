/**
 * Booking step 2, the rules of the money: insurance (the primary patient's on file, which the
 * eligibility check must pass) or self-pay at the provider's pay rate (a follow-up when the primary
 * patient's sessions with the provider say so), the partner whose rules apply, and whether a card (or
 * the practice's scheduling system) is charged. A refusal throws the catalogue's error.
 */
import type { FastifyRequest } from 'fastify';
import type { BusinessPartner } from '@/generated/entities';
import { isFollowUpSession, sessionPayRate } from '@/domain/pay-rate';
import { cardOptionalFor } from '@/domain/partner-rules';
import { formatCents } from '@/domain/money';
import { describeIssues } from '@/domain/validation/field-errors';
import type { SchemaNode } from '@/domain/validation/schema-path';
import insuranceSelection from '@/generated/forms/insurance-selection';
import type { UserRow } from '../accounts/repository';
import { first, qb } from '../db/typed';
import { AppError } from '../errors';
import { callerOf } from '../plugins/auth';
import { dollarsToCents } from '@/domain/money';
import { flagOnFor } from '../flags/decisions';
import { checkEligibility, type EligibilityProvider } from '../insurance/eligibility';
import { insuranceForInquiryOf, type InsuranceForInquiry } from '../insurance/repository';
import { partnerByCode, partnerById } from '../marketplace/partners';
import type { AccountPatient } from './claim-key';
import type { SlotRow } from './holds';
import { invalid, type BookingBody, type PatientDraft } from './patient-rules';

export interface BookingProvider extends EligibilityProvider {
  time_zone: string;
}

export interface MoneyPlan {
  selfPay: boolean;
  insuranceId: string | null;
  isFollowUp: boolean;
  /** the self-pay price; null for an insured booking or a provider without a rate */
  priceCents: number | null;
  partner: BusinessPartner | undefined;
  /** a self-pay price is charged now (a card, or the scheduling system) */
  wantsCharge: boolean;
  viaScheduling: boolean;
  /** the saved card's token, when the booking pays with a card on file */
  cardToken: string | undefined;
}

/**
 * The insurance of an insured booking: one on file (not removed) of the primary patient - the first
 * of patients, who must be an existing patient of the account (a new one has no insurance on file).
 * Anything else answers the keyword patientMismatch on insuranceId with the message the payment
 * form (specs/forms/insurance-selection.yaml) declares for it.
 */
function insuranceOfPrimaryPatient(found: InsuranceForInquiry | undefined, primary: PatientDraft): InsuranceForInquiry {
  if (!primary.isNew && primary.id && found) return found;
  const errors = describeIssues(
    [{ keyword: 'patientMismatch', pointer: '/insuranceId', params: {} }],
    insuranceSelection.schema as SchemaNode,
    insuranceSelection.messages,
  );
  throw new AppError('VALIDATION_FAILED', { errors });
}

/**
 * The booking runs the eligibility check itself: an insurance the checker denies (Medicaid) or that the
 * practice does not accept is refused with the catalogue's answer and what the self-pay offer needs.
 */
async function ensureInsurancePays(
  request: FastifyRequest,
  insurance: InsuranceForInquiry,
  primary: PatientDraft,
  provider: BookingProvider,
  practiceId: string,
  isFollowUp: boolean,
) {
  const patient = { id: primary.id!, firstName: primary.firstName, lastName: primary.lastName, dateOfBirth: primary.dateOfBirth };
  const result = await checkEligibility(request.server.database, request.server.eligibilityChecker, {
    patientId: patient.id,
    patient,
    insurance,
    provider,
    practiceId,
    isFollowUp,
  });
  if (result.outcome === 'ELIGIBLE') return;
  throw new AppError(result.outcome === 'DENIED_DUE_TO_MEDICAID' ? 'INSURANCE_MEDICAID_DENIED' : 'INSURANCE_NOT_ACCEPTED', {
    params: { carrier: insurance.carrierName, price: formatCents(dollarsToCents(result.selfPayPrice)) },
    details: { internalOutcomeAssessment: result.outcome, insuranceId: insurance.id, selfPayPrice: result.selfPayPrice },
  });
}

/** The partner whose rules apply: by a partnership code the server validates, or the account's membership. */
async function partnerOf(request: FastifyRequest, body: BookingBody, account: UserRow): Promise<BusinessPartner | undefined> {
  const db = request.server.database;
  if (body.partnershipCode) {
    const partner = await partnerByCode(db, body.partnershipCode);
    if (!partner) throw new AppError('PARTNERSHIP_CODE_INVALID');
    return partner;
  }
  if (account.business_partner_id && account.is_partner_association_active) return partnerById(db, account.business_partner_id);
  return undefined;
}

/** The token of the account's saved card `cardId` (not removed). */
async function savedCardToken(request: FastifyRequest, cardId: string, accountId: string): Promise<string> {
  const card = await first(
    request.server.database,
    qb.selectFrom('patient_cards').select('token').where('id', '=', cardId).where('user_id', '=', accountId).where('removed_at', 'is', null),
  );
  if (!card) throw new AppError('NOT_FOUND');
  return card.token;
}

export async function checkMoneyRules(
  request: FastifyRequest,
  body: BookingBody,
  account: UserRow,
  drafts: PatientDraft[],
  existing: AccountPatient[],
  slot: SlotRow,
  provider: BookingProvider,
): Promise<MoneyPlan> {
  // Money: insurance, or self-pay at the provider's pay rate charged to a card (unless the partner makes it optional).
  if (!body.insuranceId && body.selfPay !== true) throw invalid('insuranceId', 'validation.insurance.required');
  const selfPay = body.selfPay ?? !body.insuranceId;
  const primary = drafts[0]!;
  const primaryOnFile = !primary.isNew && primary.id ? existing.find((p) => p.id === primary.id) : undefined;
  // A self-pay booking uses no insurance, whatever was sent.
  const onFile = primaryOnFile?.insurance;
  const insurance = !selfPay && body.insuranceId ? insuranceOfPrimaryPatient(onFile ? insuranceForInquiryOf(onFile) : undefined, primary) : null;
  // The price is the server's: a follow-up when the primary patient's own sessions with the provider say so.
  const isFollowUp = isFollowUpSession(
    (primaryOnFile?.sessions ?? []).map((h) => ({ start: h.start_at, status: h.status })),
    slot.start_at,
  );
  const rate = sessionPayRate({ individual: provider.pay_individual, follow_up: provider.pay_follow_up }, isFollowUp);
  const priceCents = rate !== undefined ? dollarsToCents(rate) : null;
  if (insurance) await ensureInsurancePays(request, insurance, primary, provider, slot.practice_id, isFollowUp);
  const partner = await partnerOf(request, body, account);
  const isMember = Boolean(partner && account.is_partner_association_active && account.business_partner_id === partner.id);
  // Anyone else books on a partner's public code only while partner self-booking is open (staff book as they are asked).
  if (partner && !isMember && callerOf(request).permissions.isPatient && !(await flagOnFor(request, 'b2bSelfBooking'))) {
    throw new AppError('PARTNER_SELF_BOOKING_UNAVAILABLE');
  }
  const cardOptional = cardOptionalFor(partner, isMember);
  const payment = body.payment;
  // Paid through the practice's scheduling system instead of a card: only while its flag is on for the caller.
  const viaScheduling = payment?.provider === 'scheduling_system';
  // In production without a real scheduling payment service (no SCHEDULING_PAYMENT_URL), never: it would take the payment and move no money.
  if (viaScheduling && (!request.server.schedulingPaymentsReal || !(await flagOnFor(request, 'schedulingSystemPayment'))))
    throw new AppError('SCHEDULING_PAYMENT_UNAVAILABLE');
  const wantsCharge = Boolean(selfPay && priceCents && (viaScheduling || payment?.nonce || payment?.cardId));
  if (selfPay && priceCents && !wantsCharge && !cardOptional) throw new AppError('CARD_REQUIRED');
  const cardToken = payment?.cardId && wantsCharge && !viaScheduling ? await savedCardToken(request, payment.cardId, account.id) : undefined;
  return {
    selfPay,
    insuranceId: insurance?.id ?? null,
    isFollowUp,
    priceCents: selfPay ? priceCents : null,
    partner,
    wantsCharge,
    viaScheduling,
    cardToken,
  };
}
