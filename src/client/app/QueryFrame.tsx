/**
 * Data fetching for app screens (product-spec §9 defaults). Loaded with the first screen that
 * fetches data, so public pages without data never download the query library. On the server the
 * renderer provides a client per request; in the browser one client lives for the page, seeded
 * with the cache the server rendered the page with (no second fetch, no flash).
 */
import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { hydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useAppSelector } from '../store/hooks';
import { selectUser } from '../store/auth/slice';
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

/**
 * The browser's cache outlives a sign-out (the sign-in page is reached without a full load): when the person
 * signed in leaves, or another signs in, nothing read for the one before may be shown to the next.
 */
function ForgetOnAnotherPerson({ client }: { client: QueryClient }) {
  const userId = useAppSelector(selectUser)?.id;
  const before = useRef(userId);
  useEffect(() => {
    if (before.current !== undefined && before.current !== userId) client.clear();
    before.current = userId;
  }, [client, userId]);
  return null;
}

export function QueryFrame({ children }: { children: ReactNode }) {
  const serverClient = useContext(ServerQueryClientContext);
  if (serverClient) return <QueryClientProvider client={serverClient}>{children}</QueryClientProvider>;
  const client = browserQueryClient();
  return (
    <QueryClientProvider client={client}>
      <ForgetOnAnotherPerson client={client} />
      {children}
    </QueryClientProvider>
  );
}
