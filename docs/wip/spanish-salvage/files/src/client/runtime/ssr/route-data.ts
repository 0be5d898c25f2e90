/**
 * Data a server-rendered screen loads before it is rendered. A screen module may export
 * `loadData`: the server renderer calls it with a per-request query client and the typed API
 * client (in process), renders the screen with that cache and sends the cache (dehydrated) with the page; the
 * browser hydrates the same cache, so the data is on screen at once and not fetched again.
 * `loadData` may also say the page's status (404 for a missing provider) and its head tags.
 */
import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/client/api/api-context';

export interface RouteDataContext {
  params: Readonly<Record<string, string>>;
  search: URLSearchParams;
  /** path and query of the page */
  url: string;
  /** the public address of the site (https://example.com), for canonical links */
  origin: string;
  /** the typed API client, in process */
  api: ApiClient;
  queryClient: QueryClient;
}

export interface RouteHead {
  title?: string;
  description?: string;
  /** absolute address search engines should index this page under */
  canonical?: string;
  /** the same page in every language: hreflang tag and absolute address */
  alternates?: { hreflang: string; href: string }[];
  /** e.g. noindex for a removed provider */
  robots?: string;
  /** structured data (schema.org) */
  jsonLd?: unknown;
}

export interface RouteDataResult {
  status?: number;
  head?: RouteHead;
}

export type LoadData = (context: RouteDataContext) => Promise<RouteDataResult | void>;

/** A screen module as the generated loaders give it, with its optional data loader. */
export interface ScreenModuleWithData {
  default: unknown;
  loadData?: LoadData;
}

export function loaderOf(module: unknown): LoadData | undefined {
  const candidate = (module as Partial<ScreenModuleWithData> | undefined)?.loadData;
  return typeof candidate === 'function' ? candidate : undefined;
}

/** The per-request query client of the server renderer; in the browser there is none (QueryFrame makes its own). */
export const ServerQueryClientContext = createContext<QueryClient | undefined>(undefined);
