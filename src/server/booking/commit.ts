/**
 * Booking step 4, the commit: inside the booking's one short transaction, the responsible party and
 * the new patients are written, then ONE statement (convertHoldStatement, convert-hold.ts) locks the hold, checks it is the
 * caller's live one, inserts the appointment with its patients and consents, makes the hold the
 * booking and records the confirmation mail; then the waitlist offer it was made for ends, a price not
 * charged is owed, a charge taken is recorded, and the answer is stored for the key's replays.
 */
import type { BookedAppointment } from '@/generated/entities';
import type { AppType } from '@/generated/enums';
import { isMinor } from '@/domain/minor';
import { fullName } from '@/domain/names';
import type { UserRow } from '../accounts/repository';
import { suggestAccountTimeZone } from '../accounts/time-zone';
import { keepBilling } from '../accounts/billing';
import type { Queryable } from '../db/connection';
import { first, qb, run, sql, type RowOf } from '../db/typed';
import { EXCLUSION_VIOLATION, pgCode } from '../db/errors';
import { AppError } from '../errors';
import { storeAnswer, type IdempotencyScope } from '../idempotency';
import { recordTakenCharge } from '../money/charges';
import { changeDue } from '../money/ledger';
import type { MoneyMove } from '../money/move';
import { offerBooked } from '../waitlist/offers';
import { appointmentById } from './appointments';
import type { BookingCharge } from './charge';
import type { BookingPlan } from './check-rules';
import { consentText, signerCapacity } from './consent-text';
import { bookedValues, convertHoldStatement } from './convert-hold';
import { holdProblem } from './holds';
import type { BookingBody, PatientDraft } from './patient-rules';

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
  const row = await first(
    tx,
    qb
      .insertInto('responsible_parties')
      .values({
        user_id: accountId,
        first_name: rp.firstName,
        last_name: rp.lastName,
        dob: rp.dob,
        address: rp.address ? JSON.stringify(rp.address) : null,
        phone_number: rp.phoneNumber ?? null,
        email: rp.email ?? null,
        ehr_id: sql<string>`coalesce(${rp.responsiblePartyEhrId ?? null}, 'RP-' || substr(md5(random()::text), 1, 12))`,
      })
      .returning('id'),
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
        await run(tx, qb.updateTable('patients').set({ responsible_party_id: responsiblePartyId }).where('id', '=', d.id));
      patientIds.push(d.id);
      continue;
    }
    const row = await first(
      tx,
      qb
        .insertInto('patients')
        .values({
          user_id: account.id,
          first_name: d.firstName,
          last_name: d.lastName,
          date_of_birth: d.dateOfBirth,
          gender: d.gender ?? null,
          relationship: d.relationship,
          email: d.email ?? (d.relationship === 'Self' ? account.email : null),
          phone_number: d.phoneNumber ?? null,
          time_zone: plan.timeZone,
          responsible_party_id: isMinor(d.dateOfBirth, plan.today) ? responsiblePartyId : null,
        })
        .returning('id'),
    );
    d.id = row!.id;
    patientIds.push(row!.id);
  }
  return patientIds;
}

/** The consents given with the booking, one row a consent, as convertHoldStatement records them. */
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

async function convertHold(tx: Queryable, c: CommitContext, patientIds: string[]) {
  const { body, plan } = c;
  const consents = consentsGiven(c, plan.drafts);
  let hold: RowOf<ReturnType<typeof convertHoldStatement>> | undefined;
  try {
    hold = await first(
      tx,
      convertHoldStatement({
        ...bookedValues(c),
        holdId: body.holdId,
        callerId: c.callerId,
        accountId: c.account.id,
        at: c.now.toISOString(),
        patientIds,
        isNew: plan.drafts.map((d) => d.isNew),
        consentPatientIds: consents.map((x) => x.patientId),
        consentTypes: consents.map((x) => x.type),
        consentCategories: consents.map((x) => x.category),
        consentTexts: consents.map((x) => x.text),
        consentSources: consents.map((x) => x.source),
        consentCapacities: consents.map((x) => x.capacity),
        signerName: c.signerName,
        recipient: c.account.email,
      }),
      { prepared: true },
    );
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
  if (reason) await run(tx, qb.updateTable('appointments').set({ reason }).where('id', '=', c.appointmentId));
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
