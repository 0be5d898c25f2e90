/**
 * The visitor's data: queries for provider search, filters, first open slots, availability, profiles
 * and geocoding, built on the generated apiQueries (typed call and query key per endpoint of
 * specs/api). The same definitions serve the browser (useQuery) and the server renderer (loadData
 * prefetches them), so a server-rendered page hydrates from its cache.
 */
import type {
  EndpointTypes,
  Filter,
  GetFirstAvailableSlotQuery,
  GetProviderAvailabilityQuery,
  GetProviderProfileQuery,
  Provider,
  SearchProvidersQuery,
  Slot,
} from '@/generated/entities';
import { apiQueries, queryKeys } from '@/generated/client/hooks';
import type { ApiClient } from '@/client/api/api-context';
import { isApiError } from '@/client/api/errors';

export type { Filter, Provider, Slot };
export type ProviderPage = EndpointTypes['searchProviders']['response'];
export type SlotList = EndpointTypes['getProviderAvailability']['response'];
export type Place = EndpointTypes['geocode']['response'];
/** What the first-open-slot lookup takes besides the providers. */
export type FirstSlotsQuery = Omit<GetFirstAvailableSlotQuery, 'providerId'>;

/** The filters (of one state, or of every state): the same query as the landing pages', so the cache is shared. */
export const filtersQuery = (api: ApiClient, stateCode?: string) => ({
  ...apiQueries.getProviderFilters(api, { query: stateCode ? { stateCode } : {} }),
  staleTime: Infinity,
});

export const searchQuery = (api: ApiClient, query: SearchProvidersQuery) => apiQueries.searchProviders(api, { query });

export const firstSlotsQuery = (api: ApiClient, providerIds: readonly string[], query: FirstSlotsQuery) =>
  apiQueries.getFirstAvailableSlot(api, { query: { ...query, providerId: [...providerIds] } });

export const availabilityQuery = (api: ApiClient, providerId: string, query: GetProviderAvailabilityQuery) =>
  apiQueries.getProviderAvailability(api, { params: { id: providerId }, query });

/**
 * A profile as the page shows it: found, removed (the API's 204: product-spec §8 provider deleted),
 * or missing. Answers, not errors, so a server-rendered page sends each of them to the browser.
 */
export type ProfileResult = { kind: 'found'; provider: Provider } | { kind: 'removed' } | { kind: 'missing' };

export const profileQuery = (api: ApiClient, query: GetProviderProfileQuery) => ({
  // The endpoint's key, marked: the cached answer is a ProfileResult, not the endpoint's response.
  queryKey: [...queryKeys.getProviderProfile({ query }), 'result'] as const,
  queryFn: async (): Promise<ProfileResult> => {
    try {
      return { kind: 'found', provider: await api.getProviderProfile({ query }) };
    } catch (error) {
      if (isApiError(error) && error.kind === 'provider-deleted') return { kind: 'removed' };
      // 404: no such provider; 400: the address holds no valid id or slug.
      if (isApiError(error) && (error.status === 404 || error.status === 400)) return { kind: 'missing' };
      throw error;
    }
  },
});

export const geocodeQuery = (api: ApiClient, text: string) => ({
  ...apiQueries.geocode(api, { query: { query: text.trim() } }),
  staleTime: Infinity,
});
