/**
 * The visitor's data: provider search, filters, first open slots, availability, profiles and geocoding.
 * Each read is one input for one endpoint of specs/api, read in two ways under the same generated key: the
 * browser through the generated hooks (use*Query), the server renderer through apiQueries with its in-process
 * client (loadData prefetches them), so a server-rendered page hydrates from its cache.
 */
import type { QueryClient } from '@tanstack/react-query';
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
import {
  apiQueries,
  useGeocodeQuery,
  useGetFirstAvailableSlotQuery,
  useGetProviderFiltersQuery,
  useGetProviderProfileQuery,
  useSearchProvidersQuery,
  type QueryHookOptions,
} from '@/generated/client/hooks';
import type { ApiClient } from '@/client/api/api-context';
import { isApiError } from '@/client/api/errors';
import { shouldRetryQuery } from '@/client/api/retry';

export type { Filter, Provider, Slot };
export type ProviderPage = EndpointTypes['searchProviders']['response'];
export type SlotList = EndpointTypes['getProviderAvailability']['response'];
export type Place = EndpointTypes['geocode']['response'];
/** What the first-open-slot lookup takes besides the providers. */
export type FirstSlotsQuery = Omit<GetFirstAvailableSlotQuery, 'providerId'>;

/** Filters and places do not change while a page is open. */
const kept = { staleTime: Infinity } as const;

const filtersInput = (stateCode?: string) => ({ query: stateCode ? { stateCode } : {} });

/** The filters (of one state, or of every state): the same read as the landing pages', so the cache is shared. */
export const filtersQuery = (api: ApiClient, stateCode?: string) => ({ ...apiQueries.getProviderFilters(api, filtersInput(stateCode)), ...kept });

export const useFilters = (stateCode?: string, enabled = true) => useGetProviderFiltersQuery(filtersInput(stateCode), { ...kept, enabled });

export const searchQuery = (api: ApiClient, query: SearchProvidersQuery) => apiQueries.searchProviders(api, { query });

export const useProviderSearch = (query: SearchProvidersQuery, options?: QueryHookOptions<'searchProviders', ProviderPage>) =>
  useSearchProvidersQuery({ query }, options);

const firstSlotsInput = (providerIds: readonly string[], query: FirstSlotsQuery) => ({ query: { ...query, providerId: [...providerIds] } });

export const firstSlotsQuery = (api: ApiClient, providerIds: readonly string[], query: FirstSlotsQuery) =>
  apiQueries.getFirstAvailableSlot(api, firstSlotsInput(providerIds, query));

export const useFirstSlots = (providerIds: readonly string[], query: FirstSlotsQuery, enabled: boolean) =>
  useGetFirstAvailableSlotQuery(firstSlotsInput(providerIds, query), { enabled });

export const availabilityInput = (providerId: string, query: GetProviderAvailabilityQuery) => ({ params: { id: providerId }, query });

/**
 * A profile as the page shows it: found, removed (the API's 204: product-spec §8 provider deleted),
 * or missing.
 */
export type ProfileResult = { kind: 'found'; provider: Provider } | { kind: 'removed' } | { kind: 'missing' };

/** A refusal that answers the question (the provider was removed, or there is none), else undefined. */
function profileAnswerOf(error: unknown): ProfileResult | undefined {
  if (isApiError(error) && error.kind === 'provider-deleted') return { kind: 'removed' };
  // 404: no such provider; 400: the address holds no valid id or slug.
  if (isApiError(error) && (error.status === 404 || error.status === 400)) return { kind: 'missing' };
  return undefined;
}

/** How a profile page names its provider (an id and practice, or a friendly address). */
export type ProfileLookup = GetProviderProfileQuery;

export const profileQuery = (api: ApiClient, query: GetProviderProfileQuery) => apiQueries.getProviderProfile(api, { query });

/** Loads a profile into the cache (the server renderer) and says what it found; any other failure is thrown. */
export async function fetchProfile(api: ApiClient, queryClient: QueryClient, query: GetProviderProfileQuery): Promise<ProfileResult> {
  try {
    return { kind: 'found', provider: await queryClient.fetchQuery(profileQuery(api, query)) };
  } catch (error) {
    const answer = profileAnswerOf(error);
    if (answer) return answer;
    throw error;
  }
}

/**
 * A profile through the generated hook: its result once known (undefined while pending or after a failure). A
 * removal or a missing provider is an answer, so it is not asked again; and what the server's loader left in the
 * cache (the answer, or a failure) is drawn as it is (retryOnMount: false), where asking again would draw a
 * skeleton into a page the browser does not hydrate.
 */
export function useProfile(query: GetProviderProfileQuery) {
  const read = useGetProviderProfileQuery(
    { query },
    { retry: (count, error) => !profileAnswerOf(error) && shouldRetryQuery(count, error), retryOnMount: false },
  );
  const result: ProfileResult | undefined = read.data ? { kind: 'found', provider: read.data } : read.error ? profileAnswerOf(read.error) : undefined;
  return { result, isPending: read.isPending };
}

const geocodeInput = (text: string) => ({ query: { query: text.trim() } });

export const geocodeQuery = (api: ApiClient, text: string) => ({ ...apiQueries.geocode(api, geocodeInput(text)), ...kept });

export const useGeocode = (text: string, enabled: boolean) => useGeocodeQuery(geocodeInput(text), { ...kept, enabled });
