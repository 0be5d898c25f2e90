/**
 * Confirmation, cancellation and reschedule e-mails (specs/mail): the time stated in the patient's
 * time zone (the appointment's time_zone, also when staff booked it), the video link for a video
 * visit, and an RFC 5545 calendar entry (.ics) whose UID is the appointment id, so calendars update
 * or cancel the same entry. The entry is queued with the mail as its event (the appointment as it is
 * when the mail is queued); the mail job writes the file (src/server/jobs/mail-job.ts).
 */
import type { FastifyInstance } from 'fastify';
import { message } from '@/domain/messages';
import { fullName } from '@/domain/names';
import type { BookedAppointment } from '@/generated/entities';
import { icsCalendar, type CalendarEvent } from '@/domain/calendar';
import { appointmentById } from './appointments';
import { seriesCalendarEvent, seriesSessions } from './series';
import { formatCents } from '@/domain/money';
import { formatWhen } from '@/domain/date-format';
import { enumLabelOf } from '@/domain/translations';
import { isLateCancellation } from '@/domain/cancellation';
import { constants } from '@/generated/constants';
import type { Locale } from '@/domain/locale';
import { siteUrl } from '../site-url';
import type { MailOptions } from '../plugins/mail';
import type { Queryable } from '../db/connection';
import { all, first, qb, sql } from '../db/typed';
import * as careEnums from '@/generated/enums/care';

export type AppointmentMailTemplate = 'appointment-confirmation' | 'appointment-cancellation' | 'appointment-reschedule';

/** The account an appointment mail goes to: its address (a provisional account's unconfirmed one), its first name. */
export interface MailAccount {
  id: string;
  email: string;
  first_name: string;
  provisional: boolean;
  /** the language the account chose for its mail (null: none), when it was read with it; undefined: looked up by the address */
  language?: string | null;
}

/**
 * The session an appointment mail is about and the account it goes to. `known` is the appointment and its
 * account as the caller has just read them (a booking, in its transaction), so they are not read again.
 */
async function appointmentMailData(
  app: FastifyInstance,
  appointmentId: string,
  known?: { appointment: BookedAppointment; account: MailAccount },
  within?: Queryable,
) {
  const db = within ?? app.database;
  const appointment = known?.appointment ?? (await appointmentById(db, appointmentId));
  if (!appointment) return undefined;
  // A provisional account (skip-e-mail path) is mailed at the address it was given, saying only what was booked and by whom.
  const [account] = known
    ? [known.account]
    : await all(
        db,
        qb
          .selectFrom('users')
          .select([
            'id',
            sql<string>`coalesce(email, pending_email)::text`.as('email'),
            'first_name',
            sql<boolean>`email IS NULL`.as('provisional'),
            'language',
          ])
          .where('id', '=', appointment.userId!),
      );
  if (!account) return undefined;
  // The mailer decides the reader's language from the account's choice. A provisional account's address is nobody's
  // sign-in address yet, so the mailer looks it up as it does any address (language left out).
  const language = account.provisional ? undefined : account.language;
  // A session of a recurring series: its calendar event is the series' one repeating event.
  const series = appointment.series ? await seriesSessions(db, appointment.series.id) : undefined;
  return { appointment, account, series, options: { appointmentId: appointment.id, ...(language !== undefined ? { language } : {}) } };
}

/**
 * What every appointment mail says of the session: who, when (patient's zone), where, and its calendar event.
 * Written in the language being written in: called inside a mail's composer (the reader's language).
 */
function sessionParts(
  app: FastifyInstance,
  appointment: BookedAppointment,
  locale: Locale,
  cancelled: boolean,
  series?: Awaited<ReturnType<typeof seriesSessions>>,
) {
  const zone = appointment.timeZone ?? appointment.provider.timeZone;
  const provider = `${fullName(appointment.provider)}, ${appointment.provider.title}`;
  const when = formatWhen(appointment.start, zone);
  const modeLabel = enumLabelOf(careEnums.appointmentMode, appointment.appointmentMode);
  const practice = appointment.practice;
  const address = `${practice.addressLine1}, ${practice.city}, ${practice.state} ${practice.zipcode}`;
  // The session's video room on this site: signed-out readers sign in first and land in the room.
  const joinUrl = appointment.joinUrl ? siteUrl(app, appointment.joinUrl, locale) : null;
  const where = joinUrl ? message('mail.appointment.joinVideo', { url: joinUrl }) : message('mail.appointment.inPerson', { practice: practice.name, address });
  const patients = appointment.patients.map(fullName).join(', ');
  const single: CalendarEvent = {
    appointmentId: appointment.id,
    start: appointment.start,
    end: appointment.end,
    title: message('mail.appointment.calendarTitle', { provider }),
    // Written in the reader's zone (TZID with its VTIMEZONE), which the description names too.
    description: `${when}\n${modeLabel} - ${patients}${joinUrl ? `\n${where}` : ''}`,
    timeZone: zone,
    location: joinUrl ?? address,
    ...(joinUrl ? { url: joinUrl } : {}),
    cancelled,
    sequence: appointment.calendarSequence ?? 0,
  };
  const calendar = series ? seriesCalendarEvent(single, series) : single;
  // The first session's confirmation lists every session of its series, in the patient's zone.
  const seriesLine =
    series && appointment.series?.index === 0
      ? message(`mail.appointment.series.${series.repeat}`, {
          count: series.sessions.length,
          dates: series.sessions.map((s) => formatWhen(s.start, zone)).join('; '),
        })
      : '';
  // Inside a sentence: "your video session", not the label's "your video visit session".
  const mode = message(appointment.appointmentMode === 'in_person' ? 'mail.appointment.mode.in_person' : 'mail.appointment.mode.online');
  return { zone, provider, when, mode, where, patients, calendar, seriesLine };
}

