/**
 * E-mail from the templates of specs/mail. `app.mailer.send` only queues the mail as a job
 * (src/server/jobs/mail-job.ts); a worker delivers it with `app.mailTransport`, trying again with
 * back-off when delivery fails. With SMTP_URL, mail goes out through nodemailer; without it (never
 * in production: config refuses), it lands in the dev mailbox at /dev/mailbox, which is registered
 * only outside production. Like any mail server, the dev mailbox cannot deliver to the reserved
 * `.invalid` domain (RFC 6761): such a mail fails every try and reaches the staff's dead-letter list.
 *
 * A mail is written wholly in its recipient's language, decided here and nowhere else: the caller gives a
 * composer, which `send` runs in that language (its fragments, dates, money, calendar entry and attachments),
 * and the job renders the template in the same language. Never the request's or the job's language, unless
 * the recipient chose none.
 */
import fp from 'fastify-plugin';
import { mailTemplates, type MailTemplateId } from '@/generated/mail';
import { fillPlaceholders } from '@/domain/messages';
import { activeLocale, type Locale } from '@/domain/locale';
import { mailTemplateIn } from '@/domain/translations';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Queryable } from '../db/connection';
import { errorBody } from '../errors';
import { audienceOf, placeholderContext } from './errors';
import { MAIL_QUEUE, type MailJobData } from '../jobs/mail-job';
import { recordSessionMail } from '../booking/session-mails';
import { addressLocale, writeFor } from '../locale';
import { demoNotice, withDemoBanner } from '../pages/demo-banner';
import type { CalendarEvent } from '@/domain/calendar';
import { escapeHtml } from '@/domain/html';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** text, or base64 for binary files (a PDF) */
  content: string;
  encoding?: 'base64';
}

export interface SentMail {
  to: string;
  template: MailTemplateId;
  subject: string;
  text: string;
  html?: string;
  at: string;
  attachments?: MailAttachment[];
}

/** A template's placeholders: text already written in the mail's language, or numbers its template formats. */
export type MailParams = Record<string, string | number>;

/** What a mail carries besides its template, all of it written in the recipient's language. */
export interface MailContent {
  params: MailParams;
  attachments?: MailAttachment[];
  /** a session's calendar entry: the mail job writes it as the .ics attachment (after `attachments`) */
  calendar?: CalendarEvent;
}

/**
 * Writes a mail's content for its reader. The mailer runs it in the reader's language (src/server/locale.ts
 * withLocale), so message(), dates, money and enumeration labels come out in it; `locale` is that language
 * too, for what takes it as a parameter (src/server/site-url.ts siteUrl for the mail's links).
 */
export type MailComposer = (locale: Locale) => MailContent | Promise<MailContent>;

export interface MailOptions {
  /** the session the mail is about: it is listed on the session's story with how its delivery went */
  appointmentId?: string;
  /**
   * the language the recipient's account chose (users.language) when the caller has just read the account;
   * null: it chose none, so the language being written in (the request's, or the job's) applies. Left out,
   * the mailer looks the address up (src/server/locale.ts addressLocale).
   */
  language?: string | null;
  /** the caller's transaction: the mail's job (and its record on the session's story) is written in it, so the mail goes out exactly when what it tells of commits */
  within?: Queryable;
  /** the mail's record on the session's story (appointment_mails) when the caller wrote it already (the booking's own statement does) */
  recorded?: string;
}

export interface Mailer {
  /**
   * Decides the recipient's language (the one place that does), writes the mail's content in it and queues
   * the mail; a job worker delivers it.
   */
  send(template: MailTemplateId, to: string, compose: MailComposer, options?: MailOptions): Promise<void>;
}

export interface MailTransport {
  /** delivers now (SMTP, or the dev mailbox); a throw makes the mail job try again later */
  deliver(template: MailTemplateId, to: string, params: Record<string, string | number>, attachments?: MailAttachment[], locale?: Locale): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    mailTransport: MailTransport;
  }
}

const MAILBOX_SIZE = 100;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** A mail of a template in the reader's language (the default language's text where a translation lacks it); `demo` (DEMO_MODE) puts the demo notice first. */
export function renderMail(
  template: MailTemplateId,
  to: string,
  params: Record<string, string | number>,
  locale: Locale = activeLocale(),
  options: { demo?: boolean } = {},
): SentMail {
  const t: { subject: string; text: string; html?: string } = mailTemplateIn(mailTemplates[template], locale);
  const html = t.html;
  const escaped = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, escapeHtml(String(v))]));
  const text = fillPlaceholders(t.text, params, locale);
  const filledHtml = html ? fillPlaceholders(html, escaped, locale) : undefined;
  return {
    to,
    template,
    subject: fillPlaceholders(t.subject, params, locale),
    text: options.demo ? `${demoNotice(locale)}\n\n${text}` : text,
    html: filledHtml !== undefined && options.demo ? withDemoBanner(filledHtml, locale) : filledHtml,
    at: new Date().toISOString(),
  };
}

