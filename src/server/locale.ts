/**
 * The language the server writes in: the request's (its page's path prefix, else the Accept-Language the
 * client sends: the page's language for the app's API calls) or, for mail and documents, the recipient's
 * account language. Held in an AsyncLocalStorage that src/domain/locale.ts reads, so message(), dates and
 * money follow it without a language parameter through every call.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from './db/connection';
import { first, qb } from './db/typed';
// The server writes in every reader's language: every language's copy is loaded here (a page loads only its own).
import '@/generated/translations/all';
import { activeLocale, DEFAULT_LOCALE, isApiPath, isLocale, localeFromAcceptLanguage, localeOfPath, setLocaleSource, type Locale } from '@/domain/locale';

const storage = new AsyncLocalStorage<Locale>();
setLocaleSource(() => storage.getStore());

/** Runs fn writing in a language (a mail to its recipient, a PDF for its reader). */
export function withLocale<T>(locale: Locale | null | undefined, fn: () => T): T {
  return storage.run(isLocale(locale) ? locale : DEFAULT_LOCALE, fn);
}

/** The cookie that keeps a visitor's choice of language (the switcher, or a page of that language). */
export const LANGUAGE_COOKIE = 'lang';

/** A page's language is its path's; an API call's is the Accept-Language the app sends. */
export function requestLocale(request: FastifyRequest): Locale {
  const path = request.url.split('?')[0] ?? '/';
  if (!isApiPath(path)) return localeOfPath(path).locale;
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('locale', DEFAULT_LOCALE);
    // A callback hook: the rest of the request (hooks, handler, reply) runs inside storage.run.
    app.addHook('onRequest', (request, _reply, done) => {
      const locale = requestLocale(request);
      request.locale = locale;
      storage.run(locale, done);
    });
  },
  { name: 'locale' },
);

/** The language an account chose (or signed up in); undefined when none, so the caller's language applies. */
export async function accountLocale(db: Queryable, userId: string | null | undefined): Promise<Locale | undefined> {
  if (!userId) return undefined;
  const row = await first(db, qb.selectFrom('users').select('language').where('id', '=', userId));
  return isLocale(row?.language) ? row.language : undefined;
}

/** Writes a document for an account: in its language, else the request's. */
export async function inAccountLocale<T>(request: FastifyRequest, userId: string | null | undefined, fn: () => Promise<T>): Promise<T> {
  return withLocale((await accountLocale(request.server.database, userId)) ?? request.locale, fn);
}

/** The language a person reads: the one their account chose (`chosen`), else the language being written in (the request's). */
export function readerLocale(chosen: string | null | undefined): Locale {
  return isLocale(chosen) ? chosen : activeLocale();
}

/**
 * Writes something for one reader (a mail's content, a text message) wholly in their language: the one their
 * account chose (`chosen`), else the language being written in. `compose` runs in that language, so every
 * message, date and amount it writes follows it, and is given it for what takes it as a parameter (links).
 * The mailer (src/server/plugins/mail.ts) and the reminder texts write through it.
 */
export function writeFor<T>(chosen: string | null | undefined, compose: (locale: Locale) => T): T {
  const locale = readerLocale(chosen);
  return withLocale(locale, () => compose(locale));
}

/**
 * The language of whoever reads mail at an address: the language of the account it belongs to, when it chose
 * one; else the language being written in. The mail is written in it and its links open pages in it.
 */
export async function addressLocale(db: Queryable, email: string): Promise<Locale> {
  const row = await first(db, qb.selectFrom('users').select('language').where('email', '=', email).where('language', 'is not', null).limit(1));
  return readerLocale(row?.language);
}
