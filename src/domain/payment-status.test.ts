import { paymentTransitions, refundDecision, refundsOnCancellation } from './payment-status';

describe('paymentTransitions', () => {
  it('lets only a succeeded or partly refunded payment be refunded', () => {
    expect(paymentTransitions.succeeded.refund).toEqual(['partially_refunded', 'refunded']);
    expect(paymentTransitions.partially_refunded.refund).toEqual(['partially_refunded', 'refunded']);
    expect(paymentTransitions.refunded.refund).toBeUndefined();
    expect(paymentTransitions.failed.refund).toBeUndefined();
  });
});

describe('refundDecision', () => {
  it('refunds all that is left when no amount is asked', () => {
    expect(refundDecision('succeeded', 19500, 0)).toEqual({ ok: true, amountCents: 19500, next: 'refunded', refundedCents: 19500 });
    expect(refundDecision('partially_refunded', 19500, 5000)).toEqual({ ok: true, amountCents: 14500, next: 'refunded', refundedCents: 19500 });
  });

  it('a part leaves the payment partly refunded; the last cent makes it refunded', () => {
    expect(refundDecision('succeeded', 19500, 0, 5000)).toEqual({ ok: true, amountCents: 5000, next: 'partially_refunded', refundedCents: 5000 });
    expect(refundDecision('partially_refunded', 19500, 19499, 1)).toEqual({ ok: true, amountCents: 1, next: 'refunded', refundedCents: 19500 });
  });

  it('never refunds beyond the amount', () => {
    expect(refundDecision('succeeded', 19500, 0, 19501)).toEqual({ ok: false, reason: 'too-much' });
    expect(refundDecision('partially_refunded', 19500, 10000, 9501)).toEqual({ ok: false, reason: 'too-much' });
  });

  it('refuses a failed or fully refunded payment, and amounts that are not whole positive cents', () => {
    expect(refundDecision('failed', 19500, 0)).toEqual({ ok: false, reason: 'not-refundable' });
    expect(refundDecision('refunded', 19500, 19500)).toEqual({ ok: false, reason: 'not-refundable' });
    expect(refundDecision('succeeded', 19500, 0, 0)).toEqual({ ok: false, reason: 'invalid-amount' });
    expect(refundDecision('succeeded', 19500, 0, -5)).toEqual({ ok: false, reason: 'invalid-amount' });
    expect(refundDecision('succeeded', 19500, 0, 10.5)).toEqual({ ok: false, reason: 'invalid-amount' });
    expect(refundDecision('succeeded', 0, 0)).toEqual({ ok: false, reason: 'nothing-left' });
  });
});

describe('refundsOnCancellation', () => {
  it('refunds a cancellation in time, or any the practice makes; not a late one by the patient', () => {
    expect(refundsOnCancellation({ late: false, byPractice: false })).toBe(true);
    expect(refundsOnCancellation({ late: true, byPractice: true })).toBe(true);
    expect(refundsOnCancellation({ late: true, byPractice: false })).toBe(false);
  });
});
