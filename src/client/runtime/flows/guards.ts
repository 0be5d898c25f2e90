/** Guards a flow step may name (flow spec `guard`): the step opens only when its guard holds. */
import type { RootState } from '@/client/store';

export type FlowGuard = (state: RootState) => boolean;

export const flowGuards: Readonly<Record<string, FlowGuard>> = {
  signedIn: (s) => s.auth.status === 'authenticated',
  anonymous: (s) => s.auth.status === 'anonymous',
  slotSelected: (s) => Boolean(s.bookingHelper.selectedSlot),
  patientsSelected: (s) => s.booking.selectedPatients.length > 0,
  consentNotSigned: (s) => !s.consent.isConsentSigned,
  bookingNotComplete: (s) => !s.bookingHelper.isBookingComplete,
};
