/**
 * The mail the server sent, read from its dev mailbox (newest first). Browser tests share one
 * server and the demo accounts, so a test asks for mail of one template sent after a moment it
 * noted, never for "the newest mail": another test may have rescheduled a session for the same
 * person in between.
 */
import { constants } from '@/generated/constants';
import type { MailTemplateId } from '@/generated/mail';
import { baseUrl, eventually } from './harness';

export interface SentMail {
  to: string;
  template: MailTemplateId;
  subject: string;
  text: string;
  at: string;
  /** what the dev mailbox keeps of attached files (the content base64) */
  attachments?: { filename: string; contentType: string; content: string }[];
}

/** A moment to pass as `since`, taken before the action that sends the mail. */
export function mailMoment(): string {
  return new Date().toISOString();
}

/**
 * The newest mail of this template to this address sent at or after `since` (ISO time). The server
 * only queues mail while it answers and a job worker delivers it moments later (src/server/jobs),
 * so this waits for the mail to arrive.
 */
export async function latestMail(email: string, template: MailTemplateId, since = '', base = baseUrl()): Promise<SentMail> {
  const address = email.toLowerCase();
  return eventually(
    async () => {
      const { messages } = (await (await fetch(`${base}/dev/mailbox.json`)).json()) as { messages: SentMail[] };
      return messages.find((m) => m.to.toLowerCase() === address && m.template === template && m.at >= since);
    },
    () => `No ${template} mail to ${email} since ${since || 'the start'}.`,
  );
}

export function codeIn(mail: SentMail): string {
  const code = new RegExp(`\\b(\\d{${constants.otpLength}})\\b`).exec(mail.subject)?.[1];
  if (!code) throw new Error(`No code in "${mail.subject}".`);
  return code;
}

/** The sign-in link of a mail, as a path of the app (the mail names PUBLIC_URL, which tests do not browse). */
export function linkIn(mail: SentMail): string {
  const link = /https?:\/\/\S+\/login\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error('No sign-in link in the mail.');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The one-time code mailed to the address at or after `since`. */
export async function oneTimeCodeFor(email: string, since: string, base = baseUrl()): Promise<string> {
  return codeIn(await latestMail(email, 'sign-in-code', since, base));
}
