/**
 * Serves the built client. Public pages marked render: server or document in specs/routes.yaml are
 * rendered to HTML here so search engines and slow phones get content first (a document page gets the
 * islands script instead of the app: src/client/islands; a fragment is a piece of one, its screen
 * alone, that an island loads in place); other app routes get the app shell; a path that matches no registered route gets the shell with status 404, and the
 * client shows its not-found page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { routes, routeById } from '@/generated/routes';
import { descriptionOfRoute, titleOfRoute } from '@/domain/translations';
import { messageAreaModule, messageAreasOfScreens } from '@/generated/message-areas';
import { matchRoute } from '@/domain/route-match';
import type { RenderRequest, RenderResult } from '@/client/ssr-contract';
import { PAGE_DATA_IDS } from '@/client/runtime/ssr/page-data';
import { constants } from '@/generated/constants';
import { ISLANDS_ENTRY } from '@/client/islands/names';
import { rendersAsDocument } from '@/domain/render-mode';
import { endpoints } from '@/generated/api';
import { APP_SOURCE_HEADER, DEFAULT_APP_SOURCE } from '@/domain/app-source';
import type { AccountSession } from '@/domain/account-link';
import { cookieToken } from '../auth/cookie';
import { signedInHint } from '../auth/signed-in-hint';
import { hasAccountLink, withAccountLink, withHintedAccountLink } from '../pages/account-link';
import { withLanguageForms } from '../pages/language-choice';
import { withDemoBanner } from '../pages/demo-banner';
import { chooseEncoding, compressText, etagMatches, PageCache, pageCacheKey, type CachedPage, type RenderedPage } from '../pages/page-cache';
import { DEFAULT_LOCALE, isLocale, localeFromAcceptLanguage, localeOfPath, localizedPath, type Locale } from '@/domain/locale';
import { LANGUAGE_COOKIE } from '../locale';
import { randomUUID } from 'node:crypto';
import type { PageFlags } from '@/domain/flags';
import { decisionFor, trafficKeyOf, visitorIdOf } from '../flags/decisions';
import { resolveCaller } from './auth';
import { openTimesVersion } from '../marketplace/availability';
import { escapeHtml, scriptSafeJson } from '@/domain/html';

export interface ClientPluginOptions {
  clientDir: string;
  ssrEntry: string;
  /** address people reach the site at (PUBLIC_URL), for canonical links of server-rendered pages */
  publicUrl?: string;
  /** DEMO_MODE: every page says it is a demo (pages/demo-banner.ts) */
  demoMode?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    renderPage?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
    /** rendered public pages (src/server/pages/page-cache.ts), when the client is served */
    pageCache?: PageCache;
  }
}

const registered = routes.filter((r) => r.registered);

