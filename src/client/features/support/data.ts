/** What the support screens read: a caller's account found by e-mail, the account as support sees it, and its sessions. */
import { useQueries } from '@tanstack/react-query';
import type { EndpointTypes } from '@/generated/entities';
import {
  useGetSupportSessionQuery,
  useGetSupportUserQuery,
  useListAppointmentsQuery,
  useListInsuranceVerificationsQuery,
  useListPatientNotesQuery,
  useListPracticesQuery,
} from '@/generated/client/hooks';
import { routeById } from '@/generated/routes';
import { useApiQueries } from '@/client/api/api-queries';
import { withQuery } from '@/client/runtime/navigation/places';

export type SupportAccount = EndpointTypes['getSupportUser']['response'];
export type AccountSession = EndpointTypes['listAppointments']['response']['items'][number];

export function accountPath(userId: string): string {
  return withQuery(routeById.supportUser.path, { userId });
}

export function accountNotFoundPath(email: string): string {
  return withQuery(routeById.supportUserAccountNotFound.path, { email });
}

export function useSupportAccount(userId: string | undefined) {
  return useGetSupportUserQuery(
    { params: { id: userId ?? '' } },
    {
      enabled: Boolean(userId),
      // An agent talks to the caller about the account as it is now: fetched again each time it is opened.
      staleTime: 0,
    },
  );
}

export function useAccountSessions(userId: string | undefined, when: 'upcoming' | 'past') {
  return useListAppointmentsQuery(
    { query: { userId: userId ?? '', when, limit: 10 } },
    {
      enabled: Boolean(userId),
      select: (answer) => answer.items,
      // Sessions change outside this page (the agent's own booking for the caller, the caller, the
      // provider): the list shown when the account is opened is fetched again, not a cached one.
      staleTime: 0,
    },
  );
}

export type SessionStory = EndpointTypes['getSupportSession']['response'];

export function sessionPath(sessionId: string): string {
  return withQuery(routeById.supportUserSession.path, { sessionId });
}

export function useSessionStory(sessionId: string | undefined) {
  return useGetSupportSessionQuery(
    { params: { id: sessionId ?? '' } },
    {
      enabled: Boolean(sessionId),
      // The agent acts on the session as it is now (the caller or the provider may have changed it).
      staleTime: 0,
    },
  );
}

export function usePatientNotes(patientId: string) {
  return useListPatientNotesQuery({ params: { id: patientId } }, { select: (answer) => answer.items, staleTime: 0 });
}

export type VerificationItem = EndpointTypes['listInsuranceVerifications']['response']['items'][number];

export function useVerificationQueue() {
  return useListInsuranceVerificationsQuery({ query: {} }, { select: (answer) => answer.items, staleTime: 0 });
}

/** Pages of a state's practices read at most (a state has a few pages at most). */
const PRACTICE_PAGES = 20;

/**
 * Every practice of a state, kept as one list: its first page through the generated hook, the pages after it (as
 * many as its total says) each through its generated query; the list once every page has answered.
 */
export function usePractices(stateCode: string) {
  const queries = useApiQueries();
  const first = useListPracticesQuery({ query: { stateCode } }, { enabled: Boolean(stateCode) });
  const size = first.data?.items.length ?? 0;
  const pages = first.data && size ? Math.min(PRACTICE_PAGES, Math.ceil(first.data.total / size)) : 1;
  const later = Array.from({ length: pages - 1 }, (_, i) => i + 2);
  return useQueries({
    queries: later.map((page) => queries.listPractices({ query: { stateCode, page } })),
    combine: (answers) => ({
      data: first.data && answers.every((a) => a.data) ? [...first.data.items, ...answers.flatMap((a) => a.data!.items)] : undefined,
    }),
  });
}
