/**
 * How a payment's status moves (product-spec §3 payment status): a charge that succeeded can be
 * refunded in part (partially_refunded) or in full (refunded), a partial refund can be followed by
 * more until nothing is left; failed and refunded are final, and failed is only ever a payment's
 * first status (see paymentTransitions). One table, read by the money service,
 * so no code path invents a move. A refund never gives back more than what is left of the charge.
 */
import type { PaymentStatus } from '../generated/enums';

export type PaymentEvent = 'refund';

/**
 * The moves the table allows: status -> event -> possible next statuses.
 *
 * `failed` is insert-only, never reached by a move: a payment row is written once the gateway has
 * answered, as `succeeded` when it took the money (src/server/money/charges.ts insertPayment) or as
 * `failed` when it declined (recordFailedPayment, after the work's transaction rolled back). A
 * charge that succeeded and later comes back is a refund or a void (a row of its own naming the
 * charge), never a charge turned failed; so no event leads to `failed`, and `failed` has no way out
 * (nothing was taken, nothing can be given back).
 */
export const paymentTransitions: Readonly<Record<PaymentStatus, Partial<Record<PaymentEvent, readonly PaymentStatus[]>>>> = {
  succeeded: { refund: ['partially_refunded', 'refunded'] },
  partially_refunded: { refund: ['partially_refunded', 'refunded'] },
  refunded: {},
  failed: {},
};

export type RefundDecision =
  | { ok: true; amountCents: number; next: PaymentStatus; refundedCents: number }
  | { ok: false; reason: 'not-refundable' | 'nothing-left' | 'too-much' | 'invalid-amount' };

/**
 * A refund of `requestedCents` (all that is left when undefined) of a payment of `amountCents` of
 * which `alreadyRefundedCents` went back before.
 */
export function refundDecision(status: PaymentStatus, amountCents: number, alreadyRefundedCents: number, requestedCents?: number): RefundDecision {
  const allowed = paymentTransitions[status].refund;
  if (!allowed) return { ok: false, reason: 'not-refundable' };
  const left = amountCents - alreadyRefundedCents;
  if (left <= 0) return { ok: false, reason: 'nothing-left' };
  const amount = requestedCents ?? left;
  if (!Number.isInteger(amount) || amount <= 0) return { ok: false, reason: 'invalid-amount' };
  if (amount > left) return { ok: false, reason: 'too-much' };
  const refundedCents = alreadyRefundedCents + amount;
  const next: PaymentStatus = refundedCents === amountCents ? 'refunded' : 'partially_refunded';
  if (!allowed.includes(next)) return { ok: false, reason: 'not-refundable' };
  return { ok: true, amountCents: amount, next, refundedCents };
}

/**
 * Whether cancelling a session gives its payment back in full (issue: refunds when a session is
 * cancelled in time): always when the provider or the practice cancels; otherwise only outside the
 * late-cancellation window.
 */
export function refundsOnCancellation(c: { late: boolean; byPractice: boolean }): boolean {
  return c.byPractice || !c.late;
}
