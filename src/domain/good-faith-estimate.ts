/**
 * A Good Faith Estimate of a self-pay booking (No Surprises Act): how many sessions the care
 * is expected to take over the months it covers, from the care cadence of the service (constant
 * goodFaithEstimate), at the session's price, and the total. Dates are calendar dates (YYYY-MM-DD) in
 * the session's time zone: from the session's day to the day before the same date `months` later.
 */
import * as bookingConstants from '../generated/constants/booking';
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
  /** the expected charges item by item, with their expected CPT codes (45 CFR 149.610(c)) */
  items: EstimateItem[];
  /**
   * The expected diagnosis code (ICD-10-CM). Nothing records a diagnosis before the first visit, so it is
   * null: the estimate then says the clinician determines it at the first visit (document.gfe.diagnosisToBeDetermined).
   */
  diagnosisCode: string | null;
}

/** One line of an estimate: a service with its expected CPT code, how many, at what price each. */
export interface EstimateItem {
  /** the first visit (the diagnostic evaluation) or the sessions after it */
  visit: 'first' | 'ongoing';
  cptCode: string;
  sessions: number;
  priceCents: number;
  totalCents: number;
}

type ServiceCodes = { first: string; ongoing: string };

/** The expected CPT codes of a service (constant goodFaithEstimate.serviceCodes); an unknown one is billed as individual therapy. */
export function serviceCodesOf(counselingType: CounselingType | string): ServiceCodes {
  const codes: Record<string, ServiceCodes> = bookingConstants.goodFaithEstimate.serviceCodes;
  return codes[counselingType] ?? bookingConstants.goodFaithEstimate.serviceCodes['Individual Counseling'];
}

/**
 * A first visit is one evaluation then the rest ongoing sessions; a returning patient's are all ongoing. The ongoing
 * sessions of a booked series cost what each was booked at (ongoingPriceCents: the follow-up rate), else the session's price.
 */
export function estimateItems(
  counselingType: CounselingType | string,
  sessions: number,
  priceCents: number,
  firstVisit: boolean,
  ongoingPriceCents: number = priceCents,
): EstimateItem[] {
  const codes = serviceCodesOf(counselingType);
  const item = (visit: EstimateItem['visit'], count: number, price: number): EstimateItem => ({
    visit,
    cptCode: codes[visit],
    sessions: count,
    priceCents: price,
    totalCents: count * price,
  });
  if (!firstVisit) return [item('ongoing', sessions, ongoingPriceCents)];
  return sessions > 1 ? [item('first', 1, priceCents), item('ongoing', sessions - 1, ongoingPriceCents)] : [item('first', 1, priceCents)];
}

/** Psychiatry follows the monthly cadence; every other service the therapy one. */
export function careKindOf(counselingType: CounselingType | string): CareKind {
  return counselingType === 'Medication/Psychiatry' ? 'psychiatry' : 'therapy';
}

export function goodFaithEstimate(input: {
  counselingType: CounselingType | string;
  priceCents: number;
  sessionDate: string;
  /** the patient has had no session with this provider before (default: a first visit) */
  firstVisit?: boolean;
  diagnosisCode?: string | null;
  /**
   * A booked recurring series (src/domain/recurrence.ts): the estimate covers its sessions, from the first session's day
   * to the last one's (never past the {months} months the rule allows), the later ones at ongoingPriceCents.
   */
  series?: { sessions: number; lastDate: string; ongoingPriceCents?: number | null };
}): GoodFaithEstimate {
  const { months, sessionsPerYear, disputeThresholdCents } = bookingConstants.goodFaithEstimate;
  const kind = careKindOf(input.counselingType);
  const sessions = input.series ? input.series.sessions : Math.max(1, Math.round((sessionsPerYear[kind] * months) / 12));
  const lastAllowed = addDaysIso(addMonths(input.sessionDate, months), -1);
  const items = estimateItems(input.counselingType, sessions, input.priceCents, input.firstVisit ?? true, input.series?.ongoingPriceCents ?? input.priceCents);
  return {
    kind,
    sessions,
    priceCents: input.priceCents,
    totalCents: items.reduce((sum, item) => sum + item.totalCents, 0),
    from: input.sessionDate,
    to: input.series && input.series.lastDate < lastAllowed ? input.series.lastDate : lastAllowed,
    disputeThresholdCents,
    items,
    diagnosisCode: input.diagnosisCode ?? null,
  };
}

/** A booked self-pay session with a price has a Good Faith Estimate (the server answers NOT_FOUND for any other). */
export function hasGoodFaithEstimate(s: { selfPay: boolean; priceCents?: number | null; status: string }): boolean {
  return s.selfPay && typeof s.priceCents === 'number' && s.status === 'booked';
}
