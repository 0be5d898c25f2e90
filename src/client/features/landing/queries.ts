/**
 * Data of the public pages: the call center's status (computed by the domain rule; on the server for
 * the first paint, then in the browser, which loads the time-zone rule only when it refreshes) and
 * the insurance carriers the search entry offers.
 */
import type { EndpointTypes } from '../../../generated/entities';
import type { ApiCall } from '../../api/api-context';

export interface CallCenterNow {
  isOpen: boolean;
  /** ISO instant of the next opening */
  nextOpening: string | null;
}

/** A minute: the status changes on the minute at most. */
const CALL_CENTER_REFRESH_MS = 60_000;

export const callCenterQuery = () => ({
  queryKey: ['callCenterStatus'] as const,
  queryFn: async (): Promise<CallCenterNow> => {
    const { callCenterStatus } = await import('../../../domain/call-center');
    const status = callCenterStatus(new Date());
    return { isOpen: status.isOpen, nextOpening: status.nextOpening?.toISOString() ?? null };
  },
  staleTime: CALL_CENTER_REFRESH_MS,
  refetchInterval: CALL_CENTER_REFRESH_MS,
});

/** The same key and answer as the visitor area's filter query, so the cache is shared. */
export const allFiltersQuery = (call: ApiCall) => ({
  queryKey: ['providerFilters', null] as const,
  queryFn: () => call<EndpointTypes['getProviderFilters']['response']>('getProviderFilters', { query: {} }),
  staleTime: Infinity,
});
