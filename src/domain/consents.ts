/**
 * Consents of a booking (product-spec §4, §5): who must sign, when the signatures are enough, and
 * the wording a parent or guardian signs for a minor.
 */
import type { ConsentType, Relationship } from '../generated/enums';
import { message } from './messages';
import { fullName } from './names';
import { isMinor } from './minor';

const SELF: Relationship = 'Self';

export interface ConsentSubject {
  relationship?: Relationship | null;
  dateOfBirth?: string | null;
}

export interface PatientConsent {
  isConsentProvided: boolean;
  consentType?: ConsentType;
  source?: string;
}

/** Consents are asked only of the account holder themself (Self) and of minors; `today` is "YYYY-MM-DD". */
export function consentsRequired(patient: ConsentSubject, today: string): boolean {
  return patient.relationship === SELF || isMinor(patient.dateOfBirth, today);
}

const BOOKING_CONSENT: ConsentType = 'bookAppointmentConsent';
/** Where staff record a consent a person gave them on a call (appType support_web). */
const GIVEN_TO_STAFF = 'support_web';

/**
 * Whether the person still has to sign the booking consent themselves: none is signed, or only staff
 * recorded it for them on a call (support booking for a caller). Once someone else's account start is
 * theirs (/app/first-time-user), they sign it in their own name; the verification steps then take it.
 */
export function ownSignatureMissing(consents: readonly PatientConsent[] | null | undefined): boolean {
  return !(consents ?? []).some((c) => c.consentType === BOOKING_CONSENT && c.isConsentProvided && c.source !== GIVEN_TO_STAFF);
}

/**
 * The one rule of every screen that asks a person to sign (the first-time screen, the verify steps, the dashboard's
 * to-do and badges): they are asked to sign (Self, a minor) and have not signed the booking consent in their own
 * name; a consent staff recorded for them on a call does not count.
 */
export function consentToSign(patient: ConsentSubject & { consents?: readonly PatientConsent[] | null }, today: string): boolean {
  return consentsRequired(patient, today) && ownSignatureMissing(patient.consents);
}

/**
 * Valid for booking only when there is at least one consent and every one is provided (the server's booking rule;
 * one staff recorded on a call is enough to book, not to be shown as signed: see consentToSign).
 */
export function consentsValid(consents: readonly PatientConsent[] | null | undefined): boolean {
  return !!consents && consents.length > 0 && consents.every((consent) => consent.isConsentProvided);
}

/** "Parent / legal guardian of {patient}", with the minor's full name. */
export function guardianConsentText(patient: { firstName?: string | null; lastName?: string | null }): string {
  return message('consent.parentOrGuardian', { patient: fullName(patient) });
}