export default fp<{ config: Config; transport?: MailTransport }>(
  async (app, { config, transport: given }) => {
    app.decorate('mailer', {
      async send(template, to, compose, options) {
        // Every fragment, date and amount the caller writes comes out in the reader's language, whatever the
        // request's or the job's language is.
        const db = options?.within ?? app.database;
        const chosen = options?.language !== undefined ? options.language : await addressLocale(db, to);
        const { locale, content } = await writeFor(chosen, async (locale) => ({ locale, content: await compose(locale) }));
        const sessionMail =
          options?.recorded ?? (options?.appointmentId ? await recordSessionMail(db, options.appointmentId, template, to, app.clock.now()) : undefined);
        const data: MailJobData = {
          template,
          to,
          params: content.params,
          locale,
          ...(content.attachments ? { attachments: content.attachments } : {}),
          ...(content.calendar ? { calendar: content.calendar } : {}),
          ...(sessionMail ? { sessionMailId: sessionMail } : {}),
        };
        await app.jobs.send(MAIL_QUEUE, data, options?.within ? { within: options.within } : {});
      },
    } satisfies Mailer);

    if (given) {
      app.decorate('mailTransport', given);
      return;
    }
    if (config.smtpUrl) {
      // Loaded only when mail goes out through SMTP (not for the dev mailbox of development and tests).
      const { default: nodemailer } = await import('nodemailer');
      const transport = nodemailer.createTransport(config.smtpUrl);
      app.addHook('onClose', async () => transport.close());
      app.decorate('mailTransport', {
        async deliver(template, to, params, attachments, locale) {
          const mail = renderMail(template, to, params, locale, { demo: config.demoMode });
          await transport.sendMail({ from: config.mailFrom, to, subject: mail.subject, text: mail.text, html: mail.html, attachments });
        },
      } satisfies MailTransport);
      return;
    }
    if (config.nodeEnv === 'production') throw new Error('SMTP_URL is required in production.');

    // The dev mailbox is this process's memory: with several processes, each shows what its own workers delivered.
    const mailbox: SentMail[] = [];
    app.decorate('mailTransport', {
      async deliver(template, to, params, attachments, locale) {
        if (/\.invalid$/i.test(to.trim())) throw new Error(`550 no mail server for ${to.slice(to.lastIndexOf('@') + 1)}`);
        mailbox.unshift({ ...renderMail(template, to, params, locale, { demo: config.demoMode }), ...(attachments ? { attachments } : {}) });
        mailbox.length = Math.min(mailbox.length, MAILBOX_SIZE);
      },
    } satisfies MailTransport);

    // The mailbox holds sign-in codes: only a caller on this machine may read it, whatever HOST is.
    const loopbackOnly = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isLoopback(request.ip)) return reply.status(404).send(errorBody('NOT_FOUND', audienceOf(request), placeholderContext()));
    };
    // Reminder texts of the local SMS adapter (src/server/plugins/sms.ts) show beside the mail.
    const texts = () => (app.hasDecorator('sms') ? (app.sms.outbox ?? []) : []);
    app.get('/dev/mailbox.json', { schema: { hide: true }, onRequest: loopbackOnly }, async () => ({ messages: mailbox, texts: texts() }));
    app.get('/dev/mailbox', { schema: { hide: true }, onRequest: loopbackOnly }, async (_request, reply) => {
      const rows = mailbox
        .map((m) => `<article><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)} at ${escapeHtml(m.at)}</p><pre>${escapeHtml(m.text)}</pre></article>`)
        .join('\n');
      const textRows = texts()
        .map((m) => `<article><h3>Text message to ${escapeHtml(m.to)}</h3><p>At ${escapeHtml(m.at)}</p><pre>${escapeHtml(m.text)}</pre></article>`)
        .join('\n');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title></head><body><h1>Dev mailbox</h1><p>Mail the server sent, newest first (only outside production).</p>${rows || '<p>No mail yet.</p>'}<h2>Text messages</h2>${textRows || '<p>No text messages yet.</p>'}</body></html>`,
        );
    });
  },
  { name: 'mail', dependencies: ['jobs'] },
);
