/** Insurances on file of the account's patients, with whether each card's front and back photos are on file. */
import type { PatientInsurance } from '@/generated/entities';
import { routeById } from '@/generated/routes';
import { usePerPatientQueries } from './data';

/** Each patient of the account with its insurances on file (GET /patients/{id}/insurances). */
export function useAccountInsurances() {
  return usePerPatientQueries(
    (queries, id) => queries.listPatientInsurances({ params: { id } }),
    (answer) => ({ insurances: answer.items }),
  );
}

export function hasCardPhotos(i: PatientInsurance): boolean {
  return Boolean(i.cardFrontDocumentId && i.cardBackDocumentId);
}

export function capturePath(patientId: string, insuranceId?: string): string {
  return `${routeById.insuranceCardCapture.path}?${new URLSearchParams({ patientId, ...(insuranceId ? { insuranceId } : {}) }).toString()}`;
}
