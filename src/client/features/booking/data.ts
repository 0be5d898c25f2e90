/**
 * Server data of the booking screens (React Query through the API call context): the provider,
 * their open slots, the account's patients, insurance, cards and the partner. Endpoint ids are
 * the ones of specs/api.
 */
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { EndpointId, RequestInput } from "../../../generated/client/api";
import type { BusinessPartner } from "../../../generated/entities";
import { useApiCall, type ApiCall } from "../../api/api-context";
import { useAppSelector } from "../../store/hooks";
import { selectAuth } from "../../store/auth/slice";
import type { Slot } from "../../store/types";
import type { BookingVariant } from "./flow";

/** A call by endpoint id of specs/api, over the tree's API transport. */
export type EndpointCall = ApiCall;

export const useCall = useApiCall;

export function callById<T>(
  call: EndpointCall,
  id: EndpointId,
  input?: RequestInput,
): Promise<T> {
  return call<T>(id, input);
}

export interface ProviderProfile {
  id: string;
  firstName: string;
  lastName: string;
  title: string;
  timeZone: string;
  practice: {
    id: string;
    name: string;
    addressLine1?: string;
    city?: string;
    state?: string;
    zipcode?: string;
  };
  about: {
    text: string;
    payrates: { individual: number; follow_up?: number | null };
  };
  filters: { type: string; value: string; id: string; description: string }[];
}

export interface SlotListing {
  timeZone: string;
  slots: (Slot & { providerId: string; isMedication: boolean })[];
}

export function providerName(
  p: Pick<ProviderProfile, "firstName" | "lastName" | "title"> | undefined,
): string {
  return p ? `${p.firstName} ${p.lastName}, ${p.title}` : "";
}

export function useProvider(providerId: string | undefined) {
  const call = useCall();
  return useQuery({
    queryKey: ["booking", "provider", providerId],
    enabled: Boolean(providerId),
    queryFn: () =>
      callById<ProviderProfile>(call, "getProviderProfile", {
        query: { providerId },
      }),
  });
}

export function useProviderSlots(providerId: string | undefined) {
  const call = useCall();
  return useQuery({
    queryKey: ["booking", "slots", providerId],
    enabled: Boolean(providerId),
    queryFn: () =>
      callById<SlotListing>(call, "getSlots", { query: { providerId } }),
  });
}

export interface AccountPatient {
  id: string;
  firstName: string;
  lastName: string;
  dateOfBirth?: string | null;
  gender?: string | null;
  relationship: string;
  email?: string | null;
  ehrId?: string | null;
}

export function useAccountPatients(
  userId: string | undefined,
  variant: BookingVariant,
) {
  const call = useCall();
  return useQuery({
    queryKey: ["booking", "patients", variant, userId],
    enabled: variant === "patient" || Boolean(userId),
    queryFn: () =>
      callById<{ items: AccountPatient[] }>(call, "getUserPatients", {
        query: variant === "support" ? { userId } : {},
      }).then((r) => r.items),
  });
}

export interface AccountDetails {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth?: string | null;
  address?: {
    line1?: string;
    line2?: string;
    city?: string;
    state?: string;
    zipcode?: string;
    country?: string;
  };
  businessPartner?: PartnerRules | null;
}

export function useAccountDetails(userId: string | undefined) {
  const call = useCall();
  return useQuery({
    queryKey: ["booking", "account", userId],
    enabled: Boolean(userId),
    queryFn: () =>
      callById<AccountDetails>(call, "getUserDetails", {
        params: { id: userId },
      }),
  });
}

/** What the booking steps read of a partner (product-spec §3 Business partner). */
export type PartnerRules = Pick<
  BusinessPartner,
  | "id"
  | "name"
  | "partnershipCode"
  | "hidePaymentInput"
  | "hideInsuranceInput"
  | "hidePostBookingModalCopy"
  | "customSuccessMessage"
  | "customFailureMessage"
  | "authorizationRequired"
  | "isCreditCardOptional"
>;

export function usePartner(code: string | undefined) {
  const call = useCall();
  return useQuery({
    queryKey: ["booking", "partner", code],
    enabled: Boolean(code),
    // The API answers { partner, b2bDetails }: the rules are the partner's.
    queryFn: () =>
      callById<{ partner: PartnerRules }>(call, "getBusinessPartnerByCode", {
        params: { code },
      }).then((answer) => answer.partner),
  });
}

/** The booking's variant: staff book on the support steps, everyone else on the patient steps. */
export function useBookingVariant(): BookingVariant {
  const auth = useAppSelector(selectAuth);
  return auth.permissions.isSupportOrThirdParty ? "support" : "patient";
}

export function useBookingParams() {
  const [search] = useSearchParams();
  return {
    search,
    providerId: search.get("providerId") ?? undefined,
    slotId: search.get("slotId") ?? undefined,
  };
}
