/**
 * The verification steps (specs/flows/verification.yaml): their copy, and the patient of the account
 * they are for (?patientId=, from the portal's "Sign consent" to-do).
 */
import { useSearchParams } from 'react-router';
import verificationSpec from '@/generated/flows/verification';
import { routeById, type RouteId } from '@/generated/routes';
import { usePatients } from '@/client/api/account-queries';
import { liveDocument } from '@/domain/translations';

const verification = liveDocument('flows', verificationSpec);

export interface StepCopy {
  heading?: string;
  text?: string;
  sign?: string;
  save?: string;
}

export function stepCopy(id: 'verify-identity' | 'consent' | 'payment' | 'done'): StepCopy {
  return (verification.steps.find((s) => s.id === id)?.copy ?? {}) as StepCopy;
}

/** The patient the step is for; nothing when the link carries none. */
export function usePatientId(): string | undefined {
  const [params] = useSearchParams();
  return params.get('patientId') ?? undefined;
}

/** A verification step's path for a patient. */
export function stepPath(route: Extract<RouteId, 'verifyUserConsent' | 'verifyConsent' | 'verifyUserPayment' | 'verifySuccess'>, patientId: string): string {
  return `${routeById[route].path}?${new URLSearchParams({ patientId }).toString()}`;
}

/** The patient of the signed-in account a step is for (GET /users/patients, the portal's own list). */
export function useAccountPatient(patientId: string | undefined) {
  const patients = usePatients();
  return { isPending: patients.isPending, error: patients.error, patient: patients.data?.find((p) => p.id === patientId) };
}
