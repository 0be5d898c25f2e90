/** Insurances on file of the account's patients, with whether each card's front and back photos are on file. */
import { useQuery } from '@tanstack/react-query';
import type { PatientInsurance } from '@/generated/entities';
import { routeById } from '@/generated/routes';
import { useApi } from '@/client/api/api-context';
import { usePatients, type AccountPatient } from './data';

export const insuranceKeys = { all: ['portal', 'insurances'] as const };

export function useAccountInsurances() {
  const api = useApi();
  const patients = usePatients();
  const ids = patients.data?.map((p) => p.id) ?? [];
  return useQuery({
    queryKey: [...insuranceKeys.all, ...ids],
    queryFn: async (): Promise<{ patient: AccountPatient; insurances: PatientInsurance[] }[]> =>
      Promise.all(patients.data!.map(async (patient) => ({ patient, insurances: (await api.listPatientInsurances({ params: { id: patient.id } })).items }))),
    enabled: patients.data !== undefined,
  });
}

export function hasCardPhotos(i: PatientInsurance): boolean {
  return Boolean(i.cardFrontDocumentId && i.cardBackDocumentId);
}

export function capturePath(patientId: string, insuranceId?: string): string {
  return `${routeById.insuranceCardCapture.path}?${new URLSearchParams({ patientId, ...(insuranceId ? { insuranceId } : {}) }).toString()}`;
}
