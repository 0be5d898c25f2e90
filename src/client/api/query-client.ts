/** Data fetching defaults of product-spec §9: fresh for 5 minutes, reads retried with a doubling delay, writes never retried. */
import { QueryClient } from '@tanstack/react-query';
import type { queryKeys } from '@/generated/client/hooks';
import * as timingConstants from '@/generated/constants/timing';
import { retryDelayMs, shouldRetryQuery } from './retry';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: timingConstants.queryCacheMs, gcTime: timingConstants.queryCacheMs, retry: shouldRetryQuery, retryDelay: retryDelayMs },
      mutations: { retry: timingConstants.mutationRetries },
    },
  });
}

/**
 * The GET endpoints of the signed-in person's own records (the portal's: the account and its patients, sessions,
 * billing, cards and insurances), read through their generated keys (queryKeys). Whatever changes them outside
 * the portal (a booking made, a payment) invalidates them all, so the portal never shows a list from before the change.
 */
const portalEndpoints: ReadonlySet<unknown> = new Set<keyof typeof queryKeys>([
  'getUserDetails',
  'getUserPatients',
  'listAppointments',
  'getAppointment',
  'listPaymentReceipts',
  'getBillingTransaction',
  'listPatientCards',
  'listPatientInsurances',
  'appointmentsExist',
]);

/** Marks every portal record stale, so the portal reads them again. */
export function invalidatePortal(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: ({ queryKey }) => portalEndpoints.has(queryKey[0]) });
}
