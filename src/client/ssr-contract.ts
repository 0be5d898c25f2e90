/** What the server asks of the client's server renderer (entry-server.tsx), and what it gets back. */
export interface ApiResult {
  status: number;
  body: unknown;
}

export interface RenderRequest {
  url: string;
  routeId: string;
  params: Record<string, string>;
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
}
