/**
 * Server data of the patient dashboard, read with React Query through the typed API client (the query cache is
 * their one copy; nothing of it goes to the store).
 */
import { useQuery } from '@tanstack/react-query';
import type { EndpointTypes } from '@/generated/entities';
import { useApi } from '@/client/api/api-context';
import { portalKeys } from '@/client/api/query-keys';
import { isApiError } from '@/client/api/errors';
import { useAppSelector } from '@/client/store/hooks';
import { selectUser } from '@/client/store/auth/slice';
import type { BookingPatient } from '@/client/store/types';

export type AccountDetails = EndpointTypes['getUserDetails']['response'];
export type AccountPatient = EndpointTypes['getUserPatients']['response']['items'][number] & Pick<BookingPatient, 'consents'>;

export { portalKeys };

/** The signed-in account's id (the dashboard routes are for signed-in patients only). */
export function useUserId(): string | undefined {
  return useAppSelector(selectUser)?.id;
}

/** A record that is not the caller's answers 404, exactly like one that does not exist. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

export function useAccount() {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: portalKeys.account(userId ?? ''),
    queryFn: () => api.getUserDetails({ params: { id: userId! } }),
    enabled: Boolean(userId),
  });
}

export function usePatients() {
  const api = useApi();
  const userId = useUserId();
  return useQuery({
    queryKey: portalKeys.patients(userId ?? ''),
    queryFn: async () => (await api.getUserPatients({})).items as AccountPatient[],
    enabled: Boolean(userId),
  });
}

export { fullName } from '@/client/ui/format';
