/**
 * The zone the person at this screen reads times in: a signed-in patient's account zone (account
 * settings), else the device's. Booking and session screens show every time in it, named; the provider's
 * zone is only ever shown beside it.
 */
import { useGetUserDetailsQuery } from '@/generated/client/hooks';
import * as rulesConstants from '@/generated/constants/rules';
import { viewerTimeZone } from '@/domain/date-format';
import { useAppSelector } from '@/client/store/hooks';
import { selectUser } from '@/client/store/auth/slice';

export function useReaderTimeZone(): string {
  const user = useAppSelector(selectUser);
  const patient = user?.userType === 'patient' ? user.id : undefined;
  const account = useGetUserDetailsQuery({ params: { id: patient ?? '' } }, { enabled: Boolean(patient) });
  return account.data?.timeZone ?? viewerTimeZone();
}

/**
 * The zone staff read times in: their account's zone when they chose one, else the zone of the
 * place the screen is about (the practice's, the provider's schedule), else the calendar zone; never the
 * device's, so two staff members on two devices read one session at one time. Screens name it.
 */
export function useStaffTimeZone(placeZone?: string): string {
  const user = useAppSelector(selectUser);
  return user?.timeZone ?? placeZone ?? rulesConstants.calendarTimeZone;
}
