/** Appointment calls of product-spec §7 Appointments: holds, bookings, cancel, reschedule, rebook, checks. */
import type { FastifyRequest } from 'fastify';
import { constants } from '@/generated/constants';
import type { BookedAppointment } from '@/generated/entities';
import { isLateCancellation } from '@/domain/cancellation';
import { cancellationRules, cancelSession, onceFor, patientCancellationReasons } from '@/server/booking/cancel';
import { reachAccount, reachPatient, reachRecord } from '@/server/accounts/reach';
import { userByEmail, type UserRow } from '@/server/accounts/repository';
import { writeAudit } from '@/server/audit';
import { book, type BookingBody } from '@/server/booking/book';
import { appointmentById, lockAppointmentForChange, moveToHold } from '@/server/booking/appointments';
import {
  accountOfAppointment,
  appointmentAccessById,
  type AppointmentAccess,
  appointmentsOfAccount,
  appointmentsOfPatient,
  bookedOfTypeExists,
  bookedWithProviderExists,
  patientIdsOfAppointment,
} from '@/server/booking/repository';
import { issueEstimate, sendEstimateMail } from '@/server/billing/good-faith-estimate';
import { sendPdf } from '../billing/routes';
import { withMove } from '@/server/money/move';
import { repriceMovedSession } from '@/server/money/reprice';
import { checkSlotRules, holdSlot, lockHold, releaseHold, slotOf } from '@/server/booking/holds';
import { appointmentCalendarFile, sendAppointmentMail, sendRefundMail } from '@/server/booking/mails';
import { ensureBookingsOpen } from '@/server/flags/decisions';
import { idempotencyKeyOf } from '@/server/idempotency';
import { EXCLUSION_VIOLATION, pgCode } from '@/server/db/errors';
import { AppError } from '@/server/errors';
import { giveBack, takeOrRefuse, usesCountedFor } from '@/server/limits/counters';
import { callerOf } from '@/server/plugins/auth';
import type { Handlers } from '../routes/registry';
import { inAccountLocale } from '@/server/locale';
import { activeLocale } from '@/domain/locale';
import { constantIn } from '@/domain/translations';

export function reachAppointment(request: FastifyRequest, id: string, action: string): Promise<AppointmentAccess> {
  return reachRecord(request, 'appointment', id, action, appointmentAccessById);
}

/** The account a booking is for: a patient's own (or one they reach), the one staff name. */
export async function bookingAccount(request: FastifyRequest, userId: string | undefined, email: string | undefined, action: string): Promise<UserRow> {
  if (userId) return reachAccount(request, userId, action);
  if (email) {
    const user = await userByEmail(request.server.database, email);
    if (!user) {
      await writeAudit(request, { action, outcome: 'denied', status: 404, recordType: 'user', details: { reason: 'no such record' } });
      throw new AppError('NOT_FOUND');
    }
    return reachAccount(request, user.id, action);
  }
  return reachAccount(request, callerOf(request).userId, action);
}

function isStaff(request: FastifyRequest): boolean {
  return !callerOf(request).permissions.isPatient;
}