export async function sendAppointmentMail(
  app: FastifyInstance,
  template: AppointmentMailTemplate,
  appointmentId: string,
  extra: {
    previousStart?: string;
    known?: { appointment: BookedAppointment; account: MailAccount };
    /** queued in the caller's transaction, its record on the session's story already written (src/server/plugins/mail.ts MailOptions) */
    queued?: Pick<MailOptions, 'within' | 'recorded'>;
  } = {},
): Promise<void> {
  const data = await appointmentMailData(app, appointmentId, extra.known, extra.queued?.within);
  if (!data) return;
  const { appointment, account } = data;
  await app.mailer.send(
    template,
    account.email,
    (locale) => {
      const parts = sessionParts(app, appointment, locale, template === 'appointment-cancellation', data.series);
      const fee =
        appointment.cancellation && appointment.cancellation.feeCents > 0
          ? message('mail.appointment.lateFeeCharged', { fee: formatCents(appointment.cancellation.feeCents) })
          : message('mail.appointment.noFee');
      return {
        params: {
          name: account.first_name,
          provider: parts.provider,
          when: parts.when,
          mode: parts.mode,
          where: parts.where,
          patients: parts.patients,
          series: parts.seriesLine,
          fee,
          previous: extra.previousStart ? formatWhen(extra.previousStart, parts.zone) : '',
          note: account.provisional ? message('mail.appointment.unconfirmedAddress') : '',
        },
        calendar: parts.calendar,
      };
    },
    { ...data.options, ...extra.queued },
  );
}

/**
 * The reminder mail (specs/mail/appointment-reminder.yaml): the session in the patient's zone, where it
 * is, the same calendar entry again, and the single-use links (src/server/reminders/links.ts); when
 * changing it now is late, the fee. `links` is called with the appointment's account and the reader's language.
 */
export async function sendReminderMail(
  app: FastifyInstance,
  appointmentId: string,
  links: (accountId: string, start: Date, locale: Locale) => Promise<{ rescheduleUrl: string; cancelUrl: string; unsubscribeUrl: string }>,
): Promise<boolean> {
  const data = await appointmentMailData(app, appointmentId);
  if (!data || data.account.provisional) return false;
  const { appointment, account } = data;
  const start = new Date(appointment.start);
  const now = app.clock.now();
  await app.mailer.send(
    'appointment-reminder',
    account.email,
    async (locale) => {
      const parts = sessionParts(app, appointment, locale, false, data.series);
      const lateNote = isLateCancellation(start, now)
        ? message('mail.reminder.lateNote', { fee: formatCents(constants.lateCancelFeeCents) })
        : message('mail.reminder.inTime', { deadline: formatWhen(new Date(start.getTime() - constants.lateCancelWindowHours * 3_600_000), parts.zone) });
      const urls = await links(account.id, start, locale);
      return {
        params: { name: account.first_name, provider: parts.provider, when: parts.when, mode: parts.mode, where: parts.where, lateNote, ...urls },
        calendar: parts.calendar,
      };
    },
    data.options,
  );
  return true;
}

/** The refund e-mail (specs/mail/payment-refund.yaml): the amount, the card it went back to and the session's time. */
export async function sendRefundMail(app: FastifyInstance, refundPaymentId: string): Promise<void> {
  const db = app.database;
  const refund = await first(
    db,
    qb
      .selectFrom('payments as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select([
        sql<string>`coalesce(u.email, u.pending_email)::text`.as('email'),
        'u.first_name',
        sql<boolean>`u.email IS NULL`.as('provisional'),
        'u.language',
        'r.amount_cents',
        'r.card_brand',
        'r.card_last4',
        'r.appointment_id',
      ])
      .where('r.id', '=', refundPaymentId)
      .where('r.refund_of', 'is not', null),
  );
  if (!refund) return;
  const appointment = refund.appointment_id ? await appointmentById(db, refund.appointment_id) : undefined;
  await app.mailer.send(
    'payment-refund',
    refund.email,
    () => ({
      params: {
        name: refund.first_name,
        amount: formatCents(refund.amount_cents),
        card:
          refund.card_brand && refund.card_last4
            ? message('mail.refund.card', { brand: refund.card_brand, last4: refund.card_last4.trim() })
            : message('mail.refund.anyCard'),
        when: appointment ? formatWhen(appointment.start, appointment.timeZone ?? appointment.provider.timeZone) : '',
      },
    }),
    // A provisional account's address is looked up as any address is (see appointmentMailData).
    { ...(refund.appointment_id ? { appointmentId: refund.appointment_id } : {}), ...(refund.provisional ? {} : { language: refund.language }) },
  );
}

/**
 * The session's calendar file as a download (GET /appointments/{id}/calendar): the same event its mails attach (a
 * series session: the series' one event), written in the language being written in.
 */
export async function appointmentCalendarFile(app: FastifyInstance, appointmentId: string, locale: Locale): Promise<string | undefined> {
  const data = await appointmentMailData(app, appointmentId);
  if (!data) return undefined;
  const parts = sessionParts(app, data.appointment, locale, data.appointment.status === 'cancelled', data.series);
  return icsCalendar(parts.calendar, { delivery: 'download', now: app.clock.now() });
}
