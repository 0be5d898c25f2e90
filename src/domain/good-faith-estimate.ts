/**
 * A Good Faith Estimate of a self-pay booking (No Surprises Act, issue 24): how many sessions the care
 * is expected to take over the months it covers, from the care cadence of the service (constant
 * goodFaithEstimate), at the session's price, and the total. Dates are calendar dates (YYYY-MM-DD) in
 * the session's time zone: from the session's day to the day before the same date `months` later.
 */
import { constants } from '../generated/constants';
import type { CounselingType } from '../generated/enums';
import { addDaysIso, addMonths } from './dates';

export type CareKind = 'therapy' | 'psychiatry';

export interface GoodFaithEstimate {
  kind: CareKind;
  sessions: number;
  priceCents: number;
  totalCents: number;
  /** the first day it covers (the session's) */
  from: string;
  /** the last day it covers */
  to: string;
  /** a bill this far above the total may be disputed */
  disputeThresholdCents: number;
}

/** Psychiatry follows the monthly cadence; every other service the therapy one. */
export function careKindOf(counselingType: CounselingType | string): CareKind {
  return counselingType === 'Medication/Psychiatry' ? 'psychiatry' : 'therapy';
}

export function goodFaithEstimate(input: { counselingType: CounselingType | string; priceCents: number; sessionDate: string }): GoodFaithEstimate {
  const { months, sessionsPerYear, disputeThresholdCents } = constants.goodFaithEstimate;
  const kind = careKindOf(input.counselingType);
  const sessions = Math.max(1, Math.round((sessionsPerYear[kind] * months) / 12));
  return {
    kind,
    sessions,
    priceCents: input.priceCents,
    totalCents: sessions * input.priceCents,
    from: input.sessionDate,
    to: addDaysIso(addMonths(input.sessionDate, months), -1),
    disputeThresholdCents,
  };
}

/** A booked self-pay session with a price has a Good Faith Estimate (the server answers NOT_FOUND for any other). */
export function hasGoodFaithEstimate(s: { selfPay: boolean; priceCents?: number | null; status: string }): boolean {
  return s.selfPay && typeof s.priceCents === 'number' && s.status === 'booked';
}
