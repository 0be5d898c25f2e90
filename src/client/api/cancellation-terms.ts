/**
 * What cancelling a session costs now, as the server says it: the reasons the caller may give (staff
 * also see the practice's own), whether it is late and its fee, and the window in hours. Read fresh
 * each time the cancel dialog opens, since the answer changes as the session comes closer.
 */
import { useGetAppointmentCancellationReasonsQuery, useGetLateCancellationWindowAndFeeQuery } from '@/generated/client/hooks';

export function useCancellationTerms(start: string) {
  const reasons = useGetAppointmentCancellationReasonsQuery({ query: { startDate: start } }, { staleTime: 0 });
  const window = useGetLateCancellationWindowAndFeeQuery({ staleTime: 0 });
  const data = reasons.data && window.data ? { ...reasons.data, windowHours: window.data.windowHours, currency: window.data.currency } : undefined;
  return { data, error: reasons.error ?? window.error };
}
