/**
 * Confirmation, cancellation and reschedule e-mails (specs/mail): the time stated in the patient's
 * time zone (the appointment's time_zone, also when staff booked it), the video link for a video
 * visit, and an RFC 5545 calendar entry (.ics) whose UID is the appointment id, so calendars update
 * or cancel the same entry.
 */
import type { FastifyInstance } from 'fastify';
import moment from 'moment-timezone';
import { createEvent, type EventAttributes } from 'ics';
import { enums } from '../../generated/enums';
import { message } from '../../domain/messages';
import { formatCents } from '../payments/gateway';
import type { MailAttachment } from '../plugins/mail';
import { appointmentById } from './appointments';

export type AppointmentMailTemplate = 'appointment-confirmation' | 'appointment-cancellation' | 'appointment-reschedule';

/** "Monday, March 9, 2026 at 9:00 AM EDT" in the zone. */
export function formatWhen(instant: string | Date, zone: string): string {
  return moment.tz(instant, zone).format('dddd, MMMM D, YYYY [at] h:mm A z');
}

function utcArray(instant: string): [number, number, number, number, number] {
  const m = moment.utc(instant);
  return [m.year(), m.month() + 1, m.date(), m.hour(), m.minute()];
}

export function calendarFile(event: {
  id: string; start: string; end: string; title: string; description: string; location?: string; url?: string | null; cancelled: boolean; sequence: number;
}): MailAttachment {
  const attributes: EventAttributes = {
    uid: `${event.id}@mindfulcare.example`,
    start: utcArray(event.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcArray(event.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: event.title,
    description: event.description,
    ...(event.location ? { location: event.location } : {}),
    ...(event.url ? { url: event.url } : {}),
    status: event.cancelled ? 'CANCELLED' : 'CONFIRMED',
    method: event.cancelled ? 'CANCEL' : 'REQUEST',
    sequence: event.sequence,
    productId: 'mindfulcare/booking',
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('calendar entry could not be written');
  return { filename: 'session.ics', contentType: `text/calendar; charset=utf-8; method=${event.cancelled ? 'CANCEL' : 'REQUEST'}`, content: value };
}

export async function sendAppointmentMail(app: FastifyInstance, template: AppointmentMailTemplate, appointmentId: string, extra: { previousStart?: string } = {}): Promise<void> {
  const db = app.database;
  const appointment = await appointmentById(db, appointmentId);
  if (!appointment) return;
  // A provisional account (skip-e-mail path) is mailed at the address it was given, saying only what was booked and by whom.
  const [account] = await db.query<{ email: string; first_name: string; provisional: boolean }>(
    'SELECT coalesce(email, pending_email)::text AS email, first_name, email IS NULL AS provisional FROM users WHERE id = $1',
    [appointment.userId],
  );
  if (!account) return;
  const zone = appointment.timeZone ?? appointment.provider.timeZone;
  const provider = `${appointment.provider.firstName} ${appointment.provider.lastName}, ${appointment.provider.title}`;
  const when = formatWhen(appointment.start, zone);
  const modeLabel = enums.appointmentMode.labels[appointment.appointmentMode] ?? appointment.appointmentMode;
  const practice = appointment.practice;
  const address = `${practice.addressLine1}, ${practice.city}, ${practice.state} ${practice.zipcode}`;
  // The session's video room on this site: signed-out readers sign in first and land in the room.
  const joinUrl = appointment.joinUrl ? `${app.publicUrl}${appointment.joinUrl}` : null;
  const where = joinUrl ? message('mail.appointment.joinVideo', { url: joinUrl }) : message('mail.appointment.inPerson', { practice: practice.name, address });
  const patients = appointment.patients.map((p) => `${p.firstName} ${p.lastName}`).join(', ');
  const cancelled = template === 'appointment-cancellation';
  const sequence = template === 'appointment-confirmation' ? 0 : Math.floor(app.clock.now().getTime() / 1000);
  const ics = calendarFile({
    id: appointment.id, start: appointment.start, end: appointment.end, title: message('mail.appointment.calendarTitle', { provider }),
    description: `${modeLabel} - ${patients}${joinUrl ? `\n${where}` : ''}`, location: joinUrl ?? address, url: joinUrl,
    cancelled, sequence,
  });
  const fee = appointment.cancellation && appointment.cancellation.feeCents > 0
    ? message('mail.appointment.lateFeeCharged', { fee: formatCents(appointment.cancellation.feeCents) })
    : message('mail.appointment.noFee');
  const params: Record<string, string> = {
    name: account.first_name, provider, when, mode: modeLabel.toLowerCase(), where, patients, fee,
    previous: extra.previousStart ? formatWhen(extra.previousStart, zone) : '',
    note: account.provisional ? message('mail.appointment.unconfirmedAddress') : '',
  };
  await app.mailer.send(template, account.email, params, { attachments: [ics] });
}

/** The refund e-mail (specs/mail/payment-refund.yaml): the amount, the card it went back to and the session's time. */
export async function sendRefundMail(app: FastifyInstance, refundPaymentId: string): Promise<void> {
  const db = app.database;
  const [refund] = await db.query<{ email: string; first_name: string; amount_cents: number; card_brand: string | null; card_last4: string | null; appointment_id: string | null }>(
    `SELECT coalesce(u.email, u.pending_email)::text AS email, u.first_name, r.amount_cents, r.card_brand, r.card_last4, r.appointment_id
       FROM payments r JOIN users u ON u.id = r.user_id WHERE r.id = $1 AND r.refund_of IS NOT NULL`,
    [refundPaymentId],
  );
  if (!refund) return;
  const appointment = refund.appointment_id ? await appointmentById(db, refund.appointment_id) : undefined;
  const when = appointment ? formatWhen(appointment.start, appointment.timeZone ?? appointment.provider.timeZone) : '';
  const card = refund.card_brand && refund.card_last4 ? `${refund.card_brand} ending in ${refund.card_last4.trim()}` : 'card';
  await app.mailer.send('payment-refund', refund.email, { name: refund.first_name, amount: formatCents(refund.amount_cents), card, when });
}
