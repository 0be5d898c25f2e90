/**
 * The signed-in account's own records, read through the generated hooks by the screens that show them (the
 * patient portal) and those that change them from elsewhere (verification: a signed consent, a card kept on
 * file). The account's id is part of each input, so its generated query key keeps one account's cache apart
 * from the next one signed in on the same page.
 */
import { useGetUserDetailsQuery, useGetUserPatientsQuery } from '@/generated/client/hooks';
import type { EndpointTypes } from '@/generated/entities';
import { selectUser } from '@/client/store/auth/slice';
import { useAppSelector } from '@/client/store/hooks';
import type { BookingPatient } from '@/client/store/types';

export type AccountDetails = EndpointTypes['getUserDetails']['response'];
export type AccountPatient = EndpointTypes['getUserPatients']['response']['items'][number] & Pick<BookingPatient, 'consents'>;

/** The signed-in account's id (the portal's routes are for signed-in people only). */
export function useUserId(): string | undefined {
  return useAppSelector(selectUser)?.id;
}

/** GET /users/{id} of the signed-in account. */
export function useAccount() {
  const userId = useUserId();
  return useGetUserDetailsQuery({ params: { id: userId ?? '' } }, { enabled: Boolean(userId) });
}

/** GET /users/patients of the signed-in account: its patients. */
export function usePatients() {
  const userId = useUserId();
  return useGetUserPatientsQuery<AccountPatient[]>({ query: { userId: userId ?? '' } }, { enabled: Boolean(userId), select: (answer) => answer.items });
}
