/**
 * Booking step 5, the notices. The confirmation mail is queued inside the booking's transaction (its
 * job row is written with the booking, so a booking that rolls back mails nobody and one that commits
 * is always confirmed); its job writes the calendar file. A self-pay booking's Good Faith Estimate (No
 * Surprises Act) is queued after the commit, and a failure to queue it does not undo the booking.
 */
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import type { BookedAppointment } from '@/generated/entities';
import { activeLocale } from '@/domain/locale';
import type { Queryable } from '../db/connection';
import { ESTIMATE_MAIL_QUEUE } from '../billing/good-faith-estimate';
import { sendAppointmentMail, type MailAccount } from './mails';
import { CONFIRMATION_MAIL } from './convert-hold';

/** Queues the confirmation of `appointment` (just read in `tx`) in `tx`; its record on the session's story is `confirmationMailId`. */
export async function queueConfirmation(
  app: FastifyInstance,
  tx: Queryable,
  booked: { appointment: BookedAppointment; account: MailAccount; confirmationMailId: string },
): Promise<void> {
  await sendAppointmentMail(app, CONFIRMATION_MAIL, booked.appointment.id, {
    known: { appointment: booked.appointment, account: booked.account },
    queued: { within: tx, recorded: booked.confirmationMailId },
  });
}

/** After the commit: a self-pay booking comes with its Good Faith Estimate. */
export async function queueEstimate(app: FastifyInstance, log: FastifyBaseLogger, appointment: BookedAppointment): Promise<void> {
  if (!appointment.selfPay) return;
  await app.jobs
    .send(ESTIMATE_MAIL_QUEUE, { appointmentId: appointment.id, locale: activeLocale() })
    .catch((err: unknown) => log.warn({ err, appointmentId: appointment.id }, 'estimate mail failed'));
}
