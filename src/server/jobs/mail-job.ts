/**
 * Every e-mail goes out through this job: the request only queues it, a worker delivers it (SMTP or
 * the dev mailbox). A session's calendar entry is queued as its event and written here, as the
 * .ics attachment, so no request spends its time on it.
 */
import type { JobDefinition } from './registry';
import { calendarMethod, icsCalendar, type CalendarEvent } from '@/domain/calendar';
import type { MailAttachment } from '../plugins/mail';
import type { MailTemplateId } from '@/generated/mail';
import { recordMailTry, MAIL_TRIES } from '../booking/session-mails';
import { raiseMailRedAlert, resolveMailAlertOnDelivery } from '../booking/mail-alerts';

export interface MailJobData {
  template: MailTemplateId;
  to: string;
  params: Record<string, string | number>;
  /** the language the mail is written in (a tag of specs/constants/locales.yaml); the default when absent */
  locale?: string;
  attachments?: MailAttachment[];
  /** a session's calendar event, attached as session.ics after `attachments` */
  calendar?: CalendarEvent;
  /** a mail about a session (appointment_mails): each try is counted there */
  sessionMailId?: string;
}

export const MAIL_QUEUE = 'mail';

/** The appointment's calendar event as an e-mail attachment (the one writer, domain/calendar). */
export function calendarFile(event: CalendarEvent): MailAttachment {
  return {
    filename: 'session.ics',
    contentType: `text/calendar; charset=utf-8; method=${calendarMethod(event, 'mail')}`,
    content: icsCalendar(event, { delivery: 'mail' }),
  };
}

/** What the mail carries: the attachments it was queued with, then its calendar file. */
export function attachmentsOf(data: MailJobData): MailAttachment[] | undefined {
  if (!data.calendar) return data.attachments;
  return [...(data.attachments ?? []), calendarFile(data.calendar)];
}

export const mailJob: JobDefinition<MailJobData> = {
  name: MAIL_QUEUE,
  async run(app, data) {
    const attachments = attachmentsOf(data);
    if (!data.sessionMailId) {
      await app.mailTransport.deliver(data.template, data.to, data.params, attachments, data.locale);
      return;
    }
    try {
      await app.mailTransport.deliver(data.template, data.to, data.params, attachments, data.locale);
    } catch (err) {
      const tries = await recordMailTry(app.database, data.sessionMailId, { error: err instanceof Error ? err.message : String(err) });
      // The last try: the booking stands but the patient was never told; a person must call them.
      if (tries >= MAIL_TRIES) await raiseMailRedAlert(app, data.sessionMailId);
      throw err;
    }
    await recordMailTry(app.database, data.sessionMailId, { deliveredAt: app.clock.now() });
    // Delivered on a later round (a person tried it again from the dead-letter list): its red alert is done.
    await resolveMailAlertOnDelivery(app, data.sessionMailId);
  },
  // The template and the address, never the parameters (codes, links, names).
  describe: (data) => ({ template: data.template, to: data.to }),
};
