/**
 * A provider's requests to their RCD (/care/rcd/provider-requests): the rules the
 * request schema cannot say (what each kind must name), and what an approval changes on the provider.
 * Pure: the server applies the change in the decision's transaction.
 */
import type { ProviderRequestInput } from '../generated/entities';

export type ProviderRequestProblemKey =
  'providerRequest.stateRequired' | 'providerRequest.licenseNumberRequired' | 'providerRequest.alreadyLicensed' | 'providerRequest.payRequired';

export interface ProviderRequestProblem {
  field: keyof ProviderRequestInput;
  problem: ProviderRequestProblemKey;
}

/** What a request of its kind must name: a licence its state (one not held yet) and number; pay rates the individual rate. */
export function providerRequestProblems(input: ProviderRequestInput, licensedStates: readonly string[]): ProviderRequestProblem[] {
  const problems: ProviderRequestProblem[] = [];
  if (input.kind === 'licence_added') {
    if (!input.stateCode) problems.push({ field: 'stateCode', problem: 'providerRequest.stateRequired' });
    else if (licensedStates.includes(input.stateCode)) problems.push({ field: 'stateCode', problem: 'providerRequest.alreadyLicensed' });
    if (!input.licenseNumber?.trim()) problems.push({ field: 'licenseNumber', problem: 'providerRequest.licenseNumberRequired' });
  }
  if (input.kind === 'pay_rate_change' && input.payIndividual === undefined) problems.push({ field: 'payIndividual', problem: 'providerRequest.payRequired' });
  return problems;
}

/** Only what the request's kind is about: other fields a form sent along are dropped. */
export function requestOfKind(input: ProviderRequestInput): ProviderRequestInput {
  const base: ProviderRequestInput = { kind: input.kind, description: input.description.trim() };
  if (input.kind === 'licence_added') return { ...base, stateCode: input.stateCode, licenseNumber: input.licenseNumber?.trim() };
  if (input.kind === 'pay_rate_change')
    return input.payFollowUp === undefined
      ? { ...base, payIndividual: input.payIndividual }
      : { ...base, payIndividual: input.payIndividual, payFollowUp: input.payFollowUp };
  return base;
}

export interface ProviderChange {
  licensedStates?: string[];
  payIndividual?: number;
  payFollowUp?: number | null;
}

/**
 * What approving a request changes on the provider: a licence adds its state (once), pay rates set
 * the rates (the follow-up rate only when named). Availability and profile changes are approvals of
 * what the provider described: nothing on the record changes by itself.
 */
export function approvalChange(input: ProviderRequestInput, provider: { licensedStates: readonly string[] }): ProviderChange {
  if (input.kind === 'licence_added' && input.stateCode) {
    return provider.licensedStates.includes(input.stateCode) ? {} : { licensedStates: [...provider.licensedStates, input.stateCode].sort() };
  }
  if (input.kind === 'pay_rate_change' && input.payIndividual !== undefined) {
    return input.payFollowUp === undefined ? { payIndividual: input.payIndividual } : { payIndividual: input.payIndividual, payFollowUp: input.payFollowUp };
  }
  return {};
}
