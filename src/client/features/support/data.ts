/** What the support screens read: a caller's account found by e-mail, the account as support sees it, and its sessions. */
import { useQuery } from '@tanstack/react-query';
import type { EndpointTypes } from '@/generated/entities';
import { routeById } from '@/generated/routes';
import { useApi } from '@/client/api/api-context';
import { withQuery } from '@/client/runtime/navigation/places';

export type SupportAccount = EndpointTypes['getSupportUser']['response'];
export type AccountSession = EndpointTypes['listAppointments']['response']['items'][number];

export const supportKeys = {
  account: (userId: string) => ['support', 'account', userId] as const,
  sessions: (userId: string, when: 'upcoming' | 'past') => ['support', 'sessions', userId, when] as const,
};

export function accountPath(userId: string): string {
  return withQuery(routeById.supportUser.path, { userId });
}

export function accountNotFoundPath(email: string): string {
  return withQuery(routeById.supportUserAccountNotFound.path, { email });
}

export function useSupportAccount(userId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: supportKeys.account(userId ?? ''),
    queryFn: () => api.getSupportUser({ params: { id: userId! } }),
    enabled: Boolean(userId),
    // An agent talks to the caller about the account as it is now: fetched again each time it is opened.
    staleTime: 0,
  });
}

export function useAccountSessions(userId: string | undefined, when: 'upcoming' | 'past') {
  const api = useApi();
  return useQuery({
    queryKey: supportKeys.sessions(userId ?? '', when),
    queryFn: async () => (await api.listAppointments({ query: { userId: userId!, when, limit: 10 } })).items,
    enabled: Boolean(userId),
    // Sessions change outside this page (the agent's own booking for the caller, the caller, the
    // provider): the list shown when the account is opened is fetched again, not a cached one.
    staleTime: 0,
  });
}

export type SessionStory = EndpointTypes['getSupportSession']['response'];

export function sessionPath(sessionId: string): string {
  return withQuery(routeById.supportUserSession.path, { sessionId });
}

export const sessionKeys = {
  story: (sessionId: string) => ['support', 'session', sessionId] as const,
  notes: (patientId: string) => ['support', 'notes', patientId] as const,
};

export function useSessionStory(sessionId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: sessionKeys.story(sessionId ?? ''),
    queryFn: () => api.getSupportSession({ params: { id: sessionId! } }),
    enabled: Boolean(sessionId),
    // The agent acts on the session as it is now (the caller or the provider may have changed it).
    staleTime: 0,
  });
}

export function usePatientNotes(patientId: string) {
  const api = useApi();
  return useQuery({
    queryKey: sessionKeys.notes(patientId),
    queryFn: async () => (await api.listPatientNotes({ params: { id: patientId } })).items,
    staleTime: 0,
  });
}

export function useNoteTypes() {
  const api = useApi();
  return useQuery({ queryKey: ['support', 'note-types'], queryFn: async () => (await api.getPatientNoteTypes()).items, staleTime: Infinity });
}

export type VerificationItem = EndpointTypes['listInsuranceVerifications']['response']['items'][number];

export const insuranceKeys = {
  queue: ['support', 'insurance-verification'] as const,
  insurances: (patientId: string) => ['support', 'insurances', patientId] as const,
  practices: (stateCode: string) => ['support', 'practices', stateCode] as const,
  providers: (practiceId: string) => ['support', 'providers', practiceId] as const,
};

export function useVerificationQueue() {
  const api = useApi();
  return useQuery({ queryKey: insuranceKeys.queue, queryFn: async () => (await api.listInsuranceVerifications({ query: {} })).items, staleTime: 0 });
}

/** Every practice of a state (a state has a few pages at most). */
export function usePractices(stateCode: string) {
  const api = useApi();
  return useQuery({
    queryKey: insuranceKeys.practices(stateCode),
    queryFn: async () => {
      const first = await api.listPractices({ query: { stateCode } });
      const items = [...first.items];
      for (let page = 2; items.length < first.total && page <= 20; page += 1) items.push(...(await api.listPractices({ query: { stateCode, page } })).items);
      return items;
    },
    enabled: Boolean(stateCode),
  });
}
