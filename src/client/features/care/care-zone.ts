/**
 * The zone the care area shows times in: a clinician's schedule zone (their practice's, the one
 * GET /care/clients answers), so the client's page reads like the schedule and the Clients page; for other
 * staff their account's zone when they chose one, else the calendar zone. Never the device's. Every time is
 * shown with its zone's name.
 */
import { useListCareClientsQuery } from '@/generated/client/hooks';
import { useAppSelector } from '@/client/store/hooks';
import { selectPermissions } from '@/client/store/auth/slice';
import { useStaffTimeZone } from '@/client/runtime/auth/reader-zone';

export function useCareTimeZone(): string {
  const { isClinician } = useAppSelector(selectPermissions);
  const schedule = useListCareClientsQuery({}, { enabled: isClinician });
  const staffZone = useStaffTimeZone();
  return schedule.data?.timeZone ?? staffZone;
}
