/**
 * The generated query options (apiQueries: each GET's generated key and function) over the tree's API client, for
 * the reads a screen cannot write as one generated hook at render: one query per patient of the account
 * (useQueries), and reads made on a click or a submit (a file to download, a check before going on) through
 * queryClient.fetchQuery. Screens get the generated options, never the client itself, so every read of server data
 * stays on the one road (tests/unit/house-api-road.test.ts).
 */
import { useCallback, useMemo } from 'react';
import { useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { apiQueries } from '@/generated/client/hooks';
import { useApi, type ApiClient } from './api-context';

type Queries = typeof apiQueries;
type InputOf<F> = F extends (api: ApiClient, ...input: infer Input) => unknown ? Input : never;

/** apiQueries with the client given: `queries.listPatientCards({ params: { id } })`. */
export type BoundApiQueries = { [Id in keyof Queries]: (...input: InputOf<Queries[Id]>) => ReturnType<Queries[Id]> };

/** A read made on a click or a submit, picked from the generated options. */
export type FetchNow = <T, Key extends QueryKey>(pick: (queries: BoundApiQueries) => FetchQueryOptions<T, Error, T, Key>) => Promise<T>;

function bind(api: ApiClient): BoundApiQueries {
  // One entry per generated query, each handing the client as its first argument; the mapped type above says
  // what each entry takes and answers, which a loop over the keys cannot spell for TypeScript.
  const entries = (Object.keys(apiQueries) as (keyof Queries)[]).map((id) => {
    const make = apiQueries[id] as (client: ApiClient, ...input: unknown[]) => unknown;
    return [id, (...input: unknown[]) => make(api, ...input)] as const;
  });
  return Object.fromEntries(entries) as BoundApiQueries;
}

/** The generated query options of every GET, over this tree's client (for useQueries). */
export function useApiQueries(): BoundApiQueries {
  const api = useApi();
  return useMemo(() => bind(api), [api]);
}

/**
 * A read made on a click or a submit, through its generated options and key. It asks the server each time (never
 * answered from the cache: a person who clicks again wants the file or the answer as it is now), once (a failure is
 * shown at once, as the click's answer), and keeps nothing once answered (a downloaded file is not held in memory).
 */
export function useFetchNow(): FetchNow {
  const queries = useApiQueries();
  const queryClient = useQueryClient();
  return useCallback<FetchNow>((pick) => queryClient.fetchQuery({ ...pick(queries), staleTime: 0, gcTime: 0, retry: false }), [queries, queryClient]);
}
