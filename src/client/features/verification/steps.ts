/**
 * The verification steps (specs/flows/verification.yaml): their copy, and the patient of the account
 * they are for (?patientId=, from the portal's "Sign consent" to-do).
 */
import { useSearchParams } from 'react-router';
import verification from '../../../generated/flows/verification';
import { routeById, type RouteId } from '../../../generated/routes';

export interface StepCopy {
  heading?: string;
  text?: string;
  sign?: string;
  save?: string;
}

export function stepCopy(id: 'consent' | 'payment' | 'done'): StepCopy {
  return (verification.steps.find((s) => s.id === id)?.copy ?? {}) as StepCopy;
}

/** The patient the step is for; nothing when the link carries none. */
export function usePatientId(): string | undefined {
  const [params] = useSearchParams();
  return params.get('patientId') ?? undefined;
}

/** A verification step's path for a patient. */
export function stepPath(route: Extract<RouteId, 'verifyConsent' | 'verifyUserPayment' | 'verifySuccess'>, patientId: string): string {
  return `${routeById[route].path}?${new URLSearchParams({ patientId }).toString()}`;
}
