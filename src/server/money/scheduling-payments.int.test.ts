/**
 * The scheduling system's own payment service: with the schedulingSystemPayment flag on, a
 * self-pay booking is paid through it instead of the card gateway (no card asked), the payment names
 * it as provider, the ledger records it, and a cancellation in time gives the money back through it.
 * With the flag off the server refuses, whatever the browser sent, and books nothing; a refusal by the
 * service books nothing and is kept as a failed payment of the session.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, makeSlots, selfPatientOf } from '@tests/support/booking';
import { offlineSchedulingPayments } from '../payments/scheduling-payments';

let t: TestApp;
let jordan: TestCaller;
let self: { id: string };

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  self = await selfPatientOf(t.app.database, jordan.id);
}, 180_000);
afterAll(async () => t?.close());
afterEach(() => t.app.flags.force({}));

const viaScheduling = { selfPay: true, selfPayConsentCategory: 'selfPay', payment: { provider: 'scheduling_system' } };

async function book(slotOffset: number) {
  const [slot] = await makeSlots(t.app.database, 1, { providerOffset: slotOffset });
  return { slot: slot!, ...(await bookSlot(t.app, jordan, slot!, [{ id: self.id, consents: consentGiven() }], viaScheduling)) };
}

it('with the flag on, a self-pay booking is paid through the scheduling system, and a cancellation in time refunds it there', async () => {
  t.app.flags.force({ schedulingSystemPayment: 'show' });
  const { booked } = await book(21);
  expect(booked?.statusCode).toBe(201);
  const appointment = booked!.json();
  expect(appointment.payment).toMatchObject({ status: 'succeeded', provider: 'scheduling_system', amountCents: appointment.priceCents });
  const [row] = await t.app.database.query<{ gateway: string; transaction_id: string; card_last4: string | null }>(
    "SELECT gateway, transaction_id, card_last4 FROM payments WHERE appointment_id = $1 AND status = 'succeeded'",
    [appointment.id],
  );
  expect(row).toMatchObject({ gateway: 'scheduling_system', card_last4: null });
  expect(await t.app.schedulingPayments.status(row!.transaction_id)).toMatchObject({ chargedCents: appointment.priceCents, refundedCents: 0 });
  const [ledger] = await t.app.database.query<{ kind: string; gateway: string; gateway_cents: number }>(
    'SELECT kind, gateway, gateway_cents FROM money_ledger WHERE appointment_id = $1 ORDER BY id',
    [appointment.id],
  );
  expect(ledger).toMatchObject({ kind: 'charge', gateway: 'scheduling_system', gateway_cents: appointment.priceCents });

  const cancelled = await t.app.inject({
    method: 'POST',
    url: `/api/appointments/${appointment.id}/cancel`,
    headers: jordan.headers,
    payload: { reasonId: 'schedule_conflict' },
  });
  expect(cancelled.statusCode).toBe(200);
  expect(cancelled.json().payment).toMatchObject({ status: 'refunded', provider: 'scheduling_system' });
  expect(await t.app.schedulingPayments.status(row!.transaction_id)).toMatchObject({
    chargedCents: appointment.priceCents,
    refundedCents: appointment.priceCents,
  });
});

it('with the flag off, the server refuses to book through the scheduling system and books nothing', async () => {
  t.app.flags.force({ schedulingSystemPayment: 'hide' });
  const { booked, slot } = await book(22);
  expect(booked?.statusCode).toBe(403);
  expect(booked!.json().errorCode).toBe('SCHEDULING_PAYMENT_UNAVAILABLE');
  expect(await t.app.database.query('SELECT 1 FROM appointments WHERE slot_id = $1', [slot.id])).toHaveLength(0);
});

it('in production without SCHEDULING_PAYMENT_URL, the flag turned on (in Unleash) still books nothing through the offline service', async () => {
  // What the payments plugin decides for NODE_ENV=production without DEMO_MODE or SCHEDULING_PAYMENT_URL.
  t.app.flags.force({ schedulingSystemPayment: 'show' });
  t.app.schedulingPaymentsReal = false;
  try {
    const { booked, slot } = await book(24);
    expect(booked?.statusCode).toBe(403);
    expect(booked!.json().errorCode).toBe('SCHEDULING_PAYMENT_UNAVAILABLE');
    expect(await t.app.database.query('SELECT 1 FROM appointments WHERE slot_id = $1', [slot.id])).toHaveLength(0);
  } finally {
    t.app.schedulingPaymentsReal = true;
  }
});

it('a payment the scheduling system refuses books nothing and is kept as a failed session payment', async () => {
  t.app.flags.force({ schedulingSystemPayment: 'show' });
  const original = t.app.schedulingPayments;
  const refusing = offlineSchedulingPayments(t.app.clock);
  t.app.schedulingPayments = { ...refusing, charge: async () => ({ ok: false, reason: 'declined' }) };
  try {
    const { booked, slot, key } = await book(23);
    expect(booked?.statusCode).toBe(402);
    expect(booked!.json().errorCode).toBe('SCHEDULING_PAYMENT_DECLINED');
    expect(await t.app.database.query('SELECT 1 FROM appointments WHERE slot_id = $1', [slot.id])).toHaveLength(0);
    const failed = await t.app.database.query<{ provider: string; gateway: string; purpose: string }>(
      'SELECT provider, gateway, purpose FROM payments WHERE idempotency_key = $1',
      [key],
    );
    expect(failed).toEqual([{ provider: 'scheduling_system', gateway: 'scheduling_system', purpose: 'session' }]);
  } finally {
    t.app.schedulingPayments = original;
  }
});
