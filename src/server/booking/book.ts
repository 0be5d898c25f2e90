/**
 * Booking (product-spec §7 Appointments) at the database's speed: no lock and no transaction stays
 * open across a network call, and each step is as few round trips as it can be. The steps, each in
 * its own module:
 *   1. claim the key (claim-key.ts): the idempotency key claimed on its own, in one statement that also
 *      reads the slot and the account's patients (a second request with it answers REQUEST_IN_PROGRESS
 *      until the first answers, then replays that answer);
 *   2. check the rules (check-rules.ts: the slot, patient-rules.ts, money-rules.ts); a refused request
 *      lets go of the key;
 *   3. charge (charge.ts): the caller's live hold checked (read only: the hold's row and the exclusion
 *      constraint are the guarantee that nobody else books its time), then the card charged with no
 *      transaction open;
 *   4. commit (commit.ts): ONE short transaction converts the hold into the appointment, with the new
 *      patients, the responsible party, the consents, the money, the stored answer,
 *   5. notify (notify.ts): and, in that same transaction, the confirmation mail's job; after it, a
 *      self-pay booking's Good Faith Estimate.
 * When 4 fails (the hold was taken away meanwhile, a lost connection) the charge is voided and the
 * claim let go, so a retry with the same key starts over; a replayed key answers the stored first
 * answer and does nothing else.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { BookedAppointment } from '@/generated/entities';
import type { AppType } from '@/generated/enums';
import { fullName } from '@/domain/names';
import type { UserRow } from '../accounts/repository';
import { AppError } from '../errors';
import { audienceOf } from '../plugins/errors';
import { callerOf } from '../plugins/auth';
import { requestHash, type IdempotencyScope } from '../idempotency';
import { startMove } from '../money/move';
import { EXCLUSION_VIOLATION, pgCode } from '../db/errors';
import { recordName } from './consent-text';
import { claimBookingKey } from './claim-key';
import { checkBookingRules, type BookingPlan } from './check-rules';
import { chargeForBooking } from './charge';
import { commitBooking } from './commit';
import { queueConfirmation, queueEstimate } from './notify';
import { commitSeries, planSeries, type SeriesPlan, type SeriesRequest } from './series';
import { appointmentById } from './appointments';
import { storeAnswer } from '../idempotency';
import { hasCrisisWords } from '@/domain/crisis';
import { raiseCrisisAlerts } from '../care/crisis-alerts';
import type { BookingBody } from './patient-rules';

export type { BookingBody } from './patient-rules';

export interface BookingCommand {
  body: BookingBody;
  account: UserRow;
  endpoint: 'createAppointment' | 'createSupportAppointment' | 'rebookAppointment' | 'createAppointmentSeries';
  idempotencyKey: string;
  rebookedFrom?: string;
  /** a recurring series: the held session and the later ones (series.ts), all booked in the one transaction */
  series?: SeriesRequest;
}

export interface BookingResult {
  status: number;
  body: BookedAppointment;
  replayed: boolean;
}

/** The funnel a booking came through: the one the client names, else the endpoint's and the audience's. */
function funnelOf(command: BookingCommand, audience: AppType): string {
  if (command.body.funnelName) return command.body.funnelName;
  if (command.endpoint === 'rebookAppointment') return audience === 'support_web' ? 'Support Rebooking Modal' : 'Patient Rebooking Modal';
  return command.endpoint === 'createSupportAppointment' || audience === 'support_web' ? 'Support Standard Funnel' : 'Patient Standard Funnel';
}

export async function book(request: FastifyRequest, command: BookingCommand): Promise<BookingResult> {
  const app = request.server;
  const now = app.clock.now();
  const caller = callerOf(request);
  const audience: AppType = audienceOf(request);
  const db = app.database;
  const { body, account } = command;
  const scope: IdempotencyScope = {
    callerId: caller.userId,
    endpoint: command.endpoint,
    key: command.idempotencyKey,
    requestHash: requestHash({ body, account: account.id, rebookedFrom: command.rebookedFrom ?? null }),
  };

  // 1. The key (with what the rules read first); a key already answered replays its answer and nothing else runs.
  const wanted = { slotId: body.slotId, providerId: body.providerId, accountId: account.id, insuranceId: body.insuranceId };
  const claim = await claimBookingKey(db, scope, now, wanted, request.log);
  if ('replay' in claim) return { status: claim.replay.status, body: claim.replay.body as BookedAppointment, replayed: true };

  // 2. The rules; refused before anything was done, the key is free again for a corrected request.
  let plan: BookingPlan;
  let series: SeriesPlan | undefined;
  try {
    plan = await checkBookingRules(request, body, account, now, claim.context);
    // A series: every later session's open slot found, or refused naming the taken ones, before any money moves.
    if (command.series && claim.context) {
      const payRates = { individual: claim.context.pay_individual, follow_up: claim.context.pay_follow_up };
      series = await planSeries(db, plan, { practiceId: body.practiceId, appointmentMode: body.appointmentMode, payRates }, command.series, now);
    }
  } catch (error) {
    await claim.letGo();
    throw error;
  }

  const appointmentId = randomUUID();
  // The money of this booking (src/server/money/move.ts): a charge voided if the booking fails, a decline kept as a failed payment.
  const move = startMove(app, request.log, 'booking');
  try {
    // 3. The charge, when one is asked for, outside any transaction.
    const charge = await chargeForBooking(db, move, {
      body,
      plan,
      appointmentId,
      accountId: account.id,
      callerId: caller.userId,
      idempotencyKey: command.idempotencyKey,
      now,
    });
    // 4. and 5. One short transaction: the hold becomes the appointment (with no charge asked for, the hold is
    //    checked here only: the statement that converts it refuses a hold that is not the caller's live one), and its confirmation is queued.
    const appointment = await db.transaction(async (tx) => {
      const booked = await commitBooking(tx, {
        scope,
        body,
        plan,
        account,
        callerId: caller.userId,
        appointmentId,
        now,
        funnel: funnelOf(command, audience),
        source: command.endpoint === 'createSupportAppointment' ? 'support_web' : audience,
        signerName: plan.party.kind === 'given' && body.responsibleParty ? fullName(body.responsibleParty) : recordName(account),
        ...(command.rebookedFrom ? { rebookedFrom: command.rebookedFrom } : {}),
        move,
        charge,
      });
      // Crisis words in the written reason: the one crisis rule tells the clinician (this session's, now booked) and support.
      if (hasCrisisWords(body.reason)) {
        const patientId = booked.appointment.patients[0]!.id;
        await raiseCrisisAlerts(request, tx, { patientId, subject: { type: 'appointment', id: appointmentId }, cause: 'bookingWords' });
      }
      if (series) {
        await commitSeries(tx, { firstId: appointmentId, series, callerId: caller.userId, accountId: account.id, now, idempotencyKey: command.idempotencyKey });
        booked.appointment = (await appointmentById(tx, appointmentId))!;
        await storeAnswer(tx, scope, 201, booked.appointment);
      }
      await queueConfirmation(app, tx, { ...booked, account });
      return booked.appointment;
    });
    await move.close();
    await queueEstimate(app, request.log, appointment);
    return { status: 201, body: appointment, replayed: false };
  } catch (error) {
    // Undo in order: the money first, then the claim, so a retry with the key never finds a charge standing.
    await move.close(error);
    await claim.letGo();
    if (error instanceof AppError) throw error;
    if (pgCode(error) === EXCLUSION_VIOLATION) throw new AppError('SLOT_ALREADY_BOOKED', { cause: error });
    throw new AppError('BOOKING_FAILED', { cause: error });
  }
}
