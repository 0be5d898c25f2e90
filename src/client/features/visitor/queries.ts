/**
 * The visitor's data: query keys and functions for provider search, filters, first open slots,
 * availability, profiles and geocoding. The same definitions serve the browser (useQuery) and the
 * server renderer (loadData prefetches them), so a server-rendered page hydrates from its cache.
 */
import type { EndpointTypes, Filter, Provider, Slot } from '../../../generated/entities';
import type { EndpointId } from '../../../generated/client/api';
import type { ApiCall } from '../../api/api-context';
import { isApiError } from '../../api/errors';

type Response<I extends EndpointId> = I extends keyof EndpointTypes ? EndpointTypes[I]['response'] : never;

export function request<I extends EndpointId>(call: ApiCall, id: I, input: { params?: object; query?: object } = {}): Promise<Response<I>> {
  return call<Response<I>>(id, input);
}

export type { Filter, Provider, Slot };
export type ProviderPage = Response<'searchProviders'>;
export type SlotList = Response<'getProviderAvailability'>;
export type Place = Response<'geocode'>;

export const filtersQuery = (call: ApiCall, stateCode?: string) => ({
  queryKey: ['providerFilters', stateCode ?? null] as const,
  queryFn: () => request(call, 'getProviderFilters', { query: stateCode ? { stateCode } : {} }),
  staleTime: Infinity,
});

export const searchQuery = (call: ApiCall, query: Record<string, unknown>) => ({
  queryKey: ['providerSearch', query] as const,
  queryFn: () => request(call, 'searchProviders', { query }),
});

export const firstSlotsQuery = (call: ApiCall, providerIds: readonly string[], query: Record<string, unknown>) => ({
  queryKey: ['firstAvailableSlot', providerIds, query] as const,
  queryFn: () => request(call, 'getFirstAvailableSlot', { query: { ...query, providerId: providerIds } }),
});

export const availabilityQuery = (call: ApiCall, providerId: string, query: Record<string, unknown>) => ({
  queryKey: ['providerAvailability', providerId, query] as const,
  queryFn: () => request(call, 'getProviderAvailability', { params: { id: providerId }, query }),
});

/**
 * A profile as the page shows it: found, removed (the API's 204: product-spec §8 provider deleted),
 * or missing. Answers, not errors, so a server-rendered page sends each of them to the browser.
 */
export type ProfileResult = { kind: 'found'; provider: Provider } | { kind: 'removed' } | { kind: 'missing' };

export const profileQuery = (call: ApiCall, query: { providerId?: string; practiceId?: string; type?: string; state?: string; slug?: string }) => ({
  queryKey: ['providerProfile', query] as const,
  queryFn: async (): Promise<ProfileResult> => {
    try {
      return { kind: 'found', provider: await request(call, 'getProviderProfile', { query }) };
    } catch (error) {
      if (isApiError(error) && error.kind === 'provider-deleted') return { kind: 'removed' };
      // 404: no such provider; 400: the address holds no valid id or slug.
      if (isApiError(error) && (error.status === 404 || error.status === 400)) return { kind: 'missing' };
      throw error;
    }
  },
});

export const geocodeQuery = (call: ApiCall, text: string) => ({
  queryKey: ['geocode', text.trim().toLowerCase()] as const,
  queryFn: () => request(call, 'geocode', { query: { query: text.trim() } }),
  staleTime: Infinity,
});
