import * as bookingConstants from '../generated/constants/booking';
import { careKindOf, estimateItems, goodFaithEstimate, hasGoodFaithEstimate, serviceCodesOf } from './good-faith-estimate';

describe('goodFaithEstimate', () => {
  it('expects the therapy cadence for counseling and the monthly one for psychiatry, at the session price', () => {
    const therapy = goodFaithEstimate({ counselingType: 'Individual Counseling', priceCents: 19500, sessionDate: '2026-12-01' });
    expect(therapy).toMatchObject({ kind: 'therapy', sessions: bookingConstants.goodFaithEstimate.sessionsPerYear.therapy, priceCents: 19500 });
    expect(therapy.totalCents).toBe(therapy.sessions * 19500);
    const psychiatry = goodFaithEstimate({ counselingType: 'Medication/Psychiatry', priceCents: 25000, sessionDate: '2026-12-01' });
    expect(psychiatry).toMatchObject({ kind: 'psychiatry', sessions: bookingConstants.goodFaithEstimate.sessionsPerYear.psychiatry });
    expect(careKindOf('Couples/Marriage Counseling')).toBe('therapy');
  });

  it('covers the months from the session day to the day before the same date, across years and short months', () => {
    expect(goodFaithEstimate({ counselingType: 'Individual Counseling', priceCents: 100, sessionDate: '2026-12-01' })).toMatchObject({
      from: '2026-12-01',
      to: '2027-11-30',
    });
    // 12 months after Feb 29 is Feb 28 of the next year: the estimate ends the day before.
    expect(goodFaithEstimate({ counselingType: 'Individual Counseling', priceCents: 100, sessionDate: '2028-02-29' })).toMatchObject({ to: '2029-02-27' });
  });

  it('a free session estimates nothing, and the dispute threshold comes from the specs', () => {
    expect(goodFaithEstimate({ counselingType: 'Individual Counseling', priceCents: 0, sessionDate: '2026-12-01' })).toMatchObject({
      totalCents: 0,
      disputeThresholdCents: bookingConstants.goodFaithEstimate.disputeThresholdCents,
    });
  });
});

describe('hasGoodFaithEstimate', () => {
  it('only a booked self-pay session with a price has one', () => {
    expect(hasGoodFaithEstimate({ selfPay: true, priceCents: 19500, status: 'booked' })).toBe(true);
    expect(hasGoodFaithEstimate({ selfPay: true, priceCents: 0, status: 'booked' })).toBe(true);
    expect(hasGoodFaithEstimate({ selfPay: false, priceCents: 19500, status: 'booked' })).toBe(false);
    expect(hasGoodFaithEstimate({ selfPay: true, priceCents: null, status: 'booked' })).toBe(false);
    expect(hasGoodFaithEstimate({ selfPay: true, priceCents: 19500, status: 'cancelled' })).toBe(false);
  });
});

describe('expected service codes and items', () => {
  it('a first therapy visit is the 90791 evaluation then therapy sessions, adding up to the total', () => {
    const estimate = goodFaithEstimate({ counselingType: 'Individual Counseling', priceCents: 19500, sessionDate: '2026-12-01' });
    expect(estimate.items).toEqual([
      { visit: 'first', cptCode: '90791', sessions: 1, priceCents: 19500, totalCents: 19500 },
      { visit: 'ongoing', cptCode: '90837', sessions: estimate.sessions - 1, priceCents: 19500, totalCents: (estimate.sessions - 1) * 19500 },
    ]);
    expect(estimate.items.reduce((sum, item) => sum + item.totalCents, 0)).toBe(estimate.totalCents);
    expect(estimate.diagnosisCode).toBeNull();
  });

  it('medication management is 99214 after a 90792 psychiatric evaluation; a returning patient has no evaluation line', () => {
    expect(serviceCodesOf('Medication/Psychiatry')).toEqual({ first: '90792', ongoing: '99214' });
    expect(estimateItems('Medication/Psychiatry', 12, 25000, false)).toEqual([
      { visit: 'ongoing', cptCode: '99214', sessions: 12, priceCents: 25000, totalCents: 300000 },
    ]);
    expect(estimateItems('Individual Counseling', 1, 100, true)).toEqual([{ visit: 'first', cptCode: '90791', sessions: 1, priceCents: 100, totalCents: 100 }]);
  });

  it('every service has codes, and a diagnosis given is kept', () => {
    for (const type of ['Family Counseling', 'Couples/Marriage Counseling', 'Psychological Testing & Evaluation', 'Something new'])
      expect(serviceCodesOf(type).first).toMatch(/^\d{5}$/);
    expect(goodFaithEstimate({ counselingType: 'Individual Counseling', priceCents: 1, sessionDate: '2026-12-01', diagnosisCode: 'F41.1' }).diagnosisCode).toBe(
      'F41.1',
    );
  });
});

describe('the estimate of a recurring series', () => {
  it('covers the series’ sessions from the first session’s day to the last one’s, the later ones at their follow-up price', () => {
    const series = goodFaithEstimate({
      counselingType: 'Individual Counseling',
      priceCents: 20000,
      sessionDate: '2027-03-02',
      series: { sessions: 8, lastDate: '2027-04-20', ongoingPriceCents: 15000 },
    });
    expect(series).toMatchObject({ sessions: 8, from: '2027-03-02', to: '2027-04-20', totalCents: 20000 + 7 * 15000 });
    expect(series.items).toEqual([
      expect.objectContaining({ visit: 'first', sessions: 1, priceCents: 20000 }),
      expect.objectContaining({ visit: 'ongoing', sessions: 7, priceCents: 15000, totalCents: 7 * 15000 }),
    ]);
  });

  it('never covers more than the months the rule allows, and a returning patient’s sessions are all ongoing', () => {
    const long = goodFaithEstimate({
      counselingType: 'Individual Counseling',
      priceCents: 100,
      sessionDate: '2027-01-05',
      firstVisit: false,
      series: { sessions: 26, lastDate: '2028-03-01' },
    });
    expect(long).toMatchObject({ to: '2028-01-04', sessions: 26, totalCents: 2600 });
    expect(long.items).toEqual([expect.objectContaining({ visit: 'ongoing', sessions: 26 })]);
  });
});
