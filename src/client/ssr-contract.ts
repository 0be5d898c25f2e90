/** What the server asks of the client's server renderer (entry-server.tsx), and what it gets back. */
export interface ApiResult {
  status: number;
  body: unknown;
  /** response headers, lower-cased names (e.g. x-provider-removal-reason) */
  headers?: Record<string, string>;
}

export interface RenderRequest {
  /** path and query of the page without its language prefix (/therapists for /es/therapists): what the route sees */
  url: string;
  /** the page's language (from its path prefix, /es for "es"); the default language when absent */
  locale?: string;
  routeId: string;
  params: Record<string, string>;
  /** the public address of the site (PUBLIC_URL), for canonical links */
  origin?: string;
  /** a document page (render: document): rendered for reading, never hydrated; widgets draw their no-script form */
  document?: boolean;
  /** the server's time (ISO): what "today" is for the page's times (the server owns the clock) */
  now?: string;
  /** a fragment (render: fragment): the screen alone, drawn as on a document page, with no page (layout, header) around it */
  fragment?: boolean;
  /** GET an /api path in-process (no network hop), for data a server-rendered page needs. */
  fetchApi: (path: string) => Promise<ApiResult>;
}

export interface RenderResult {
  status: number;
  /** tags for <head>: title, description, canonical, structured data */
  head: string;
  html: string;
  /** state the client picks up when it hydrates */
  state?: unknown;
  /** React Query cache the page was rendered with (dehydrated), so the browser does not fetch it again */
  queries?: unknown;
}
