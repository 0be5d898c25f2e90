/**
 * Rules of the attempt and rate limits: fixed counting windows and the sign-in back-off. The server
 * counts in the shared database (src/server/limits/counters.ts); these say what the counts mean.
 */

/** The start of the fixed window of `minutes` that `now` falls in (windows are aligned to the epoch, so every process agrees). */
export function windowStart(now: Date, minutes: number): Date {
  const size = minutes * 60_000;
  return new Date(Math.floor(now.getTime() / size) * size);
}

export interface BackoffRule {
  freeFailures: number;
  baseSeconds: number;
  maxSeconds: number;
}

/**
 * Seconds to wait after the latest of `failures` failed attempts before the next is compared: none
 * while failures <= freeFailures, then baseSeconds, doubling with each further failure, capped at maxSeconds.
 */
export function backoffSeconds(failures: number, rule: BackoffRule): number {
  if (failures <= rule.freeFailures) return 0;
  const doublings = failures - rule.freeFailures - 1;
  return Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** Math.min(doublings, 30));
}

/** Whole seconds still to wait at `now` after the latest failure at `lastFailureAt`; 0 when the next attempt may be compared. */
export function backoffRemainingSeconds(failures: number, lastFailureAt: Date, now: Date, rule: BackoffRule): number {
  const until = lastFailureAt.getTime() + backoffSeconds(failures, rule) * 1000;
  return Math.max(0, Math.ceil((until - now.getTime()) / 1000));
}
