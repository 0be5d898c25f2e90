/**
 * Which card gateway this deployment charges through (GET /payments/gateway): the local test
 * gateway, whose cards the API tokenizes (POST /patient-cards/tokenize), or Braintree, whose cards
 * the browser tokenizes in hosted fields with the client token given here. Asked once per page load.
 */
import { useGetPaymentGatewayQuery } from '@/generated/client/hooks';
import type { GetPaymentGatewayResponse } from '@/generated/entities';

export type CardGatewayInfo = GetPaymentGatewayResponse;

export function useCardGateway(enabled = true) {
  return useGetPaymentGatewayQuery({ enabled, staleTime: Infinity, gcTime: Infinity });
}
