/**
 * Data of the public pages: the call center's status (computed by the domain rule; on the server for
 * the first paint, then in the browser, which loads the time-zone rule only when it refreshes) and
 * the insurance carriers the search entry offers.
 */
import type { QueryClient } from '@tanstack/react-query';
import { apiQueries, queryKeys, useGetProviderFiltersQuery } from '@/generated/client/hooks';
import type { ApiClient } from '@/client/api/api-context';

export interface CallCenterNow {
  isOpen: boolean;
  /** ISO instant of the next opening */
  nextOpening: string | null;
}

/** A minute: the status changes on the minute at most. */
const CALL_CENTER_REFRESH_MS = 60_000;

export const callCenterQuery = () => ({
  // Worked out in the browser from the call-center hours, not read from the API: no generated key.
  // eslint-disable-next-line no-restricted-syntax
  queryKey: ['callCenterStatus'] as const,
  queryFn: async (): Promise<CallCenterNow> => {
    const { callCenterStatus } = await import('@/domain/call-center');
    const status = callCenterStatus(new Date());
    return { isOpen: status.isOpen, nextOpening: status.nextOpening?.toISOString() ?? null };
  },
  staleTime: CALL_CENTER_REFRESH_MS,
  refetchInterval: CALL_CENTER_REFRESH_MS,
});

/** Every state's filters: the generated query (the visitor area asks the same, so the cache is shared). */
const allFiltersInput = { query: {} };
const allFiltersKept = { staleTime: Infinity } as const;

/** For the server's loader (its in-process client). */
export const allFiltersQuery = (api: ApiClient) => ({ ...apiQueries.getProviderFilters(api, allFiltersInput), ...allFiltersKept });

/** For the screen: the same read through the generated hook. */
export const useAllFilters = () => useGetProviderFiltersQuery(allFiltersInput, allFiltersKept);

export interface StatePlaces {
  /** two-letter code */
  state: string;
  cities: string[];
}

/** The pages a list of practices asks for at most: a bound, not an expectation. */
const MAX_PRACTICE_PAGES = 50;

/** Every state and city where a practice is, by state then city (the hubs link to their pages). */
/** One page of the practice list, as its generated query options (its own generated key). */
type PracticePageQuery = (page: number) => ReturnType<typeof apiQueries.listPractices>;

/**
 * The folded list reads each page through the generated options of the practice list (each page cached under its
 * generated key): the server's loader passes them over its client, the screen over the tree's (useApiQueries).
 */
export const practicePlacesQuery = (queryClient: QueryClient, practicePage: PracticePageQuery) => ({
  // Under the practice list's key: every page of it, folded into places.
  queryKey: [...queryKeys.listPractices(), 'places'] as const,
  queryFn: async (): Promise<StatePlaces[]> => {
    const byState = new Map<string, Set<string>>();
    for (let page = 1, seen = 0; page <= MAX_PRACTICE_PAGES; page += 1) {
      const answer = await queryClient.fetchQuery(practicePage(page));
      for (const p of answer.items) {
        if (!byState.has(p.state)) byState.set(p.state, new Set());
        byState.get(p.state)!.add(p.city);
      }
      seen += answer.items.length;
      if (!answer.items.length || seen >= answer.total) break;
    }
    return [...byState.entries()]
      .map(([state, cities]) => ({ state, cities: [...cities].sort((a, b) => a.localeCompare(b)) }))
      .sort((a, b) => a.state.localeCompare(b.state));
  },
  staleTime: Infinity,
});
