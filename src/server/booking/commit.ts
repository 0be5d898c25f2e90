/**
 * Booking step 4, the commit: inside the booking's one short transaction, the responsible party and
 * the new patients are written, then ONE statement (CONVERT_HOLD) locks the hold, checks it is the
 * caller's live one, inserts the appointment with its patients and consents, makes the hold the
 * booking and records the confirmation mail; then the waitlist offer it was made for ends, a price not
 * charged is owed, a charge taken is recorded, and the answer is stored for the key's replays.
 */
import type { BookedAppointment } from '@/generated/entities';
import type { AppType } from '@/generated/enums';
import { constants } from '@/generated/constants';
import { isMinor } from '@/domain/minor';
import { fullName } from '@/domain/names';
import type { UserRow } from '../accounts/repository';
import { suggestAccountTimeZone } from '../accounts/time-zone';
import { keepBilling } from '../accounts/billing';
import { prepared, type Queryable } from '../db/connection';
import { EXCLUSION_VIOLATION, pgCode } from '../db/errors';
import { AppError } from '../errors';
import { storeAnswer, type IdempotencyScope } from '../idempotency';
import { recordTakenCharge } from '../money/charges';
import { changeDue } from '../money/ledger';
import type { MoneyMove } from '../money/move';
import { offerBooked, openOfferOfHold } from '../waitlist/offers';
import { appointmentById } from './appointments';
import type { BookingCharge } from './charge';
import type { BookingPlan } from './check-rules';
import { consentText, signerCapacity } from './consent-text';
import { holdProblem, type HoldRow } from './holds';
import type { AppointmentMailTemplate } from './mails';
import type { BookingBody, PatientDraft } from './patient-rules';

/** The mail that confirms a booking (recorded by the statement that books, queued in its transaction). */
export const CONFIRMATION_MAIL = 'appointment-confirmation' satisfies AppointmentMailTemplate;

/**
 * Locks the hold's row and, when it is the caller's live hold, inserts the appointment at the hold's
 * time, makes the hold the booking, lists the appointment's patients, records the consents given with
 * the booking and the confirmation mail on the session's story, in one round trip. It answers the hold
 * as it was (for holdProblem), the waitlist offer it was made for if that offer is still open, and the
 * confirmation mail's record. The appointments' own exclusion constraint still applies (23P01).
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
  ), mailed AS (
    INSERT INTO appointment_mails (appointment_id, template, recipient, queued_at) SELECT b.id, $35::text, $34::text, $2::timestamptz FROM booked b RETURNING id
  )
  SELECT h.id, h.slot_id, h.provider_id, h.held_by, h.kind, h.live, ${openOfferOfHold('h.id')} AS open_offer_id,
         (SELECT id FROM mailed) AS confirmation_mail_id FROM hold h`);

type ConvertedHold = HoldRow & { live: boolean; open_offer_id: string | null; confirmation_mail_id: string | null };

export interface CommitContext {
  scope: IdempotencyScope;
  body: BookingBody;
  plan: BookingPlan;
  account: UserRow;
  callerId: string;
  appointmentId: string;
  now: Date;
  /** the booking funnel and the app it was booked from (appointments.booking_funnel, app_source) */
  funnel: string;
  source: AppType;
  /** who signs the consents given with the booking */
  signerName: string;
  rebookedFrom?: string;
  move: MoneyMove;
  charge: BookingCharge | undefined;
}

export interface CommittedBooking {
  appointment: BookedAppointment;
  /** the confirmation mail's record on the session's story, written with the booking */
  confirmationMailId: string;
}

