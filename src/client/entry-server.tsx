/**
 * Server renderer for public pages (render: server or document in specs/routes.yaml, and the fragments of
 * document pages an island loads: render: fragment), built by `vite build --ssr`.
 * A screen that exports `loadData` gets its data first (through the API, in-process), is rendered
 * with it, and the data goes to the browser with the page (see runtime/ssr/route-data.ts).
 */
import { prerenderToNodeStream } from 'react-dom/static';
// Pages are rendered in each request's language: every language's copy (the browser loads only its page's).
import '../generated/translations/all';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Route, Routes, StaticRouter } from 'react-router';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { routeById, type RouteId } from '../generated/routes';
import { createApiClient, type Transport } from '../generated/client/api';
import { screenLoaders } from '../generated/client/screens';
import * as timingConstants from '../generated/constants/timing';
import { App } from './app/App';
import { QueryFrame } from './app/QueryFrame';
import { createAppStore } from './store';
import { ApiProvider } from './api/api-context';
import { createTransport, type CallOptions } from './api/transport';
import { loaderOf, ServerQueryClientContext, type RouteHead } from './runtime/ssr/route-data';
import { DocumentModeContext } from './runtime/ssr/document-mode';
import type { ApiResult, RenderRequest, RenderResult } from './ssr-contract';
import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LOCALE, isLocale, localeDefinition, localizedPath, setLocaleSource, type Locale } from '../domain/locale';
import { pageLanguageLinks, type LanguageAlternate } from '../domain/page-languages';
import { descriptionOfRoute, routeTitle } from '../domain/translations';
import { escapeHtml, scriptSafeJson } from '../domain/html';

// Renders overlap (one awaits its data while another starts): each render's language is its own, and every
// message, date and amount of the render is written in it.
const renderLocale = new AsyncLocalStorage<Locale>();
const outside = setLocaleSource(() => renderLocale.getStore() ?? outside());

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/** The API as the browser's transport sees it, answered in-process by the server (no token: public pages). */
function serverTransport(fetchApi: (path: string) => Promise<ApiResult>): Transport<CallOptions> {
  return createTransport({
    baseUrl: '',
    timeoutMs: timingConstants.apiTimeoutMs,
    appSource: () => 'patient_web',
    accessToken: () => undefined,
    impersonation: () => undefined,
    onUnauthorized: () => undefined,
    fetch: async (input) => {
      const result = await fetchApi(String(input));
      const noBody = result.status === 204 || result.body === undefined;
      return new Response(noBody ? null : JSON.stringify(result.body), {
        status: result.status,
        headers: { ...(result.headers ?? {}), 'content-type': 'application/json' },
      });
    },
  });
}

export function headTags(head: RouteHead, alternates: readonly LanguageAlternate[] = []): string {
  const tags: string[] = [];
  if (head.title) tags.push(`<title>${escapeHtml(head.title)}</title>`, `<meta property="og:title" content="${escapeHtml(head.title)}">`);
  if (head.description)
    tags.push(
      `<meta name="description" content="${escapeHtml(head.description)}">`,
      `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    );
  if (head.canonical)
    tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`, `<meta property="og:url" content="${escapeHtml(head.canonical)}">`);
  for (const alternate of alternates) tags.push(`<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}">`);
  if (head.robots) tags.push(`<meta name="robots" content="${escapeHtml(head.robots)}">`);
  if (head.jsonLd !== undefined) tags.push(`<script type="application/ld+json">${scriptSafeJson(head.jsonLd)}</script>`);
  return tags.join('');
}

export function render(request: RenderRequest): Promise<RenderResult> {
  const locale = isLocale(request.locale) ? request.locale : DEFAULT_LOCALE;
  return renderLocale.run(locale, () => renderInLocale(request, locale));
}

/** The page as the route sees it (request.url has no language prefix), in its language below the prefix. */
async function renderInLocale(request: RenderRequest, locale: Locale): Promise<RenderResult> {
  const store = createAppStore();
  const route = routeById[request.routeId as RouteId];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: timingConstants.queryCacheMs } } });
  const transport = serverTransport(request.fetchApi);
  const api = createApiClient(transport);
  const url = new URL(request.url, request.origin ?? 'http://localhost');
  const now = request.now ? new Date(request.now) : undefined;
  let status = 200;
  let head: RouteHead = {
    title: routeTitle(route.id),
    description: descriptionOfRoute(route),
    canonical: request.origin ? `${request.origin}${url.pathname}` : undefined,
  };

  const load = screenLoaders[route.id];
  const loadData = load ? loaderOf(await load()) : undefined;
  if (loadData) {
    try {
      const result = await loadData({
        params: request.params,
        search: url.searchParams,
        url: request.url,
        origin: request.origin ?? url.origin,
        api,
        queryClient,
        now,
      });
      if (result?.status) status = result.status;
      if (result?.head) head = { ...head, ...result.head };
    } catch (error) {
      // The page still renders; the browser loads the data itself and shows its own error state.
      console.error(`loading data for ${route.id} failed`, error);
    }
  }

  // The canonical address in the page's language, and the same page in the others (hreflang).
  let alternates: LanguageAlternate[] = [];
  if (head.canonical && request.origin) ({ canonical: head.canonical, alternates } = pageLanguageLinks(head.canonical, request.origin, locale));

  // Below the language's prefix: the app's links and navigation keep /es.
  const basename = localeDefinition(locale).pathPrefix || undefined;
  const location = `${localizedPath(url.pathname, locale)}${url.search}`;
  const router = (children: ReactNode) => (
    <StaticRouter basename={basename} location={location}>
      {children}
    </StaticRouter>
  );
  let tree: ReactNode;
  if (request.fragment) {
    // The screen alone, under its route (for its parameters): no layout around it.
    const Screen = load ? (await load()).default : undefined;
    tree = Screen ? (
      <Provider store={store}>
        <QueryFrame>
          {router(
            <Routes>
              <Route path={route.path} element={<Screen />} />
            </Routes>,
          )}
        </QueryFrame>
      </Provider>
    ) : null;
  } else {
    tree = <App store={store} router={router} />;
  }
  const { prelude } = await prerenderToNodeStream(
    <DocumentModeContext.Provider value={request.document || request.fragment ? { search: url.searchParams, now } : undefined}>
      <ServerQueryClientContext.Provider value={queryClient}>
        <ApiProvider transport={transport}>{tree}</ApiProvider>
      </ServerQueryClientContext.Provider>
    </DocumentModeContext.Provider>,
    // One document, no boundary sent apart: React outlines a large Suspense boundary (a long page such
    // as a hub with its list of places) and completes it with an inline script, which the CSP refuses.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await streamToString(prelude);
  // A document page (or a piece of one) is not hydrated: it carries no state for the app.
  if (request.document || request.fragment) return { status, head: headTags(head, alternates), html };
  return { status, head: headTags(head, alternates), html, state: store.getState(), queries: loadData ? dehydrate(queryClient) : undefined };
}