/** A piece of a document page an island loads (render: fragment): its screen's HTML alone, no page around it. */
function isFragmentPath(pathname: string): boolean {
  return matchRoute(registered, pathname)?.route.render === 'fragment';
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** The modules main.tsx fetches for the store's sagas (src/client/store/sagas-later.ts). */
const SAGA_MODULES = ['src/client/store/sagas.ts', 'src/client/api/services.ts'];

/**
 * Head tags for a screen's own chunk: its stylesheets (so server-rendered HTML is styled before
 * any script runs, without a layout shift) and module preloads (so the chunk arrives in parallel).
 */
export function screenAssets(manifest: Record<string, ManifestChunk>, screenSource: string, options: { scripts: boolean } = { scripts: true }): string {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  visit(screenSource);
  const preloads = options.scripts ? [...js].map((f) => `<link rel="modulepreload" href="/${f}">`) : [];
  return [...[...css].map((c) => `<link rel="stylesheet" href="/${c}">`), ...preloads].join('');
}

/**
 * A document page's template: the app's template without the app's scripts (its entry and module
 * preloads), with the islands script at the end of the body, so it loads after the content.
 */
export function documentTemplate(template: string, islandsManifest: Record<string, ManifestChunk>): string {
  const withoutApp = template.replace(/<script type="module"[^>]*><\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
  const islands = islandsManifest[ISLANDS_ENTRY]?.file;
  return islands ? withoutApp.replace('</body>', () => `<script type="module" src="/${islands}"></script></body>`) : withoutApp;
}

/** A page's template says its language: <html lang="es"> for /es/…, the default language's tag otherwise. */
export function withHtmlLang(template: string, locale: Locale): string {
  const lang = `lang="${escapeHtml(locale)}"`;
  return /<html\b[^>]*\blang="[^"]*"/.test(template)
    ? template.replace(/(<html\b[^>]*\b)lang="[^"]*"/, (_, before: string) => `${before}${lang}`)
    : template.replace(/<html\b/, () => `<html ${lang}`);
}

/**
 * A page that carries flag decisions: one the app runs on (not a document page read with islands, nor a fragment),
 * or a document page whose island reads flags (islandFlags in specs/routes.yaml: sign-in's code or link).
 */
function carriesFlags(url: string): boolean {
  const [pathname = '/', query = ''] = url.split('?');
  const match = matchRoute(registered, localeOfPath(pathname).path);
  if (!match) return true;
  if (match.route.render === 'fragment') return false;
  return !rendersAsDocument(match.route, new URLSearchParams(query)) || Boolean(match.route.islandFlags?.length);
}

/** The visitor id's cookie lasts as long as the id in the browser's storage: the same visitor, the same flags. */
const VISITOR_COOKIE_OPTIONS = { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 60 * 60 } as const;

/** The lang cookie keeps a visitor's language for a year (the switcher's choice, or the language of the pages read). */
const LANGUAGE_COOKIE_OPTIONS = { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 60 * 60 } as const;

/**
 * Where a first visit goes: a page of the default language, asked for by a browser that prefers another of
 * ours and that has no language kept in its cookie, moves to the same page in that language (same query).
 * Undefined when the page is to be served as asked (a chosen language, a prefixed page, a crawler).
 */
export function firstVisitRedirect(
  url: string,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): { location: string; locale: Locale } | undefined {
  if (isLocale(cookie)) return undefined;
  const [pathname = '/', ...rest] = url.split('?');
  if (localeOfPath(pathname).locale !== DEFAULT_LOCALE) return undefined;
  const wanted = localeFromAcceptLanguage(acceptLanguage);
  if (wanted === DEFAULT_LOCALE) return undefined;
  const query = rest.length ? `?${rest.join('?')}` : '';
  return { location: `${localizedPath(pathname, wanted)}${query}`, locale: wanted };
}

export default fp<ClientPluginOptions>(
  async (app, opts) => {
    const templatePath = join(opts.clientDir, 'index.html');
    if (!existsSync(templatePath)) {
      throw new Error(`The client is not built (${templatePath} is missing). Run \`npm run build\`; \`npm start\` builds it for you.`);
    }
    if (!existsSync(opts.ssrEntry)) {
      throw new Error(`The server renderer is not built (${opts.ssrEntry} is missing). Run \`npm run build\`.`);
    }
    const template = readFileSync(templatePath, 'utf8');
    const manifestPath = join(opts.clientDir, '.vite', 'manifest.json');
    const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>) : {};
    const islandsManifestPath = join(opts.clientDir, '.vite', 'islands-manifest.json');
    const islandsManifest = existsSync(islandsManifestPath) ? (JSON.parse(readFileSync(islandsManifestPath, 'utf8')) as Record<string, ManifestChunk>) : {};
    const documentPageTemplate = documentTemplate(template, islandsManifest);
    const ssr = (await import(pathToFileURL(opts.ssrEntry).href)) as { render: (req: RenderRequest) => Promise<RenderResult> };

    await app.register(fastifyStatic, {
      root: opts.clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every text asset (scripts/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed assets never change; pages are always revalidated.
        if (path.includes(`${join('assets', '')}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });

    // Stylesheets of server-rendered pages travel inside the HTML (a few KB compressed): the first
    // round trip paints the page, with no request blocking the render.
    const styles = new Map<string, string>();
    const inlineStyles = (html: string): string =>
      html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
        if (!styles.has(file)) {
          const path = join(opts.clientDir, file);
          styles.set(file, existsSync(path) ? readFileSync(path, 'utf8').replace(/<\/style/gi, '<\\/style') : '');
        }
        const css = styles.get(file)!;
        // The disabled link is never fetched; it tells the client's chunk loader the stylesheet is on the
        // page, so loading the screen's code does not add it again (later in the cascade, moving things).
        return css ? `<style data-href="/${file}">${css}</style><link rel="stylesheet" href="/${file}" disabled>` : tag;
      });

    // The page's state travels as JSON data blocks (not code: no nonce), so one rendering serves everyone.
    const page = (head: string, body: string, state: unknown, queries: unknown, isDocument: boolean, locale: Locale): string => {
      const blocks = [
        state === undefined ? '' : `<script type="application/json" id="${PAGE_DATA_IDS.state}">${scriptSafeJson(state)}</script>`,
        queries === undefined ? '' : `<script type="application/json" id="${PAGE_DATA_IDS.queries}">${scriptSafeJson(queries)}</script>`,
      ].join('');
      // Replacer functions: a "$" in the page must not be read as a replacement pattern.
      const html = withHtmlLang(isDocument ? documentPageTemplate : template, locale)
        .replace('<!--app-head-->', () => head)
        .replace('<!--app-html-->', () => body)
        .replace('<!--app-state-->', () => blocks);
      return opts.demoMode ? withDemoBanner(html, locale) : html;
    };

    // /es/therapists is the therapists route in Spanish: the route is matched on the path without its
    // language prefix, and the page is rendered in the language (its copy, <html lang>, links below /es).
    const renderUrl = async (requestUrl: string): Promise<RenderedPage> => {
      const [requestPath = '/', ...queryParts] = requestUrl.split('?');
      const { locale, path: pathname } = localeOfPath(requestPath);
      const url = queryParts.length ? `${pathname}?${queryParts.join('?')}` : pathname;
      const match = matchRoute(registered, pathname);
      const route = match?.route ?? routeById.notFound;
      let status = match ? 200 : 404;
      // Document pages (render: document) are rendered for reading and get the islands script, not the app.
      const isDocument = match ? rendersAsDocument(match.route, new URLSearchParams(url.split('?')[1] ?? '')) : false;
      const isFragment = match?.route.render === 'fragment';
      const serverRendered = isDocument || isFragment || match?.route.render === 'server';
      const description = descriptionOfRoute(route, locale);
      let head = `<title>${escapeHtml(titleOfRoute(route, locale))}</title>${description ? `<meta name="description" content="${escapeHtml(description)}">` : ''}`;
      const assets = route.screen ? screenAssets(manifest, `src/client/features/${route.area}/${route.screen}.tsx`, { scripts: !isDocument }) : '';
      let body = '';
      let state: unknown;
      let queries: unknown;
      if (match && serverRendered) {
        const result = await ssr.render({
          url,
          locale,
          routeId: match.route.id,
          document: isDocument,
          now: app.clock.now().toISOString(),
          fragment: isFragment,
          params: match.params,
          origin: opts.publicUrl?.replace(/\/+$/, ''),
          fetchApi: async (path: string) => {
            // The API answers in the page's language (labels, sentences), as it does the app in that language.
            const res = await app.inject({ method: 'GET', url: `/api${path}`, headers: { accept: 'application/json', 'accept-language': locale } });
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers[name.toLowerCase()] = value;
            let json: unknown;
            try {
              json = res.body ? (JSON.parse(res.body) as unknown) : undefined;
            } catch {
              json = res.body;
            }
            return { status: res.statusCode, body: json, headers };
          },
        });
        status = result.status;
        head = result.head;
        body = result.html;
        state = result.state;
        queries = result.queries;
      }
      // A fragment is styled by the page it goes into.
      if (isFragment) return { status, html: body };
      // A page rendered with data hydrates inside the query frame: fetch its code alongside.
      const frameAssets = queries === undefined ? '' : screenAssets(manifest, 'src/client/app/QueryFrame.tsx');
      // An app page in another language than the default loads that language's copy before it draws (src/client/main.tsx): fetch it alongside.
      const languageAssets = isDocument || locale === DEFAULT_LOCALE ? '' : screenAssets(manifest, `src/generated/translations/${locale}.ts`);
      // The messages its screen shows, in the page's language (src/client/runtime/navigation/route-messages.ts).
      const messageAssets = isDocument
        ? ''
        : (messageAreasOfScreens[route.area] ?? []).map((area) => screenAssets(manifest, messageAreaModule(area, locale))).join('');
      // The store's sagas come after the first script, and the session check with them (src/client/main.tsx): fetch them alongside.
      const sagaAssets = isDocument ? '' : SAGA_MODULES.map((key) => screenAssets(manifest, key)).join('');
      const html = page(head + assets + frameAssets + languageAssets + messageAssets + sagaAssets, body, state, queries, isDocument, locale);
      return { status, html: serverRendered ? inlineStyles(html) : html };
    };

    const cache = new PageCache({
      clock: app.clock,
      freshMs: constants.pageCacheFreshSeconds * 1000,
      maxBytes: constants.pageCacheMaxMegabytes * 1024 * 1024,
      onError: (error) => app.log.error({ err: error }, 'rendering a page in the background failed'),
    });
    app.decorate('pageCache', cache);
    // What a page shows changes only through the API: after any change that succeeded, pages are stale.
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api') && reply.statusCode < 400) cache.invalidate();
    });

    // A signed-in person's own copy of a document page: the header's account link written in (see pages/account-link.ts),
    // from their session, or, when the browser withheld the session cookie (a page opened from another site), from the
    // signed-in hint, which authorizes nothing and only names whom the link is for (auth/signed-in-hint.ts).
    const personalPage = async (request: FastifyRequest, cached: CachedPage): Promise<string | undefined> => {
      const token = cookieToken(request);
      const hint = token ? undefined : signedInHint(request);
      if (!token && !hint) return undefined;
      const html = cached.identity.toString('utf8');
      if (!hasAccountLink(html)) return undefined;
      // Where the account link is written, the language switcher saves the account's language too (without a script).
      if (hint) {
        const hinted = withHintedAccountLink(html, hint);
        return hinted === html ? undefined : withLanguageForms(hinted);
      }
      const res = await app.inject({
        method: 'GET',
        url: `/api${endpoints.getAuthSession.path}`,
        headers: { accept: 'application/json', cookie: request.headers.cookie ?? '', [APP_SOURCE_HEADER]: DEFAULT_APP_SOURCE },
      });
      if (res.statusCode !== 200) return undefined;
      const personal = withAccountLink(html, res.json<AccountSession>());
      return personal === html ? undefined : withLanguageForms(personal);
    };

    // An app page carries the server's flag decisions for its visitor (and the signed-in person), made once for this
    // request: the app starts from them instead of control, so a slow flag service switches nothing off on arrival.
    // The visitor's id is made here on a first visit (the cookie the browser keeps it in), so both sides key alike.
    const withPageFlags = async (request: FastifyRequest, reply: FastifyReply, html: string): Promise<string> => {
      let visitor = visitorIdOf(request);
      if (!visitor) {
        visitor = randomUUID();
        reply.setCookie(constants.visitorIdCookie, visitor, VISITOR_COOKIE_OPTIONS);
      }
      const caller = await resolveCaller(request).catch(() => undefined);
      const [anonymous, user] = await Promise.all([decisionFor(request, visitor), caller ? decisionFor(request, trafficKeyOf(request, 'user')) : undefined]);
      const flags: PageFlags = { anonymous, ...(user ? { user } : {}) };
      const block = `<script type="application/json" id="${PAGE_DATA_IDS.flags}">${scriptSafeJson(flags)}</script>`;
      return html.replace('</body>', () => `${block}</body>`);
    };

    app.decorate('renderPage', async (request: FastifyRequest, reply: FastifyReply) => {
      const chosen = request.cookies?.[LANGUAGE_COOKIE];
      const pathname = request.url.split('?')[0] ?? '/';
      const isFragment = isFragmentPath(localeOfPath(pathname).path);
      const moved = isFragment ? undefined : firstVisitRedirect(request.url, chosen, request.headers['accept-language']);
      if (moved) {
        reply.setCookie(LANGUAGE_COOKIE, moved.locale, LANGUAGE_COOKIE_OPTIONS);
        return reply.header('cache-control', 'private, no-cache').header('vary', 'accept-language, cookie').redirect(moved.location, 302);
      }
      const locale = localeOfPath(pathname).locale;
      // The language read is the language kept: the switcher is a plain link to the page in the other language.
      if (!isFragment && chosen !== locale) reply.setCookie(LANGUAGE_COOKIE, locale, LANGUAGE_COOKIE_OPTIONS);
      // Read before rendering, so a page is never kept under a version newer than what it shows.
      const version = await openTimesVersion(app.database);
      const { page: cached, outcome } = await cache.get(pageCacheKey(request.url, locale), () => renderUrl(request.url), version);
      const personalized = isFragment ? undefined : await personalPage(request, cached);
      const personal =
        !isFragment && carriesFlags(request.url) ? await withPageFlags(request, reply, personalized ?? cached.identity.toString('utf8')) : personalized;
      if (personal !== undefined) {
        // Never the shared copy's validator, and kept by no shared cache.
        reply
          .status(cached.status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'private, no-cache')
          .header('vary', 'accept-encoding, cookie')
          .header('x-page-cache', outcome);
        const encoding = chooseEncoding(request.headers['accept-encoding']);
        if (encoding === 'identity') return reply.send(personal);
        return reply.header('content-encoding', encoding).send(await compressText(personal, encoding));
      }
      // A fragment is for an island to load, not a page to find.
      if (isFragment) reply.header('x-robots-tag', 'noindex');
      reply
        .status(cached.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('etag', cached.etag)
        .header('vary', 'accept-encoding')
        .header('x-page-cache', outcome);
      if (etagMatches(request.headers['if-none-match'], cached.etag) && cached.status === 200) return reply.status(304).send();
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (encoding === 'identity') return reply.send(cached.identity);
      return reply.header('content-encoding', encoding).send(encoding === 'br' ? cached.br : cached.gzip);
    });
  },
  { name: 'client' },
);
