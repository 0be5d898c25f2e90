/**
 * The header's language switcher without a script. Its links (src/client/app/Layout.tsx) lead to the same page in
 * the other language; where the app runs, a signed-in person's click also saves the account's language (PATCH
 * /users/{id}) first. A document page has no app, so on a signed-in person's own copy of one (written per request
 * beside the account link: plugins/client.ts) each link becomes a small form post to LANGUAGE_CHOICE_PATH, which
 * saves the account's language through that same call and then sends the browser to the page in the language
 * (303). Visitors keep the plain links.
 *
 * A post cannot carry the app's request header, so the cross-site check of a form post is the browser's own word
 * on where it comes from (auth/cookie.ts formCrossSiteReason), made before the body is read; the session cookie's
 * SameSite=Strict is the second layer. A cross-site post is refused (403, audited) and changes nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { localeOfPath, type Locale } from '@/domain/locale';
import { LANGUAGE_CHOICE_ATTRIBUTE } from '@/client/islands/names';
import { APP_SOURCE_HEADER, DEFAULT_APP_SOURCE } from '@/domain/app-source';
import { endpoints } from '@/generated/api';
import { cookieToken, formCrossSiteReason } from '../auth/cookie';
import { callerForToken } from '../plugins/auth';
import { writeAudit } from '../audit';
import { AppError } from '../errors';

/** Where the switcher's form posts go (not a page: it answers with a redirect to one). */
export const LANGUAGE_CHOICE_PATH = '/language';
/** The form's one field: the page to go to, which is in the chosen language (its path prefix says which). */
export const LANGUAGE_CHOICE_FIELD = 'page';

const CHOICE_LINK = new RegExp(`<a ([^>]*\\b${LANGUAGE_CHOICE_ATTRIBUTE}="[^"]*"[^>]*)>((?:(?!</a>)[\\s\\S])*)</a>`, 'g');

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];
}

/**
 * The page with each language link of the switcher written as a form post of the same address, its words
 * and its language unchanged (the address stays escaped as the renderer wrote it).
 */
export function withLanguageForms(html: string): string {
  return html.replace(CHOICE_LINK, (link, attributes: string, inner: string) => {
    const href = attribute(attributes, 'href');
    if (!href) return link;
    const lang = attribute(attributes, 'lang');
    return (
      `<form method="post" action="${LANGUAGE_CHOICE_PATH}" class="site-header__language-form">` +
      `<input type="hidden" name="${LANGUAGE_CHOICE_FIELD}" value="${href}">` +
      `<button type="submit" class="site-header__language-choice"${lang ? ` lang="${lang}"` : ''}>${inner}</button></form>`
    );
  });
}

/** Refuses a form post from another site before anything is read or done. */
async function refuseCrossSite(request: FastifyRequest): Promise<void> {
  const reason = formCrossSiteReason(request);
  if (!reason) return;
  await writeAudit(request, { action: 'chooseLanguage', outcome: 'denied', status: 403, details: { reason: `cross-site request: ${reason}` } });
  throw new AppError('CROSS_SITE_REQUEST_REFUSED');
}

/**
 * The signed-in person's account takes the language, through the call the app makes (its access rules, audit and
 * page-cache refresh), asked with the session's own token. Whether it took it or not, the page changes, as in the app.
 */
async function saveAccountLanguage(app: FastifyInstance, request: FastifyRequest, locale: Locale): Promise<void> {
  const token = cookieToken(request);
  if (!token) return;
  const caller = await callerForToken(request, token, true);
  if (!caller) return;
  const saved = await app.inject({
    method: 'PATCH',
    url: `/api${endpoints.updateUser.path.replace('{id}', encodeURIComponent(caller.userId))}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': locale, [APP_SOURCE_HEADER]: DEFAULT_APP_SOURCE },
    payload: { language: locale },
  });
  if (saved.statusCode !== 200) request.log.warn({ status: saved.statusCode }, "the switcher's language was not saved to the account");
}

export default fp(
  async (app) => {
    await app.register(async (scope) => {
      // A browser sends a form as application/x-www-form-urlencoded; this form is one short field.
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
      scope.post<{ Body: { page: string } }>(
        LANGUAGE_CHOICE_PATH,
        {
          schema: {
            hide: true,
            body: {
              type: 'object',
              required: [LANGUAGE_CHOICE_FIELD],
              additionalProperties: false,
              properties: { [LANGUAGE_CHOICE_FIELD]: { type: 'string', minLength: 1, maxLength: 2048, 'x-sameSitePath': true } },
            },
          },
          onRequest: refuseCrossSite,
        },
        async (request, reply) => {
          const page = request.body.page;
          const { locale } = localeOfPath(page.split(/[?#]/)[0] ?? '/');
          await saveAccountLanguage(app, request, locale);
          // The page itself keeps the choice in the lang cookie when it is served (plugins/client.ts).
          return reply.header('cache-control', 'no-store').redirect(page, 303);
        },
      );
    });
  },
  { name: 'language-choice' },
);
