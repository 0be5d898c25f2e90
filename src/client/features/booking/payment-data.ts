/** Insurance, eligibility and cards of the payment step (specs/api insurance.yaml, payments.yaml). */
import { useQuery } from '@tanstack/react-query';
import type { BookingPatient } from '../../store/types';
import { callById, useCall } from './data';

export interface InsuranceOnFile {
  id: string;
  patientId: string;
  patient?: { firstName?: string; lastName?: string; dateOfBirth?: string | null };
  carrierCode: string;
  carrierName: string;
  planName: string;
  memberId: string;
  isMedicaid: boolean;
  internalOutcomeAssessment?: string | null;
  insuranceInquiryAudits: { id: string; internalOutcomeAssessment: string; createdAt: string }[];
}

export interface InsuranceInquiry {
  id: string;
  internalOutcomeAssessment: 'ELIGIBLE' | 'CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED' | 'DENIED_DUE_TO_MEDICAID';
  carrierName: string;
  planName: string;
  copay?: number | null;
  selfPayPrice: number;
  createdAt: string;
}

export interface CardOnFile {
  id: string;
  brand: string;
  last4: string;
  isDefault: boolean;
}

/** The primary patient's active insurance: looked up by scheduling-system id and license key. */
export function useActiveInsurance(patient: BookingPatient | undefined, enabled: boolean) {
  const call = useCall();
  return useQuery({
    queryKey: ['booking', 'insurance', patient?.id],
    enabled: enabled && Boolean(patient?.id),
    queryFn: async () => {
      const record = await callById<{ ehrId?: string | null; licenseKey: string }>(call, 'getPatient', { params: { id: patient!.id } });
      if (!record.ehrId) return (await callById<{ items: InsuranceOnFile[] }>(call, 'listPatientInsurances', { params: { id: patient!.id } })).items;
      const active = await callById<{ items: InsuranceOnFile[] }>(call, 'getActiveInsurance', { query: { patientEhrId: [record.ehrId], licenseKey: record.licenseKey } });
      return active.items;
    },
  });
}

export function useCardsOnFile(patientId: string | undefined, enabled: boolean) {
  const call = useCall();
  return useQuery({
    queryKey: ['booking', 'cards', patientId],
    enabled: enabled && Boolean(patientId),
    queryFn: () => callById<{ items: CardOnFile[] }>(call, 'listPatientCards', { params: { id: patientId } }).then((r) => r.items),
  });
}
