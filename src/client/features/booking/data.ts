/**
 * Server data of the booking screens, through the hooks generated from specs/api: the provider,
 * their open slots, the account's patients and details, and the partner. Types are the spec's.
 */
import { useSearchParams } from 'react-router';
import type { EndpointTypes } from '@/generated/entities';
import {
  useGetBusinessPartnerByCodeQuery,
  useGetProviderProfileQuery,
  useGetSlotsQuery,
  useGetUserDetailsQuery,
  useGetUserPatientsQuery,
} from '@/generated/client/hooks';
import { useAppSelector } from '@/client/store/hooks';
import { selectAuth } from '@/client/store/auth/slice';
import type { BookingVariant } from './flow';
import { providerDisplayName } from '@/domain/names';

export type ProviderProfile = EndpointTypes['getProviderProfile']['response'];
export type SlotListing = EndpointTypes['getSlots']['response'];
export type AccountPatient = EndpointTypes['getUserPatients']['response']['items'][number];
export type AccountDetails = EndpointTypes['getUserDetails']['response'];

/** What the booking steps read of a partner (product-spec §3 Business partner). */
export type PartnerRules = Pick<
  EndpointTypes['getBusinessPartnerByCode']['response']['partner'],
  | 'id'
  | 'name'
  | 'partnershipCode'
  | 'hidePaymentInput'
  | 'hideInsuranceInput'
  | 'hidePostBookingModalCopy'
  | 'customSuccessMessage'
  | 'customFailureMessage'
  | 'authorizationRequired'
  | 'isCreditCardOptional'
>;

export function providerName(p: Pick<ProviderProfile, 'firstName' | 'lastName' | 'title'> | undefined): string {
  return p ? providerDisplayName(p) : '';
}

export function useProvider(providerId: string | undefined) {
  return useGetProviderProfileQuery({ query: { providerId } }, { enabled: Boolean(providerId) });
}

export function useProviderSlots(providerId: string | undefined) {
  return useGetSlotsQuery({ query: { providerId: providerId ?? '' } }, { enabled: Boolean(providerId) });
}

export function useAccountPatients(userId: string | undefined, variant: BookingVariant) {
  return useGetUserPatientsQuery(variant === 'support' ? { query: { userId } } : {}, {
    enabled: variant === 'patient' || Boolean(userId),
    select: (answer) => answer.items,
  });
}

export function useAccountDetails(userId: string | undefined) {
  return useGetUserDetailsQuery({ params: { id: userId ?? '' } }, { enabled: Boolean(userId) });
}

export function usePartner(code: string | undefined) {
  // The API answers { partner, b2bDetails }: the rules are the partner's.
  return useGetBusinessPartnerByCodeQuery({ params: { code: code ?? '' } }, { enabled: Boolean(code), select: (answer): PartnerRules => answer.partner });
}

/** The booking's variant: staff book on the support steps, everyone else on the patient steps. */
export function useBookingVariant(): BookingVariant {
  const auth = useAppSelector(selectAuth);
  return auth.permissions.isSupportOrThirdParty ? 'support' : 'patient';
}

export function useBookingParams() {
  const [search] = useSearchParams();
  return {
    search,
    providerId: search.get('providerId') ?? undefined,
    slotId: search.get('slotId') ?? undefined,
  };
}
