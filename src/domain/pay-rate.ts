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

/** A session a patient had or has with a provider, as the follow-up rule reads it. */
export interface EarlierSession {
  start: Date | string;
  status: 'booked' | 'cancelled';
}

/**
 * Whether a session is a follow-up (charged at the follow-up rate): the patient already has a session
 * with the provider that was not cancelled - held or still to come - starting before this one. A
 * cancelled session never happened, so it does not count. Without a start (a price asked before a
 * time is chosen) any such session counts. The server decides this from its own records; what a
 * browser says about it is never asked.
 */
export function isFollowUpSession(history: readonly EarlierSession[], start?: Date | string): boolean {
  const before = start === undefined ? Number.POSITIVE_INFINITY : new Date(start).getTime();
  return history.some((session) => session.status === 'booked' && new Date(session.start).getTime() < before);
}
