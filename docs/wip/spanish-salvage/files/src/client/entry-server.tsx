/**
 * Server renderer for public pages (render: server or document in specs/routes.yaml), built by `vite build --ssr`.
 * A screen that exports `loadData` gets its data first (through the API, in-process), is rendered
 * with it, and the data goes to the browser with the page (see runtime/ssr/route-data.ts).
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { routeById, type RouteId } from '../generated/routes';
import { createApiClient, type Transport } from '../generated/client/api';
import { screenLoaders } from '../generated/client/screens';
import { constants } from '../generated/constants';
import { App } from './app/App';
import { createAppStore } from './store';
import { ApiProvider } from './api/api-context';
import { createTransport, type CallOptions } from './api/transport';
import { loaderOf, ServerQueryClientContext, type RouteHead } from './runtime/ssr/route-data';
import { DocumentModeContext } from './runtime/ssr/document-mode';
import type { ApiResult, RenderRequest, RenderResult } from './ssr-contract';
import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LOCALE, LOCALES, localeDefinition, localeOfPath, localizedPath, setLocaleSource, type Locale } from '../domain/locale';
import { routeTitle } from '../domain/translations';

// Renders overlap (one awaits its data while another starts): each render's language is its own.
const renderLocale = new AsyncLocalStorage<Locale>();
setLocaleSource(() => renderLocale.getStore());

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}

/** The API as the browser's transport sees it, answered in-process by the server (no token: public pages). */
function serverTransport(fetchApi: (path: string, headers?: Record<string, string>) => Promise<ApiResult>): Transport<CallOptions> {
  return createTransport({
    baseUrl: '',
    timeoutMs: constants.apiTimeoutMs,
    appSource: () => 'patient_web',
    accessToken: () => undefined,
    impersonation: () => undefined,
    onUnauthorized: () => undefined,
    fetch: async (input, init) => {
      const result = await fetchApi(String(input), init?.headers as Record<string, string> | undefined);
      const noBody = result.status === 204 || result.body === undefined;
      return new Response(noBody ? null : JSON.stringify(result.body), {
        status: result.status,
        headers: { ...(result.headers ?? {}), 'content-type': 'application/json' },
      });
    },
  });
}

/** JSON inside a <script> must not be able to close it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function headTags(head: RouteHead): string {
  const tags: string[] = [];
  if (head.title) tags.push(`<title>${escapeHtml(head.title)}</title>`, `<meta property="og:title" content="${escapeHtml(head.title)}">`);
  if (head.description)
    tags.push(
      `<meta name="description" content="${escapeHtml(head.description)}">`,
      `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    );
  if (head.canonical)
    tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`, `<meta property="og:url" content="${escapeHtml(head.canonical)}">`);
  for (const alternate of head.alternates ?? [])
    tags.push(`<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}">`);
  if (head.robots) tags.push(`<meta name="robots" content="${escapeHtml(head.robots)}">`);
  if (head.jsonLd !== undefined) tags.push(`<script type="application/ld+json">${scriptSafeJson(head.jsonLd)}</script>`);
  return tags.join('');
}

export function render(request: RenderRequest): Promise<RenderResult> {
  return renderLocale.run(request.locale ?? DEFAULT_LOCALE, () => renderInLocale(request));
}

/**
 * The same page in every language (hreflang), and x-default for the default language's, so search
 * engines send each reader to theirs.
 */
function alternates(origin: string, pathname: string, search: string): { hreflang: string; href: string }[] {
  const bare = localeOfPath(pathname).path;
  const links = LOCALES.map((l) => ({ hreflang: l.tag, href: `${origin}${localizedPath(bare, l.tag)}${search}` }));
  return [...links, { hreflang: 'x-default', href: `${origin}${localizedPath(bare, DEFAULT_LOCALE)}${search}` }];
}

async function renderInLocale(request: RenderRequest): Promise<RenderResult> {
  const locale = request.locale ?? DEFAULT_LOCALE;
  const store = createAppStore();
  const route = routeById[request.routeId as RouteId];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: constants.queryCacheMs } } });
  const transport = serverTransport(request.fetchApi);
  const api = createApiClient(transport);
  const url = new URL(request.url, request.origin ?? 'http://localhost');
  let status = 200;
  let head: RouteHead = {
    title: routeTitle(route.id),
    description: route.description,
    canonical: request.origin ? `${request.origin}${url.pathname}` : undefined,
    alternates: request.origin ? alternates(request.origin, url.pathname, url.search) : undefined,
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
      });
      if (result?.status) status = result.status;
      if (result?.head) head = { ...head, ...result.head };
    } catch (error) {
      // The page still renders; the browser loads the data itself and shows its own error state.
      console.error(`loading data for ${route.id} failed`, error);
    }
  }

  const { prelude } = await prerenderToNodeStream(
    <DocumentModeContext.Provider value={request.document ? { search: url.searchParams } : undefined}>
      <ServerQueryClientContext.Provider value={queryClient}>
        <ApiProvider transport={transport}>
          <App
            store={store}
            router={(children) => (
              <StaticRouter basename={localeDefinition(locale).pathPrefix || undefined} location={request.url}>
                {children}
              </StaticRouter>
            )}
          />
        </ApiProvider>
      </ServerQueryClientContext.Provider>
    </DocumentModeContext.Provider>,
    // One document, no boundary sent apart: React outlines a large Suspense boundary (a long page such
    // as a hub with its list of places) and completes it with an inline script, which the CSP refuses.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await streamToString(prelude);
  // A document page is not hydrated: it carries no state for the app.
  if (request.document) return { status, head: headTags(head), html };
  return { status, head: headTags(head), html, state: store.getState(), queries: loadData ? dehydrate(queryClient) : undefined };
}
