/** Insurance, eligibility and cards of the payment step (specs/api insurance.yaml, payments.yaml), typed by the spec. */
import type { EndpointTypes } from '@/generated/entities';
import { useGetActiveInsuranceQuery, useGetPatientQuery, useListPatientCardsQuery, useListPatientInsurancesQuery } from '@/generated/client/hooks';
import type { BookingPatient } from '@/client/store/types';

export type InsuranceOnFile = EndpointTypes['listPatientInsurances']['response']['items'][number];
export type InsuranceInquiry = EndpointTypes['validateInsurance']['response'];
export type CardOnFile = EndpointTypes['listPatientCards']['response']['items'][number];

/**
 * The primary patient's active insurance: by scheduling-system id and license key when the patient
 * has one, else the insurance kept on the patient.
 */
export function useActiveInsurance(patient: BookingPatient | undefined, enabled: boolean) {
  const id = patient?.id ?? '';
  const record = useGetPatientQuery({ params: { id } }, { enabled: enabled && Boolean(id) });
  const ehrId = record.data?.ehrId ?? undefined;
  const onPatient = useListPatientInsurancesQuery({ params: { id } }, { enabled: record.isSuccess && !ehrId, select: (r) => r.items });
  const active = useGetActiveInsuranceQuery(
    { query: { patientEhrId: [ehrId ?? ''], licenseKey: record.data?.licenseKey ?? '' } },
    { enabled: record.isSuccess && Boolean(ehrId), select: (r): InsuranceOnFile[] => r.items },
  );
  if (record.isError || !record.isSuccess) return { ...record, data: undefined };
  return ehrId ? active : onPatient;
}

export function useCardsOnFile(patientId: string | undefined, enabled: boolean) {
  return useListPatientCardsQuery({ params: { id: patientId ?? '' } }, { enabled: enabled && Boolean(patientId), select: (r) => r.items });
}
