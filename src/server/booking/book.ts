/**
 * Booking (product-spec §7 Appointments) at the database's speed: no lock and no transaction stays
 * open across a network call, and each step is as few round trips as it can be. In order:
 *   1. the idempotency key is claimed on its own, in one statement that also reads an earlier answer
 *      (a second request with it answers REQUEST_IN_PROGRESS until the first answers, then replays
 *      that answer); a request refused while it is checked lets go of the key;
 *   2. before a charge, the caller's live hold is checked (read only: the hold's row and the exclusion
 *      constraint are the guarantee that nobody else books its time);
 *   3. the card is charged (and kept on file when asked) with no transaction open;
 *   4. ONE short transaction converts the hold into the appointment (one statement locks the hold,
 *      checks it is the caller's live one, inserts the appointment and its patients and makes the hold
 *      the booking), with the new patients, the responsible party, the consents, the money choice, the
 *      payment and the stored answer.
 * When 4 fails (the hold was taken away meanwhile, a lost connection) the charge is voided and the
 * claim let go, so a retry with the same key starts over; a replayed key answers the stored first
 * answer and does nothing else. The confirmation mail is queued after the commit; its job writes the
 * calendar file.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import type { BookedAppointment, BusinessPartner, CreateAppointmentBody } from '@/generated/entities';
import type { AppType, Relationship } from '@/generated/enums';
import { consentsRequired, consentsValid } from '@/domain/consents';
import { isMinor } from '@/domain/minor';
import { isFollowUpSession, sessionPayRate } from '@/domain/pay-rate';
import { cardOptionalFor } from '@/domain/partner-rules';
import { formatCents } from '@/domain/money';
import { todayIso } from '@/domain/dates';
import { message, messageTemplate } from '@/domain/messages';
import { isUuid } from '@/domain/ids';
import { describeIssues } from '@/domain/validation/field-errors';
import type { SchemaNode } from '@/domain/validation/schema-path';
import insuranceSelection from '@/generated/forms/insurance-selection';
import { newPatientRelationship, relationshipProblems, responsiblePartyFor, type BookingPerson } from '@/domain/booking-patients';
import type { MessageKey } from '@/generated/messages';
import type { UserRow } from '../accounts/repository';
import { prepared } from '../db/connection';
import { AppError } from '../errors';
import { isTimeZone } from '@/domain/date-format';
import { suggestAccountTimeZone } from '../accounts/time-zone';
import { zoneOfAddress } from '@/domain/address-zone';
import { audienceOf } from '../plugins/errors';
import { callerOf } from '../plugins/auth';
import { dollarsToCents } from '../payments/gateway';
import { appointmentById, sessionsWithProvider } from './appointments';
import { offerBooked, openOfferOfHold } from '../waitlist/offers';
import { consentText, recordName, signerCapacity } from './consent-text';
import { checkSlotRules, holdProblem, ownLiveHold, SLOT_COLUMNS, slotRowOf, type HoldRow, type SlotRow } from './holds';
import { recordTakenCharge, takeCharge, type ChargeCommand, type TakenCharge } from '../money/charges';
import { changeDue } from '../money/ledger';
import { startMove } from '../money/move';
import { claimKeyNow, claimKeyStatement, releaseKey, requestHash, storeAnswer, type IdempotencyScope } from '../idempotency';
import { ensureBookingsOpen, flagOnFor } from '../flags';
import { EXCLUSION_VIOLATION, pgCode } from '../db/errors';
import { sendAppointmentMail } from './mails';
import { ESTIMATE_MAIL_QUEUE } from '../billing/good-faith-estimate';
import { activeLocale } from '@/domain/locale';
import { checkEligibility, type EligibilityProvider } from '../insurance/eligibility';
import { insuranceForInquiryOf, insuranceForInquirySql, type InsuranceForInquiry } from '../insurance/repository';
import { partnerByCode, partnerById } from '../marketplace/partners';
import { fullName } from '@/domain/names';

export type BookingBody = CreateAppointmentBody & { email?: string };

export interface BookingCommand {
  body: BookingBody;
  account: UserRow;
  endpoint: 'createAppointment' | 'createSupportAppointment' | 'rebookAppointment';
  idempotencyKey: string;
  rebookedFrom?: string;
}

export interface BookingResult {
  status: number;
  body: BookedAppointment;
  replayed: boolean;
}

interface PatientDraft {
  index: number;
  id?: string;
  isNew: boolean;
  firstName: string;
  lastName: string;
  relationship: Relationship;
  dateOfBirth: string | null;
  gender?: string;
  phoneNumber?: string;
  email?: string;
  consents: BookingBody['patients'][number]['consents'];
  hasSignedConsent: boolean;
}

function invalid(field: string, key: MessageKey): AppError {
  return new AppError('VALIDATION_FAILED', { errors: [{ field, keyword: 'x-booking', message: message(key as never) }] });
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

interface ProviderRow extends EligibilityProvider {
  time_zone: string;
}

/**
 * The booking runs the eligibility check itself: an insurance the checker denies (Medicaid) or that the
 * practice does not accept is refused with the catalogue's answer and what the self-pay offer needs.
 */
