/**
 * Which card gateway this deployment charges through (GET /payments/gateway): the local test
 * gateway, whose cards the API tokenizes (POST /patient-cards/tokenize), or Braintree, whose cards
 * the browser tokenizes in hosted fields with the client token given here. Asked once per page load.
 */
import { useQuery } from '@tanstack/react-query';
import type { GetPaymentGatewayResponse } from '@/generated/entities';
import { useApi } from '../api/api-context';

export type CardGatewayInfo = GetPaymentGatewayResponse;

export const cardGatewayQueryKey = ['payments', 'gateway'] as const;

export function useCardGateway(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: cardGatewayQueryKey,
    enabled,
    queryFn: () => api.getPaymentGateway(),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
