/** Data fetching defaults of product-spec §9: fresh for 5 minutes, reads retried with a doubling delay, writes never retried. */
import { QueryClient } from '@tanstack/react-query';
import type { queryKeys } from '@/generated/client/hooks';
import { constants } from '@/generated/constants';
import { retryDelayMs, shouldRetryQuery } from './retry';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: constants.queryCacheMs, gcTime: constants.queryCacheMs, retry: shouldRetryQuery, retryDelay: retryDelayMs },
      mutations: { retry: constants.mutationRetries },
    },
  });
}

/**
 * The first element of the query keys of the signed-in person's own records (sessions, billing, cards:
 * the portal's). Whatever changes them outside the portal (a booking made) invalidates this root, so
 * the portal never shows a list from before the change.
 */
export const portalQueryRoot = 'portal';

/** The GET endpoints of the portal's own records read through their generated keys (queryKeys). */
const portalEndpoints: ReadonlySet<unknown> = new Set<keyof typeof queryKeys>([
  'listPaymentReceipts',
  'getBillingTransaction',
  'listPatientCards',
  'appointmentsExist',
]);

/** Marks every portal record stale (the portal root and the portal's generated keys), so the portal reads them again. */
export function invalidatePortal(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === portalQueryRoot || portalEndpoints.has(queryKey[0]) });
}