async function ensureInsurancePays(
  request: FastifyRequest,
  insurance: InsuranceForInquiry,
  primary: PatientDraft,
  provider: ProviderRow,
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

/**
 * The slot (parameter 1) with its provider (2, not removed) and practice, and the account's patients
 * (3): for each patient, whether they signed the booking consent, their sessions with the provider
 * (follow-up pricing), and the insurance on file (4) when it is theirs (the insured booking's; null for
 * none). No row: no such slot of that provider. Read with the claim of the booking's key (step 1).
 */
const bookingContextSql = (param: (n: number) => string) => `
  SELECT ${SLOT_COLUMNS}, p.pay_individual::text, p.pay_follow_up::text, p.plan_ids, pr.time_zone AS practice_time_zone,
         (SELECT coalesce(json_agg(ap ORDER BY ap.created_at, ap.id), '[]'::json) FROM (
            SELECT p.id, p.created_at, p.first_name, p.last_name, p.relationship, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, p.time_zone,
                   EXISTS (SELECT 1 FROM consents c WHERE c.patient_id = p.id AND c.consent_type = 'bookAppointmentConsent' AND c.signed_at IS NOT NULL) AS signed,
                   (SELECT coalesce(json_agg(h), '[]'::json) FROM (${sessionsWithProvider('p.id', `${param(2)}::uuid`)}) h) AS sessions,
                   (SELECT row_to_json(i) FROM (${insuranceForInquirySql(`${param(4)}::uuid`, 'p.id')}) i) AS insurance
              FROM patients p WHERE p.user_id = ${param(3)}::uuid) ap) AS patients
    FROM slots s JOIN providers p ON p.id = s.provider_id LEFT JOIN practices pr ON pr.id = s.practice_id
   WHERE s.id = ${param(1)}::uuid AND s.provider_id = ${param(2)}::uuid AND p.removed_at IS NULL`;

/** The claim of the booking's key with what the booking reads first (bookingContextSql), in one round trip. */
const CLAIM_WITH_CONTEXT = claimKeyStatement(bookingContextSql);

/** The booking's slot, its provider and the account's patients, as bookingContextSql reads them (JSON). */
type BookingContext = SlotRow & {
  pay_individual: string;
  pay_follow_up: string | null;
  plan_ids: number[];
  practice_time_zone: string | null;
  patients: AccountPatient[];
};

/** A patient of the booking's account, as bookingContextSql reads it. */
interface AccountPatient {
  id: string;
  first_name: string;
  last_name: string;
  relationship: Relationship;
  date_of_birth: string | null;
  time_zone: string | null;
  signed: boolean;
  sessions: { start_at: string; status: 'booked' | 'cancelled' }[];
  insurance: Parameters<typeof insuranceForInquiryOf>[0] | null;
}

/** Everything that can be checked before the transaction (`found`: what was read with the key's claim): who, what, which money. */
async function prepare(request: FastifyRequest, command: BookingCommand, now: Date, found: BookingContext | null) {
  const db = request.server.database;
  await ensureBookingsOpen(request);
  const { body, account } = command;
  if (!found) throw new AppError('NO_OPEN_SLOT');
  const slot = slotRowOf(found);
  if (slot.practice_id !== body.practiceId || slot.availability_type !== body.appointmentMode) throw new AppError('BOOKING_DETAILS_MISMATCH');
  checkSlotRules(slot, now);
  const provider: ProviderRow = {
    id: found.provider_id,
    pay_individual: found.pay_individual,
    pay_follow_up: found.pay_follow_up,
    plan_ids: found.plan_ids,
    time_zone: found.time_zone,
  };

  const existing = found.patients;
  const byId = new Map(existing.map((p) => [p.id, p]));
  const accountSelf = existing.find((p) => p.relationship === 'Self');
  if (body.timeZone !== undefined && !isTimeZone(body.timeZone))
    throw new AppError('VALIDATION_FAILED', { errors: [{ field: 'timeZone', keyword: 'enum', message: messageTemplate('validation.default.enum') }] });
  // The zone the account reads times in; else the one the booking's device suggests (the patient's browser), then
  // the one its address lies in (issue 34: a support booking has no device of the caller's); the provider's last:
  // a booking's times are the reader's.
  const addressZone = zoneOfAddress(account.address ?? body.responsibleParty?.address ?? {});
  const timeZone = account.time_zone ?? body.timeZone ?? accountSelf?.time_zone ?? addressZone ?? found.practice_time_zone ?? provider.time_zone;
  const today = todayIso(now);

  let firstNewSeen = false;
  const seen = new Set<string>();
  const drafts: PatientDraft[] = body.patients.map((p, index) => {
    if (p.id) {
      const row = byId.get(p.id);
      if (!row || seen.has(p.id)) throw new AppError('NOT_FOUND');
      seen.add(p.id);
      return {
        index,
        id: row.id,
        isNew: false,
        firstName: row.first_name,
        lastName: row.last_name,
        relationship: row.relationship,
        dateOfBirth: row.date_of_birth,
        consents: p.consents,
        hasSignedConsent: row.signed,
      };
    }
    const relationship = newPatientRelationship(p.relationship, Boolean(accountSelf), !firstNewSeen);
    firstNewSeen = true;
    if (!relationship) throw invalid(`patients.${index}.relationship`, 'validation.relationship.required');
    return {
      index,
      isNew: true,
      firstName: p.firstName!.trim(),
      lastName: p.lastName!.trim(),
      relationship,
      dateOfBirth: p.dateOfBirth ?? null,
      gender: p.gender,
      phoneNumber: p.phoneNumber,
      email: p.email,
      consents: p.consents,
      hasSignedConsent: false,
    };
  });
  if (drafts.length > 6) throw new AppError('BOOKING_DETAILS_MISMATCH');

  const people: BookingPerson[] = drafts.map((d) => ({ relationship: d.relationship, dateOfBirth: d.dateOfBirth, isNew: d.isNew }));
  const problems = relationshipProblems(
    people,
    existing.map((p) => p.relationship),
    body.counselingType,
  );
  if (problems.length) throw invalid(`patients.${problems[0]!.index}.relationship`, 'validation.relationship.required');

  const holderDob = accountSelf ? accountSelf.date_of_birth : (drafts.find((d) => d.relationship === 'Self')?.dateOfBirth ?? account.date_of_birth);
  const party = responsiblePartyFor(people, body.responsibleParty ? { dob: body.responsibleParty.dob } : undefined, { dateOfBirth: holderDob }, today);
  if (party.kind === 'missing') throw new AppError('RESPONSIBLE_PARTY_NOT_CREATED');

  for (const d of drafts) {
    if (!consentsRequired({ relationship: d.relationship, dateOfBirth: d.dateOfBirth }, today)) continue;
    if (consentsValid(d.consents) || (!d.consents?.length && d.hasSignedConsent)) continue;
    throw new AppError('CONSENT_REQUIRED', { params: { patient: fullName(d) } });
  }

  // Money: insurance, or self-pay at the provider's pay rate charged to a card (unless the partner makes it optional).
  if (!body.insuranceId && body.selfPay !== true) throw invalid('insuranceId', 'validation.insurance.required');
  const selfPay = body.selfPay ?? !body.insuranceId;
  // A self-pay booking uses no insurance, whatever was sent.
  const onFile = drafts[0]!.id ? byId.get(drafts[0]!.id)?.insurance : undefined;
  const insurance = !selfPay && body.insuranceId ? insuranceOfPrimaryPatient(onFile ? insuranceForInquiryOf(onFile) : undefined, drafts[0]!) : null;
  const insuranceId = insurance?.id ?? null;
  // The price is the server's: a follow-up when the primary patient's own sessions with the provider say so.
  const primary = drafts[0]!;
  const sessions = !primary.isNew && primary.id ? (byId.get(primary.id)?.sessions ?? []) : [];
  const isFollowUp = isFollowUpSession(
    sessions.map((h) => ({ start: h.start_at, status: h.status })),
    slot.start_at,
  );
  const rate = sessionPayRate({ individual: provider.pay_individual, follow_up: provider.pay_follow_up }, isFollowUp);
  const priceCents = rate !== undefined ? dollarsToCents(rate) : null;
  if (insurance) await ensureInsurancePays(request, insurance, primary, provider, slot.practice_id, isFollowUp);
  // Partner rules come from the partner the server knows: by a partnership code it validates, or the account's membership.
  let partner: BusinessPartner | undefined;
  if (body.partnershipCode) {
    partner = await partnerByCode(db, body.partnershipCode);
    if (!partner) throw new AppError('PARTNERSHIP_CODE_INVALID');
  } else if (account.business_partner_id && account.is_partner_association_active) {
    partner = await partnerById(db, account.business_partner_id);
  }
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
  let cardToken: string | undefined;
  if (payment?.cardId && wantsCharge && !viaScheduling) {
    const [card] = await db.query<{ token: string }>('SELECT token FROM patient_cards WHERE id = $1 AND user_id = $2 AND removed_at IS NULL', [
      payment.cardId,
      account.id,
    ]);
    if (!card) throw new AppError('NOT_FOUND');
    cardToken = card.token;
  }
  return {
    slot,
    drafts,
    timeZone,
    today,
    selfPay,
    insuranceId,
    isFollowUp,
    priceCents: selfPay ? priceCents : null,
    partner,
    wantsCharge,
    viaScheduling,
    cardToken,
    party,
  };
}

/**
 * Step 4's statement: locks the hold's row and, when it is the caller's live hold, inserts the
 * appointment at the hold's time, makes the hold the booking, lists the appointment's patients and
 * records the consents given with the booking, in one round trip. It answers the hold as it was (for holdProblem) and the waitlist offer it was
 * made for, if that offer is still open. The appointments' own exclusion constraint still applies (23P01).
 */
const CONVERT_HOLD = prepared(`
  WITH hold AS (
    SELECT id, slot_id, provider_id, held_by, kind, during, (expires_at IS NULL OR expires_at > $2::timestamptz) AS live
      FROM slot_reservations WHERE id = $1 FOR UPDATE
  ), booked AS (
    INSERT INTO appointments (id, user_id, provider_id, practice_id, slot_id, during, appointment_mode, counseling_type, counseling_type_id, is_follow_up,
                              time_zone, self_pay, self_pay_consent_category, insurance_id, booking_funnel, booking_source, app_source,
                              partnership_code, business_partner_id, price_cents, booked_by, idempotency_key, rebooked_from)
    SELECT $4, $5, h.provider_id, $6, h.slot_id, h.during, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23
      FROM hold h WHERE h.held_by = $3 AND h.kind = 'hold' AND h.live
    RETURNING id
  ), converted AS (
    UPDATE slot_reservations r SET kind = 'booking', expires_at = NULL, appointment_id = b.id FROM booked b WHERE r.id = $1
  ), listed AS (
    INSERT INTO appointment_patients (appointment_id, patient_id, position, is_new)
    SELECT b.id, p.patient_id, p.n - 1, p.is_new FROM booked b, unnest($24::uuid[], $25::boolean[]) WITH ORDINALITY AS p(patient_id, is_new, n)
  ), consented AS (
    INSERT INTO consents (patient_id, user_id, consent_type, self_pay_consent_category, version, text, source, signer_name, signer_capacity,
                          signed_by, signed_at, appointment_id, created_by)
    SELECT c.patient_id, $5, c.consent_type, c.category, $31::text, c.text, c.source, $32::text, c.capacity, $21, now(), b.id, $21
      FROM booked b, unnest($26::uuid[], $27::text[], $28::text[], $29::text[], $30::text[], $33::text[]) AS c(patient_id, consent_type, category, text, source, capacity)
  )
  SELECT h.id, h.slot_id, h.provider_id, h.held_by, h.kind, h.live, ${openOfferOfHold('h.id')} AS open_offer_id FROM hold h`);

export async function book(request: FastifyRequest, command: BookingCommand): Promise<BookingResult> {
  const now = request.server.clock.now();
  const caller = callerOf(request);
  const audience: AppType = audienceOf(request);
  const db = request.server.database;
  const { body, account } = command;
  const scope: IdempotencyScope = {
    callerId: caller.userId,
    endpoint: command.endpoint,
    key: command.idempotencyKey,
    requestHash: requestHash({ body, account: account.id, rebookedFrom: command.rebookedFrom ?? null }),
  };

  // 1. The key, claimed on its own: only one request of a key runs past here at a time; a key already
  //    answered replays its answer (and nothing else runs). The same statement reads the slot and the account's patients.
  const claim = await claimKeyNow<BookingContext>(db, scope, now, {
    statement: CLAIM_WITH_CONTEXT,
    // Ids the schema does not check as UUIDs (the patient's insurance) are looked up only when they are.
    params: [
      isUuid(body.slotId) ? body.slotId : null,
      isUuid(body.providerId) ? body.providerId : null,
      account.id,
      body.insuranceId && isUuid(body.insuranceId) ? body.insuranceId : null,
    ],
  });
  if ('replay' in claim) return { status: claim.replay.status, body: claim.replay.body as BookedAppointment, replayed: true };
  const { claimedAt } = claim;
  const letGo = () =>
    releaseKey(db, scope, claimedAt).catch((err: unknown) =>
      request.log.warn({ err }, 'could not let go of a booking key; it frees itself after bookingClaimStaleSeconds'),
    );

  let plan: Awaited<ReturnType<typeof prepare>>;
  try {
    plan = await prepare(request, command, now, claim.along);
  } catch (error) {
    // Refused before anything was done: the key is free again for a corrected request.
    await letGo();
    throw error;
  }
  const funnel =
    body.funnelName ??
    (command.endpoint === 'rebookAppointment'
      ? audience === 'support_web'
        ? 'Support Rebooking Modal'
        : 'Patient Rebooking Modal'
      : command.endpoint === 'createSupportAppointment' || audience === 'support_web'
        ? 'Support Standard Funnel'
        : 'Patient Standard Funnel');
  const source: AppType = command.endpoint === 'createSupportAppointment' ? 'support_web' : audience;
  const signerName = plan.party.kind === 'given' && body.responsibleParty ? fullName(body.responsibleParty) : recordName(account);

  const appointmentId = randomUUID();
  const payer = plan.drafts.find((d) => d.relationship === 'Self') ?? plan.drafts[0]!;
  let charge: ChargeCommand | undefined;
  let taken: TakenCharge | undefined;
  // The money of this booking (src/server/money/move.ts): a charge voided if the booking fails, a decline kept as a failed payment.
  const move = startMove(request.server, request.log, 'booking');
  try {
    if (plan.wantsCharge && plan.priceCents) {
      // 2. The caller's live hold (read only), so no card is charged for a time the caller no longer holds.
      const held = await ownLiveHold(db, body.holdId, caller.userId, now);
      if (held.slot_id !== body.slotId || held.provider_id !== body.providerId) throw new AppError('BOOKING_DETAILS_MISMATCH');

      // 3. The charge, outside any transaction. A new patient paying gets their id in the commit, so the
      //    payment names the account holder's own patient when there is one, else the first patient later.
      charge = {
        amountCents: plan.priceCents,
        purpose: 'session',
        appointmentId,
        userId: account.id,
        patientId: payer.id ?? '',
        createdBy: caller.userId,
        nonce: body.payment?.nonce,
        cardToken: plan.cardToken,
        saveCard: Boolean(body.payment?.saveCard),
        idempotencyKey: command.idempotencyKey,
        at: now,
        provider: plan.viaScheduling ? 'scheduling_system' : 'card_gateway',
      };
      taken = await takeCharge(move, charge);
      if (!taken.ok) throw new AppError(plan.viaScheduling ? 'SCHEDULING_PAYMENT_DECLINED' : 'CARD_DECLINED');
    }

    // 4. One short transaction: the hold becomes the appointment (with no charge asked for, the hold is
    //    checked here only: the statement that converts it refuses a hold that is not the caller's live one).
    const result = await db.transaction(async (tx) => {
      let responsiblePartyId: string | null = null;
      if (body.responsibleParty) {
        const rp = body.responsibleParty;
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO responsible_parties (user_id, first_name, last_name, dob, address, phone_number, email, ehr_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8, 'RP-' || substr(md5(random()::text), 1, 12))) RETURNING id`,
          [
            account.id,
            rp.firstName,
            rp.lastName,
            rp.dob,
            rp.address ? JSON.stringify(rp.address) : null,
            rp.phoneNumber ?? null,
            rp.email ?? null,
            rp.responsiblePartyEhrId ?? null,
          ],
        );
        responsiblePartyId = row!.id;
      }

      const patientIds: string[] = [];
      for (const d of plan.drafts) {
        if (d.id) {
          if (responsiblePartyId && isMinor(d.dateOfBirth, plan.today))
            await tx.query('UPDATE patients SET responsible_party_id = $2 WHERE id = $1', [d.id, responsiblePartyId]);
          patientIds.push(d.id);
          continue;
        }
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO patients (user_id, first_name, last_name, date_of_birth, gender, relationship, email, phone_number, time_zone, responsible_party_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [
            account.id,
            d.firstName,
            d.lastName,
            d.dateOfBirth,
            d.gender ?? null,
            d.relationship,
            d.email ?? (d.relationship === 'Self' ? account.email : null),
            d.phoneNumber ?? null,
            plan.timeZone,
            isMinor(d.dateOfBirth, plan.today) ? responsiblePartyId : null,
          ],
        );
        d.id = row!.id;
        patientIds.push(row!.id);
      }
      // The first zone a booking suggests becomes the account's; settings change it (issue 34).
      if (body.timeZone) await suggestAccountTimeZone(tx, account.id, body.timeZone);

      // The consents given with the booking, recorded by the statement that books (one row a consent).
      const consents = plan.drafts.flatMap((d) =>
        (d.consents ?? [])
          .filter((consent) => consent.isConsentProvided)
          .map((consent) => ({
            patientId: d.id!,
            type: consent.consentType,
            category: consent.consentType === 'paymentConsent' ? (body.selfPayConsentCategory ?? (plan.selfPay ? 'selfPay' : 'insurance')) : null,
            text: consentText(consent.consentType, fullName(d), body.selfPayConsentCategory),
            source: consent.source ?? source,
            capacity: signerCapacity({ firstName: d.firstName, lastName: d.lastName, dateOfBirth: d.dateOfBirth }, signerName, plan.today),
          })),
      );
      let hold: (HoldRow & { live: boolean; open_offer_id: string | null }) | undefined;
      try {
        [hold] = await tx.query<HoldRow & { live: boolean; open_offer_id: string | null }>(CONVERT_HOLD, [
          body.holdId,
          now.toISOString(),
          caller.userId,
          appointmentId,
          account.id,
          body.practiceId,
          body.appointmentMode,
          body.counselingType,
          body.counselingTypeId ?? null,
          plan.isFollowUp,
          plan.timeZone,
          plan.selfPay,
          body.selfPayConsentCategory ?? (plan.selfPay ? 'selfPay' : 'insurance'),
          plan.insuranceId,
          funnel,
          body.bookingSource ?? null,
          source,
          body.partnershipCode ?? null,
          plan.partner?.id ?? null,
          plan.priceCents,
          caller.userId,
          command.idempotencyKey,
          command.rebookedFrom ?? null,
          patientIds,
          plan.drafts.map((d) => d.isNew),
          consents.map((c) => c.patientId),
          consents.map((c) => c.type),
          consents.map((c) => c.category),
          consents.map((c) => c.text),
          consents.map((c) => c.source),
          constants.consentTemplateVersion,
          signerName,
          consents.map((c) => c.capacity),
        ]);
      } catch (error) {
        if (pgCode(error) === EXCLUSION_VIOLATION) throw new AppError('SLOT_ALREADY_BOOKED', { cause: error });
        throw error;
      }
      const problem = holdProblem(hold, caller.userId);
      if (problem) throw new AppError(problem);
      if (hold!.slot_id !== body.slotId || hold!.provider_id !== body.providerId) throw new AppError('BOOKING_DETAILS_MISMATCH');
      // A time offered from a waitlist is booked: the offer and its place in line end with it.
      if (hold!.open_offer_id) await offerBooked(tx, hold!.open_offer_id, now);
      // A price not charged now (no card asked for) is owed: the ledger says so.
      if (!plan.wantsCharge && plan.priceCents) {
        await changeDue(tx, {
          appointmentId,
          accountId: account.id,
          cents: plan.priceCents,
          reason: 'session booked without a card',
          createdBy: caller.userId,
          idempotencyKey: command.idempotencyKey,
          at: now,
        });
      }
      if (charge && taken?.ok) await recordTakenCharge(tx, move, { ...charge, patientId: payer.id! }, taken);
      const out = (await appointmentById(tx, appointmentId))!;
      await storeAnswer(tx, scope, 201, out);
      return out;
    });
    await move.close();
    // The confirmation is queued with what was just read (the appointment and the account); the mail job writes its calendar file.
    void sendAppointmentMail(request.server, 'appointment-confirmation', result.id, { known: { appointment: result, account } }).catch((err: unknown) =>
      request.log.warn({ err, appointmentId: result.id }, 'confirmation mail failed'),
    );
    // A self-pay booking comes with its Good Faith Estimate (No Surprises Act).
    if (result.selfPay)
      await request.server.jobs
        .send(ESTIMATE_MAIL_QUEUE, { appointmentId: result.id, locale: activeLocale() })
        .catch((err: unknown) => request.log.warn({ err, appointmentId: result.id }, 'estimate mail failed'));
    return { status: 201, body: result, replayed: false };
  } catch (error) {
    // Undo in order: the money first, then the claim, so a retry with the key never finds a charge standing.
    await move.close(error);
    await letGo();
    if (error instanceof AppError) throw error;
    if (pgCode(error) === EXCLUSION_VIOLATION) throw new AppError('SLOT_ALREADY_BOOKED', { cause: error });
    throw new AppError('BOOKING_FAILED', { cause: error });
  }
}
