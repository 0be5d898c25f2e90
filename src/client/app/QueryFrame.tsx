/**
 * Data fetching for app screens (product-spec §9 defaults). Loaded with the first screen that
 * fetches data, so public pages without data never download the query library. On the server the
 * renderer provides a client per request; in the browser one client lives for the page, seeded
 * with the cache the server rendered the page with (no second fetch, no flash).
 */
import { useContext, type ReactNode } from 'react';
import { hydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../api/query-client';
import { ServerQueryClientContext } from '../runtime/ssr/route-data';
import { PAGE_DATA_IDS, takePageData } from '../runtime/ssr/page-data';

let browserClient: QueryClient | undefined;

function browserQueryClient(): QueryClient {
  if (!browserClient) {
    browserClient = createQueryClient();
    const state = takePageData<unknown>(PAGE_DATA_IDS.queries);
    if (state) hydrate(browserClient, state);
  }
  return browserClient;
}

export function QueryFrame({ children }: { children: ReactNode }) {
  const serverClient = useContext(ServerQueryClientContext);
  return <QueryClientProvider client={serverClient ?? browserQueryClient()}>{children}</QueryClientProvider>;
}
