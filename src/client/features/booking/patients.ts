/** The people of a booking: who they are, who must consent, and who needs a responsible party. */
import type { AppType, ConsentType } from '@/generated/enums';
import { consentsRequired } from '@/domain/consents';
import { isMinor } from '@/domain/minor';
import { skipsDateOfBirthCheck } from '@/domain/relationships';
import type { BookingPatient } from '@/client/store/types';
import type { AccountPatient } from './data';

const BOOK_APPOINTMENT_CONSENT: ConsentType = 'bookAppointmentConsent';

export function patientKey(p: BookingPatient): string {
  return p.id ?? `new:${p.firstName ?? ''}|${p.lastName ?? ''}|${p.dateOfBirth ?? ''}|${p.relationship ?? ''}`;
}

export { fullName } from '@/client/ui/format';

export function fromAccount(p: AccountPatient): BookingPatient {
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    relationship: p.relationship as BookingPatient['relationship'],
    ...(p.dateOfBirth ? { dateOfBirth: p.dateOfBirth } : {}),
    ...(p.gender ? { gender: p.gender as BookingPatient['gender'] } : {}),
    ...(p.email ? { email: p.email } : {}),
    ...(p.ehrId ? { ehrId: p.ehrId } : {}),
    isExisting: true,
  };
}

/** A minor, or a child kind whose date of birth was not given (nothing says they are an adult). */
export function needsResponsibleParty(p: BookingPatient, today: string): boolean {
  return isMinor(p.dateOfBirth, today) || (skipsDateOfBirthCheck(p.relationship) && !p.dateOfBirth);
}

export function needsConsent(p: BookingPatient, today: string): boolean {
  return consentsRequired(p, today) || needsResponsibleParty(p, today);
}

export function withConsent(p: BookingPatient, source: AppType): BookingPatient {
  return { ...p, consents: [{ isConsentProvided: true, consentType: BOOK_APPOINTMENT_CONSENT, source }] };
}

/** What the booking API takes for a patient: an existing one by id, a new one by its details. */
export function patientForBooking(p: BookingPatient) {
  const consents = p.consents?.map((c) => ({ isConsentProvided: c.isConsentProvided, consentType: c.consentType, ...(c.source ? { source: c.source } : {}) }));
  if (p.id) return { id: p.id, ...(consents?.length ? { consents } : {}) };
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    relationship: p.relationship,
    ...(p.dateOfBirth ? { dateOfBirth: p.dateOfBirth } : {}),
    ...(p.gender ? { gender: p.gender } : {}),
    ...(p.phoneNumber ? { phoneNumber: p.phoneNumber } : {}),
    ...(p.email ? { email: p.email } : {}),
    ...(consents?.length ? { consents } : {}),
  };
}
