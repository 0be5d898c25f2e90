/** The consent texts of specs/messages/consent.yaml, filled for a patient, and who signs them. */
import { constants } from '@/generated/constants';
import type { ConsentType, SelfPayConsentCategory } from '@/generated/enums';
import { message } from '@/domain/messages';
import { fullName } from '@/domain/names';
import { guardianConsentText } from '@/domain/consents';
import { isMinor } from '@/domain/minor';
import { formatCents } from '@/domain/money';

/** The name of a row (first_name, last_name) or of an entity (firstName, lastName). */
export function recordName(p: { first_name?: string; last_name?: string; firstName?: string; lastName?: string }): string {
  return fullName({ firstName: p.first_name ?? p.firstName, lastName: p.last_name ?? p.lastName });
}

export function consentTitle(type: ConsentType): string {
  return type === 'paymentConsent' ? message('consent.paymentConsent.title') : message('consent.bookAppointmentConsent.title');
}

export function consentText(type: ConsentType, patientName: string, category: SelfPayConsentCategory | null | undefined): string {
  if (type === 'bookAppointmentConsent') {
    return message('consent.bookAppointmentConsent.text', {
      patient: patientName,
      windowHours: constants.lateCancelWindowHours,
      fee: formatCents(constants.lateCancelFeeCents),
    });
  }
  const c = category ?? 'selfPay';
  if (c === 'insurance') return message('consent.paymentConsent.text.insurance', { patient: patientName });
  if (c === 'switchToSelfPay') return message('consent.paymentConsent.text.switchToSelfPay', { patient: patientName });
  return message('consent.paymentConsent.text.selfPay', { patient: patientName });
}

/** How the signer signs for this patient: for themself, or as parent / legal guardian of a minor. */
export function signerCapacity(patient: { firstName: string; lastName: string; dateOfBirth: string | null }, signerName: string, today: string): string {
  return isMinor(patient.dateOfBirth, today) ? guardianConsentText(patient) : message('consent.signedBySelf', { signer: signerName });
}
