/** Recurring series of sessions (specs/api/appointments.yaml createAppointmentSeries, cancelAppointmentSeriesRest): book one, cancel the rest. */
import type { BookedAppointment } from '@/generated/entities';
import { idempotencyKeyOf } from '@/server/idempotency';
import { AppError } from '@/server/errors';
import { giveBack, takeOrRefuse, usesCountedFor } from '@/server/limits/counters';
import { callerOf } from '@/server/plugins/auth';
import type { Handlers } from '../routes/registry';
import { book } from './book';
import { cancellationRules, cancelSession, termsFor } from './cancel';
import { bookingAccount, reachAppointment } from './routes';
import { sessionAndLaterOfSeries } from './series';

export const appointmentSeriesHandlers: Handlers = {
  async createAppointmentSeries(request, reply) {
    const { repeat, sessions, email, ...rest } = request.body;
    // Staff name the caller's account by id or, as createSupportAppointment, by e-mail.
    const account = await bookingAccount(request, rest.userId, email, 'createAppointmentSeries');
    const body = email ? { ...rest, userId: account.id } : rest;
    const key = idempotencyKeyOf(request, true)!;
    const limits = usesCountedFor('createAppointmentSeries', callerOf(request), request.ip)!;
    const counted = limits.length ? await takeOrRefuse(request, 'createAppointmentSeries', limits) : undefined;
    const result = await book(request, { body, account, endpoint: 'createAppointmentSeries', idempotencyKey: key, series: { repeat, sessions } }).catch(
      async (error: unknown) => {
        // A refused series (a time taken, a card declined) is not a booking.
        if (counted) await giveBack(request.server.database, counted);
        throw error;
      },
    );
    if (result.replayed && counted) await giveBack(request.server.database, counted);
    request.auditTarget = { type: 'appointment', id: result.body.id };
    reply.status(result.status);
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return result.body;
  },

  async cancelAppointmentSeriesRest(request) {
    const appointment = await reachAppointment(request, request.params.id, 'cancelAppointmentSeriesRest');
    const rules = await cancellationRules(request, request.body);
    const sessions = await sessionAndLaterOfSeries(request.server.database, appointment.id);
    if (!sessions.length) throw new AppError('NOT_FOUND');
    // Each on its own terms; when any cannot be cancelled, none is.
    for (const s of sessions) {
      const terms = termsFor(request, s, rules, request.body);
      if (!terms.allowed) throw new AppError('APPOINTMENT_NOT_CANCELLABLE', { details: { reason: terms.reason, appointmentId: s.id } });
    }
    const key = idempotencyKeyOf(request, false);
    const items: BookedAppointment[] = [];
    for (const s of sessions) {
      const done = await cancelSession(request, s, request.body, key ? `${key}:${s.id}` : undefined, rules, 'cancelAppointmentSeriesRest');
      items.push(done.body);
    }
    request.auditTarget = { type: 'appointment', id: appointment.id };
    return { items };
  },
};