export const appointmentsHandlers: Handlers = {
  async holdSlot(request, reply) {
    await ensureBookingsOpen(request);
    const caller = callerOf(request);
    // Staff book for many callers in turn, often from one call-centre address: signed in and audited, they are not counted (usesCountedFor).
    const isPatient = !caller.permissions.isSupportOrThirdParty;
    const limits = usesCountedFor('holdSlot', caller, request.ip)!;
    if (limits.length) await takeOrRefuse(request, 'holdSlot', limits);
    const hold = await holdSlot(request.server.database, caller.userId, request.body.slotId, request.body.providerId, request.server.clock.now(), isPatient);
    reply.status(201);
    return hold;
  },

  async releaseSlotHold(request, reply) {
    if (!(await releaseHold(request.server.database, callerOf(request).userId, request.params.id))) throw new AppError('NOT_FOUND');
    return reply.status(204).send();
  },

  async createAppointment(request, reply) {
    const account = await bookingAccount(request, request.body.userId, undefined, 'createAppointment');
    const key = idempotencyKeyOf(request, true)!;
    const counted = await takeOrRefuse(request, 'createAppointment', usesCountedFor('createAppointment', callerOf(request), request.ip)!);
    const result = await book(request, { body: request.body, account, endpoint: 'createAppointment', idempotencyKey: key }).catch(async (error: unknown) => {
      // A refused booking (slot taken, card declined, bad input) is not a booking.
      await giveBack(request.server.database, counted);
      throw error;
    });
    // A replayed key answers the first booking again: not a new one.
    if (result.replayed) await giveBack(request.server.database, counted);
    request.auditTarget = { type: 'appointment', id: result.body.id };
    reply.status(result.status);
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return result.body;
  },

  async createSupportAppointment(request, reply) {
    const { email, ...rest } = request.body;
    const account = await bookingAccount(request, rest.userId, email, 'createSupportAppointment');
    const key = idempotencyKeyOf(request, true)!;
    const body: BookingBody = { ...rest, userId: account.id };
    const result = await book(request, { body, account, endpoint: 'createSupportAppointment', idempotencyKey: key });
    request.auditTarget = { type: 'appointment', id: result.body.id };
    reply.status(result.status);
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return result.body;
  },

  async listAppointments(request) {
    const { userId, patientId, when = 'upcoming', limit = 50 } = request.query;
    const now = request.server.clock.now();
    if (patientId) {
      const patient = await reachPatient(request, patientId, 'listAppointments');
      if (userId && userId !== patient.account_id) throw new AppError('NOT_FOUND');
      return {
        items: await appointmentsOfPatient(request.server.database, patientId, when, now, limit),
      };
    }
    const account = await reachAccount(request, userId ?? callerOf(request).userId, 'listAppointments');
    return { items: await appointmentsOfAccount(request.server.database, account.id, when, now, limit) };
  },

  async getAppointment(request) {
    await reachAppointment(request, request.params.id, 'getAppointment');
    return (await appointmentById(request.server.database, request.params.id))!;
  },

  async cancelAppointment(request) {
    const appointment = await reachAppointment(request, request.params.id, 'cancelAppointment');
    const key = idempotencyKeyOf(request, false);
    const rules = await cancellationRules(request, request.body);
    return (await cancelSession(request, appointment, request.body, key, rules)).body;
  },

  async rescheduleAppointment(request) {
    const caller = callerOf(request);
    const appointment = await reachAppointment(request, request.params.id, 'rescheduleAppointment');
    const key = idempotencyKeyOf(request, false);
    const now = request.server.clock.now();
    if (appointment.status !== 'booked' || new Date(appointment.start_at) <= now) throw new AppError('APPOINTMENT_NOT_RESCHEDULABLE');
    const slot = await slotOf(request.server.database, request.body.slotId, appointment.provider_id);
    if (!slot) throw new AppError('APPOINTMENT_NOT_RESCHEDULABLE');
    checkSlotRules(slot, now);
    // What the move's new price did, for the mails after the commit: refunds of the difference, and a new estimate.
    let repriced: { priceChanged: boolean; refundIds: string[] } = { priceChanged: false, refundIds: [] };
    try {
      const result = await withMove(request.server, request.log, 'reschedule', (move) =>
        onceFor<BookedAppointment>(request, 'rescheduleAppointment', key, { id: appointment.id, body: request.body }, async (tx) => {
          const current = await lockAppointmentForChange(tx, appointment.id);
          if (current.status !== 'booked' || new Date(current.start_at) <= now) throw new AppError('APPOINTMENT_NOT_RESCHEDULABLE');
          const hold = await lockHold(tx, request.server.database.kind, request.body.holdId, caller.userId, appointment.provider_id, now);
          if (hold.provider_id !== appointment.provider_id) throw new AppError('APPOINTMENT_NOT_RESCHEDULABLE');
          if (hold.slot_id !== request.body.slotId) throw new AppError('BOOKING_DETAILS_MISMATCH');
          await moveToHold(tx, appointment.id, hold.id, { practiceId: slot.practice_id, appointmentMode: slot.availability_type });
          if (appointment.self_pay) {
            repriced = await repriceMovedSession(tx, move, {
              appointmentId: appointment.id,
              accountId: appointment.account_id,
              providerId: appointment.provider_id,
              previousStart: new Date(appointment.start_at),
              idempotencyKey: `reschedule:${hold.id}`,
              createdBy: caller.userId,
              at: request.server.clock.now(),
            });
          }
          return { status: 200, body: (await appointmentById(tx, appointment.id))! };
        }),
      );
      if (!result.replayed) {
        // Awaited (it only queues the job): the session's story lists the mail as soon as the answer is read.
        await sendAppointmentMail(request.server, 'appointment-reschedule', appointment.id, {
          previousStart: new Date(appointment.start_at).toISOString(),
        }).catch((err: unknown) => request.log.warn({ err }, 'reschedule mail failed'));
        for (const id of repriced.refundIds) void sendRefundMail(request.server, id).catch((err: unknown) => request.log.warn({ err }, 'refund mail failed'));
        // A self-pay price that changed changes the Good Faith Estimate: the patient gets the new one.
        if (repriced.priceChanged)
          void sendEstimateMail(request.server, appointment.id).catch((err: unknown) =>
            request.log.warn({ err, appointmentId: appointment.id }, 'estimate mail failed'),
          );
      }
      return result.body;
    } catch (error) {
      if (pgCode(error) === EXCLUSION_VIOLATION) throw new AppError('SLOT_ALREADY_BOOKED', { cause: error });
      throw error;
    }
  },

  async rebookAppointment(request, reply) {
    const original = await reachAppointment(request, request.params.id, 'rebookAppointment');
    const key = idempotencyKeyOf(request, true)!;
    const slot = await slotOf(request.server.database, request.body.slotId, original.provider_id);
    if (!slot) throw new AppError('NO_OPEN_SLOT');
    const patientIds = await patientIdsOfAppointment(request.server.database, original.id);
    const account = await reachAccount(request, original.account_id, 'rebookAppointment');
    const body: BookingBody = {
      holdId: request.body.holdId,
      slotId: slot.id,
      providerId: original.provider_id,
      practiceId: slot.practice_id,
      counselingType: original.counseling_type as BookingBody['counselingType'],
      appointmentMode: request.body.appointmentMode ?? slot.availability_type,
      patients: patientIds.map((p) => ({ id: p.patient_id })) as BookingBody['patients'],
      ...(original.insurance_id ? { insuranceId: original.insurance_id } : {}),
      selfPay: original.self_pay,
      ...(original.self_pay_consent_category ? { selfPayConsentCategory: original.self_pay_consent_category as BookingBody['selfPayConsentCategory'] } : {}),
      ...(original.partnership_code ? { partnershipCode: original.partnership_code } : {}),
      timeZone: original.time_zone,
      ...(request.body.payment ? { payment: request.body.payment } : {}),
    };
    const result = await book(request, { body, account, endpoint: 'rebookAppointment', idempotencyKey: key, rebookedFrom: original.id });
    request.auditTarget = { type: 'appointment', id: result.body.id };
    reply.status(result.status);
    return result.body;
  },

  async getGoodFaithEstimate(request, reply) {
    await reachAppointment(request, request.params.id, 'getGoodFaithEstimate');
    // The estimate in force as it was issued; issued now when none was (in the language of the session's
    // account, else the request's, like its mail).
    const owner = await accountOfAppointment(request.server.database, request.params.id);
    const issued = await inAccountLocale(request, owner?.user_id, () => issueEstimate(request.server.database, request.params.id, request.server.clock.now()));
    if (!issued) throw new AppError('NOT_FOUND');
    return sendPdf(reply, issued.pdf, `good-faith-estimate-${issued.number}.pdf`);
  },

  async getAppointmentCalendar(request, reply) {
    const appointment = await reachAppointment(request, request.params.id, 'getAppointmentCalendar');
    const owner = await accountOfAppointment(request.server.database, request.params.id);
    const ics = await inAccountLocale(request, owner?.user_id, () => appointmentCalendarFile(request.server, appointment.id, activeLocale()));
    if (!ics) throw new AppError('NOT_FOUND');
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="session-${appointment.id}.ics"`)
      .header('cache-control', 'private, no-store')
      .send(ics);
  },

  async getAppointmentCancellationReasons(request) {
    const start = request.query.startDate ? new Date(request.query.startDate) : undefined;
    const late = start ? isLateCancellation(start, request.server.clock.now()) : false;
    // The ids are the same in every language; the words are the request's.
    const labels = new Map<string, string>(constantIn('appointmentCancellationReasons').map((r) => [r.id, r.label]));
    const reasons = isStaff(request) ? constants.appointmentCancellationReasons : patientCancellationReasons();
    return {
      items: reasons.map((r) => ({ id: r.id, label: labels.get(r.id) ?? r.label })),
      lateCancellation: late,
      feeCents: late ? constants.lateCancelFeeCents : 0,
    };
  },

  async getLateCancellationWindowAndFee() {
    return { windowHours: constants.lateCancelWindowHours, feeCents: constants.lateCancelFeeCents, currency: constants.currency };
  },

  async appointmentsExist(request) {
    await reachPatient(request, request.params.patientId, 'appointmentsExist');
    const exists = await bookedWithProviderExists(request.server.database, request.params.patientId, request.params.providerId, request.query.appointmentId);
    return request.query.appointmentId ? exists : { appointmentsExist: exists };
  },

  async counselingTypeAppointmentExists(request) {
    await reachPatient(request, request.params.patientId, 'counselingTypeAppointmentExists');
    return { exists: await bookedOfTypeExists(request.server.database, request.params.patientId, request.params.providerId, request.params.type) };
  },
};
