/**
 * Cancelling a session (product-spec §4 Appointment, §6 flags): the reason checked, the flags read once
 * (cancellationRules), then per session (cancelSession) its own terms (src/domain/cancellation.ts), the money
 * (refund or late fee, src/server/money/cancellation.ts) and the mark, in one transaction with an optional
 * idempotency key; after it the cancellation mail, refund mails and the freed time offered to the waitlist.
 * A single cancellation and the rest of a series (series-routes.ts) cancel each session through it.
 */
import type { FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import type { BookedAppointment } from '@/generated/entities';
import { cancellationTerms, type CancellationTerms } from '@/domain/cancellation';
import { AppError } from '../errors';
import { flagOnFor } from '../flags/decisions';
import { AlreadyAnswered, claimKey, requestHash, storeAnswer, storedAnswer, type IdempotencyScope } from '../idempotency';
import { settleCancellation } from '../money/cancellation';
import { withMove } from '../money/move';
import { callerOf } from '../plugins/auth';
import { timesFreed } from '../waitlist/offers';
import { appointmentById, lockAppointmentForChange, markCancelled } from './appointments';
import { sendAppointmentMail, sendRefundMail } from './mails';

export interface CancelBody {
  reasonId: string;
  note?: string;
  waiveFee?: boolean;
}

/** The appointment as reachAppointment read it: whose, and how it is paid. */
export interface CancelTarget {
  id: string;
  account_id: string;
  self_pay: boolean;
}

export interface CancelRules {
  staff: boolean;
  byPractice: boolean;
  cancelUntilAppointmentTime: boolean;
  waiveClientLateFee: boolean;
}

/** The reasons a patient may give: all but the practice's own. */
export function patientCancellationReasons() {
  return constants.appointmentCancellationReasons.filter((r) => r.id !== constants.practiceCancellationReasonId);
}

function reasonRefused(ids: readonly { id: string }[]): AppError {
  return new AppError('VALIDATION_FAILED', { errors: [{ field: 'reasonId', keyword: 'enum', message: ids.map((r) => r.id).join(', ') }] });
}

/** The reason checked (only staff record that the practice cancelled: it refunds even a late cancellation) and the flags read. */
export async function cancellationRules(request: FastifyRequest, body: CancelBody): Promise<CancelRules> {
  if (!constants.appointmentCancellationReasons.some((r) => r.id === body.reasonId)) throw reasonRefused(constants.appointmentCancellationReasons);
  const staff = !callerOf(request).permissions.isPatient;
  const byPractice = body.reasonId === constants.practiceCancellationReasonId;
  if (byPractice && !staff) throw reasonRefused(patientCancellationReasons());
  const [cancelUntilAppointmentTime, waiveClientLateFee] = await Promise.all([
    flagOnFor(request, 'cancelUntilAppointmentTime'),
    flagOnFor(request, 'clientCancelWithin48Hours'),
  ]);
  return { staff, byPractice, cancelUntilAppointmentTime, waiveClientLateFee };
}

/** The terms one session would be cancelled on now. */
export function termsFor(
  request: FastifyRequest,
  session: { status: 'booked' | 'cancelled'; start_at: Date },
  rules: CancelRules,
  body: CancelBody,
): CancellationTerms {
  return cancellationTerms({
    start: new Date(session.start_at),
    now: request.server.clock.now(),
    status: session.status,
    byStaff: rules.staff,
    cancelUntilAppointmentTime: rules.cancelUntilAppointmentTime,
    waiveClientLateFee: rules.waiveClientLateFee,
    staffWaivesFee: body.waiveFee,
  });
}

/** Runs work that answers once per idempotency key (when one is given): a replay answers the stored answer. */
export async function onceFor<T>(
  request: FastifyRequest,
  endpoint: string,
  key: string | undefined,
  parts: unknown,
  work: (tx: Parameters<Parameters<typeof request.server.database.transaction>[0]>[0]) => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T; replayed: boolean }> {
  const db = request.server.database;
  const scope: IdempotencyScope | undefined = key ? { callerId: callerOf(request).userId, endpoint, key, requestHash: requestHash(parts) } : undefined;
  if (scope) {
    const earlier = await storedAnswer(db, scope);
    if (earlier) return { status: earlier.status, body: earlier.body as T, replayed: true };
  }
  try {
    const result = await db.transaction(async (tx) => {
      if (scope && !(await claimKey(tx, scope))) throw new AlreadyAnswered();
      const answer = await work(tx);
      if (scope) await storeAnswer(tx, scope, answer.status, answer.body);
      return answer;
    });
    return { ...result, replayed: false };
  } catch (error) {
    if (error instanceof AlreadyAnswered && scope) {
      const answer = await storedAnswer(db, scope);
      if (answer) return { status: answer.status, body: answer.body as T, replayed: true };
    }
    throw error;
  }
}

/** Cancels one session on its own terms (checked again under the row's lock), then mails and offers the freed time. */
export async function cancelSession(
  request: FastifyRequest,
  appointment: CancelTarget,
  body: CancelBody,
  key: string | undefined,
  rules: CancelRules,
  endpoint = 'cancelAppointment',
): Promise<{ body: BookedAppointment; replayed: boolean }> {
  const caller = callerOf(request);
  let refundIds: string[] = [];
  let freedSlotId: string | null = null;
  const result = await withMove(request.server, request.log, 'cancellation fee', (move) =>
    onceFor<BookedAppointment>(request, endpoint, key, { id: appointment.id, body }, async (tx) => {
      const current = await lockAppointmentForChange(tx, appointment.id);
      freedSlotId = current.slot_id;
      const at = request.server.clock.now();
      const terms = termsFor(request, current, rules, body);
      if (!terms.allowed) throw new AppError('APPOINTMENT_NOT_CANCELLABLE', { details: { reason: terms.reason } });
      // The money first: a refund when cancelled in time (or by the practice), else the fee (src/server/money/cancellation.ts).
      const money = await settleCancellation(tx, move, {
        appointmentId: appointment.id,
        accountId: appointment.account_id,
        selfPay: appointment.self_pay,
        terms,
        byPractice: rules.byPractice,
        reasonId: body.reasonId,
        idempotencyKey: key,
        createdBy: caller.userId,
        at,
      });
      refundIds = money.refundIds;
      await markCancelled(tx, appointment.id, {
        cancelledBy: caller.userId,
        reasonId: body.reasonId,
        note: body.note ?? null,
        late: terms.late,
        feeCents: money.feeCents,
        feeStatus: money.feeStatus,
      });
      return { status: 200, body: (await appointmentById(tx, appointment.id))! };
    }),
  );
  if (!result.replayed) {
    // Awaited (it only queues the job): the session's story lists the mail as soon as the answer is read.
    await sendAppointmentMail(request.server, 'appointment-cancellation', appointment.id).catch((err: unknown) =>
      request.log.warn({ err }, 'cancellation mail failed'),
    );
    for (const id of refundIds) void sendRefundMail(request.server, id).catch((err: unknown) => request.log.warn({ err }, 'refund mail failed'));
    // The freed time goes to the first person on a waitlist it fits (a job: src/server/waitlist/offers.ts).
    if (freedSlotId) await timesFreed(request.server, [freedSlotId]);
  }
  return { body: result.body, replayed: result.replayed };
}