/** The responsible party given with the booking (a minor's), written first so the patients can name it. */
async function insertResponsibleParty(tx: Queryable, accountId: string, body: BookingBody): Promise<string | null> {
  const rp = body.responsibleParty;
  if (!rp) return null;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO responsible_parties (user_id, first_name, last_name, dob, address, phone_number, email, ehr_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8, 'RP-' || substr(md5(random()::text), 1, 12))) RETURNING id`,
    [
      accountId,
      rp.firstName,
      rp.lastName,
      rp.dob,
      rp.address ? JSON.stringify(rp.address) : null,
      rp.phoneNumber ?? null,
      rp.email ?? null,
      rp.responsiblePartyEhrId ?? null,
    ],
  );
  return row!.id;
}

/** The booking's patients in order: the existing ones (a minor now names the responsible party), the new ones inserted (their drafts get their ids). */
async function writePatients(tx: Queryable, c: CommitContext, responsiblePartyId: string | null): Promise<string[]> {
  const { plan, account } = c;
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
  return patientIds;
}

/** The consents given with the booking, one row a consent, as CONVERT_HOLD records them. */
function consentsGiven(c: CommitContext, drafts: PatientDraft[]) {
  const { body, plan } = c;
  return drafts.flatMap((d) =>
    (d.consents ?? [])
      .filter((consent) => consent.isConsentProvided)
      .map((consent) => ({
        patientId: d.id!,
        type: consent.consentType,
        category: consent.consentType === 'paymentConsent' ? (body.selfPayConsentCategory ?? (plan.selfPay ? 'selfPay' : 'insurance')) : null,
        text: consentText(consent.consentType, fullName(d), body.selfPayConsentCategory),
        source: consent.source ?? c.source,
        capacity: signerCapacity({ firstName: d.firstName, lastName: d.lastName, dateOfBirth: d.dateOfBirth }, c.signerName, plan.today),
      })),
  );
}

async function convertHold(tx: Queryable, c: CommitContext, patientIds: string[]): Promise<ConvertedHold> {
  const { body, plan } = c;
  const consents = consentsGiven(c, plan.drafts);
  let hold: ConvertedHold | undefined;
  try {
    [hold] = await tx.query<ConvertedHold>(CONVERT_HOLD, [
      body.holdId,
      c.now.toISOString(),
      c.callerId,
      c.appointmentId,
      c.account.id,
      body.practiceId,
      body.appointmentMode,
      body.counselingType,
      body.counselingTypeId ?? null,
      plan.isFollowUp,
      plan.timeZone,
      plan.selfPay,
      body.selfPayConsentCategory ?? (plan.selfPay ? 'selfPay' : 'insurance'),
      plan.insuranceId,
      c.funnel,
      body.bookingSource ?? null,
      c.source,
      body.partnershipCode ?? null,
      plan.partner?.id ?? null,
      plan.priceCents,
      c.callerId,
      c.scope.key,
      c.rebookedFrom ?? null,
      patientIds,
      plan.drafts.map((d) => d.isNew),
      consents.map((x) => x.patientId),
      consents.map((x) => x.type),
      consents.map((x) => x.category),
      consents.map((x) => x.text),
      consents.map((x) => x.source),
      constants.consentTemplateVersion,
      c.signerName,
      consents.map((x) => x.capacity),
      c.account.email,
      CONFIRMATION_MAIL,
    ]);
  } catch (error) {
    if (pgCode(error) === EXCLUSION_VIOLATION) throw new AppError('SLOT_ALREADY_BOOKED', { cause: error });
    throw error;
  }
  const problem = holdProblem(hold, c.callerId);
  if (problem) throw new AppError(problem);
  if (hold!.slot_id !== body.slotId || hold!.provider_id !== body.providerId) throw new AppError('BOOKING_DETAILS_MISMATCH');
  return hold!;
}

/** Writes the booking in the caller's transaction `tx`; a throw rolls all of it back. */
export async function commitBooking(tx: Queryable, c: CommitContext): Promise<CommittedBooking> {
  const { body, plan, account } = c;
  // The name and address typed with a new card: the next card form, and account settings, start from them.
  if (body.payment?.nonce && body.payment.billing) await keepBilling(tx, account.id, body.payment.billing);
  const responsiblePartyId = await insertResponsibleParty(tx, account.id, body);
  const patientIds = await writePatients(tx, c, responsiblePartyId);
  // The first zone a booking suggests becomes the account's; settings change it.
  if (body.timeZone) await suggestAccountTimeZone(tx, account.id, body.timeZone);
  const hold = await convertHold(tx, c, patientIds);
  // What the person would like help with, kept with the appointment (crisis words in it: book.ts raises the alerts).
  const reason = body.reason?.trim();
  if (reason) await tx.query(`UPDATE appointments SET reason = $2 WHERE id = $1`, [c.appointmentId, reason]);
  // A time offered from a waitlist is booked: the offer and its place in line end with it.
  if (hold.open_offer_id) await offerBooked(tx, hold.open_offer_id, c.now);
  // A price not charged now (no card asked for) is owed: the ledger says so.
  if (!plan.wantsCharge && plan.priceCents) {
    await changeDue(tx, {
      appointmentId: c.appointmentId,
      accountId: account.id,
      cents: plan.priceCents,
      reason: 'session booked without a card',
      createdBy: c.callerId,
      idempotencyKey: c.scope.key,
      at: c.now,
    });
  }
  if (c.charge) {
    // A new patient paying got their id above: the payment names them now.
    const payer = plan.drafts.find((d) => d.relationship === 'Self') ?? plan.drafts[0]!;
    await recordTakenCharge(tx, c.move, { ...c.charge.command, patientId: payer.id! }, c.charge.taken);
  }
  const appointment = (await appointmentById(tx, c.appointmentId))!;
  await storeAnswer(tx, c.scope, 201, appointment);
  return { appointment, confirmationMailId: hold.confirmation_mail_id! };
}
