/** Refunds after the charge settled (an app whose gateway settles at once): through the gateway, whole or in part, once per key. */
import { randomUUID } from 'node:crypto';
import { makeSlots } from '@tests/support/booking';
import {
  type World,
  billingKinds,
  bookSelfPay,
  cancel,
  paidLaterThenCancelled,
  paidLaterThenRepriced,
  paymentsOf,
  refund,
  repricing,
  world,
} from './refunds-world';

describe('refunds after the charge settled (refund)', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ LOCAL_GATEWAY_SETTLE_SECONDS: '0' });
  }, 180_000);
  afterAll(async () => w?.t.close());

  it('a cancellation in time refunds through the gateway', async () => {
    const [slot] = await makeSlots(w.t.app.database, 1, { providerOffset: 5 });
    const booked = await bookSelfPay(w, slot!);
    expect((await cancel(w, w.jordan, booked.id, 'feeling_better')).statusCode).toBe(200);
    const rows = await paymentsOf(w, booked.id);
    expect(rows[1]).toMatchObject({ refund_of: booked.payment.id, amount_cents: booked.priceCents });
    expect(rows[1]!.transaction_id.startsWith('rfd_local_')).toBe(true);
  });

  it('staff refund part, then the rest; never beyond the amount; the same key refunds once; audited', async () => {
    const [slot] = await makeSlots(w.t.app.database, 1, { providerOffset: 6 });
    const booked = await bookSelfPay(w, slot!);
    const key = randomUUID();
    const first = await refund(w, w.sam, booked.payment.id, { amountCents: 5000, reason: 'late start' }, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ amountCents: 5000, method: 'refund', payment: { status: 'partially_refunded' } });
    const again = await refund(w, w.sam, booked.payment.id, { amountCents: 5000, reason: 'late start' }, key);
    expect(again.json().refundId).toBe(first.json().refundId);
    const tooMuch = await refund(w, w.sam, booked.payment.id, { amountCents: booked.priceCents - 5000 + 1, reason: 'more' });
    expect(tooMuch.json().errorCode).toBe('REFUND_NOT_POSSIBLE');
    const rest = await refund(w, w.sam, booked.payment.id, { reason: 'the rest' });
    expect(rest.json()).toMatchObject({ amountCents: booked.priceCents - 5000, payment: { status: 'refunded' } });
    expect((await refund(w, w.sam, booked.payment.id, { amountCents: 1, reason: 'one more' })).json().errorCode).toBe('REFUND_NOT_POSSIBLE');
    const rows = await paymentsOf(w, booked.id);
    expect(rows.filter((r) => r.refund_of).reduce((s, r) => s + r.amount_cents, 0)).toBe(booked.priceCents);
    const audits = await w.t.app.database.query<{ outcome: string }>("SELECT outcome FROM audit_log WHERE action = 'refundPayment' AND record_id = $1", [
      booked.payment.id,
    ]);
    expect(audits.length).toBeGreaterThanOrEqual(3);
    // The patient sees the refunds in billing.
    expect((await billingKinds(w)).filter((i) => i.appointmentId === booked.id && i.kind === 'refund')).toHaveLength(2);
  });

  it('rescheduling to a time with another price refunds the difference, then charges it back', async () => repricing(w, 'refund'));

  it('a session booked without a card and paid later is refunded in full through the gateway when cancelled in time', async () =>
    paidLaterThenCancelled(w, 'refund', 8));

  it('a session paid later and moved to a lower price refunds the difference from the balance payment; refund mail and a new estimate', async () =>
    paidLaterThenRepriced(w, 'refund'));
});
