/**
 * The rate a session is charged at (product-spec §4 "Pay rate"): a follow-up uses the provider's
 * follow-up rate when there is one, anything else (and a follow-up without one) the individual rate.
 * A rate of 0 is a rate; null, undefined and blank text are not.
 */
export type Rate = number | string;

export interface ProviderPayRates {
  follow_up?: Rate | null;
  individual?: Rate | null;
}

function present(rate: Rate | null | undefined): rate is Rate {
  return rate !== null && rate !== undefined && (typeof rate === 'number' ? Number.isFinite(rate) : rate.trim() !== '');
}

export function sessionPayRate(payRates: ProviderPayRates | null | undefined, isFollowUp: boolean): Rate | undefined {
  if (isFollowUp && present(payRates?.follow_up)) return payRates.follow_up;
  return present(payRates?.individual) ? payRates.individual : undefined;
}
