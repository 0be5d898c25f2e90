/**
 * The ledger: every movement of money is one row, written with the payment it records,
 * never changed; what is due comes from it; the daily reconciliation finds money the gateway moved
 * that the ledger does not know and keeps it as a red alert.
 */
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, makeSlots, selfPatientOf } from '@tests/support/booking';
import { constants } from '@/generated/constants';
import { reconcileJob, reconcileLastDay } from './reconcile-job';

const approved = constants.testCardNumbers.approved[0]!.number;

let t: TestApp;
let jordan: TestCaller;
let sam: TestCaller;
let self: { id: string };

beforeAll(async () => {
  t = await startTestApp({ seed: true, env: { LOCAL_GATEWAY_SETTLE_SECONDS: '0' } });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  sam = await callerFor(t.app, 'sam.okafor@example.com');
  self = await selfPatientOf(t.app.database, jordan.id);
}, 180_000);
afterAll(async () => t?.close());

async function nonce() {
  return (
    await t.app.inject({
      method: 'POST',
      url: '/api/patient-cards/tokenize',
      headers: jordan.headers,
      payload: { number: approved, expiration: '12/39', cvv: '123' },
    })
  ).json().nonce as string;
}

async function ledgerOf(appointmentId: string) {
  return t.app.database.query<{
    kind: string;
    gateway_cents: number;
    due_cents: number;
    transaction_id: string | null;
    charge_transaction_id: string | null;
    idempotency_key: string | null;
    payment_id: string | null;
  }>(
    'SELECT kind, gateway_cents, due_cents, transaction_id, charge_transaction_id, idempotency_key, payment_id FROM money_ledger WHERE appointment_id = $1 ORDER BY id',
    [appointmentId],
  );
}

it('a charge, a staff refund and a cancellation are ledger rows with the gateway id and the key; the ledger refuses changes', async () => {
  const [slot] = await makeSlots(t.app.database, 1, { providerOffset: 7 });
  const key = randomUUID();
  const booked = (
    await bookSlot(
      t.app,
      jordan,
      slot!,
      [{ id: self.id, consents: consentGiven() }],
      { selfPay: true, selfPayConsentCategory: 'selfPay', payment: { nonce: await nonce() } },
      key,
    )
  ).booked!.json();
  const refund = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${booked.payment.id}/refund`,
    headers: { ...sam.headers, 'idempotency-key': randomUUID() },
    payload: { amountCents: 2500, reason: 'late start' },
  });
  expect(refund.statusCode).toBe(200);
  expect(
    (await t.app.inject({ method: 'POST', url: `/api/appointments/${booked.id}/cancel`, headers: jordan.headers, payload: { reasonId: 'schedule_conflict' } }))
      .statusCode,
  ).toBe(200);
  const rows = await ledgerOf(booked.id);
  expect(rows.map((r) => [r.kind, r.gateway_cents])).toEqual([
    ['charge', booked.priceCents],
    ['refund', -2500],
    ['refund', -(booked.priceCents - 2500)],
  ]);
  expect(rows[0]).toMatchObject({ transaction_id: booked.payment.transactionId, idempotency_key: key, payment_id: booked.payment.id });
  expect(rows.every((r) => r.charge_transaction_id === booked.payment.transactionId)).toBe(true);
  await expect(t.app.database.query('UPDATE money_ledger SET gateway_cents = 0 WHERE appointment_id = $1', [booked.id])).rejects.toThrow(/append-only/);
  await expect(t.app.database.query('DELETE FROM money_ledger WHERE appointment_id = $1', [booked.id])).rejects.toThrow(/append-only/);
});

it('what is due is read from the ledger: a late fee no card paid, then paid', async () => {
  const [slot] = await makeSlots(t.app.database, 1, { providerOffset: 8 });
  const booked = (
    await bookSlot(t.app, jordan, slot!, [{ id: self.id, consents: consentGiven() }], {
      selfPay: true,
      selfPayConsentCategory: 'selfPay',
      payment: { nonce: await nonce() },
    })
  ).booked!.json();
  const now = t.app.clock.now().getTime();
  for (const [table, column] of [
    ['appointments', 'id'],
    ['slot_reservations', 'appointment_id'],
  ] as const) {
    await t.app.database.query(`UPDATE ${table} SET during = tstzrange($2, $3) WHERE ${column} = $1`, [
      booked.id,
      new Date(now + 3 * 3600_000).toISOString(),
      new Date(now + 4 * 3600_000).toISOString(),
    ]);
  }
  const cards = (await t.app.inject({ method: 'GET', url: `/api/patient-cards/patient/${self.id}`, headers: jordan.headers })).json().items ?? [];
  const cancelled = (
    await t.app.inject({ method: 'POST', url: `/api/appointments/${booked.id}/cancel`, headers: jordan.headers, payload: { reasonId: 'illness' } })
  ).json();
  const fee = constants.lateCancelFeeCents;
  if (cards.length === 0) {
    expect(cancelled.amountDueCents).toBe(fee);
    expect((await ledgerOf(booked.id)).at(-1)).toMatchObject({ kind: 'fee', gateway_cents: 0, due_cents: fee });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${booked.id}/pay`,
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: { nonce: await nonce() },
    });
    expect(paid.json()).toMatchObject({ amountCents: fee, amountDueCents: 0 });
    expect((await ledgerOf(booked.id)).at(-1)).toMatchObject({ kind: 'due_payment', gateway_cents: fee, due_cents: -fee });
  } else {
    expect((await ledgerOf(booked.id)).at(-1)).toMatchObject({ kind: 'fee', gateway_cents: fee, due_cents: 0 });
  }
  const [{ due }] = (await t.app.database.query<{ due: number }>('SELECT appointment_due_cents($1) AS due', [booked.id])) as [{ due: number }];
  expect(due).toBe(0);
});

it('the daily reconciliation finds nothing when the ledger and the gateway agree, and raises money the ledger does not know', async () => {
  expect(reconcileJob).toMatchObject({ name: 'money-reconcile', cron: '15 3 * * *' });
  const clean = await reconcileLastDay(t.app);
  expect(clean).toMatchObject({ ok: true, discrepancies: [] });
  expect(clean.ok && clean.checked).toBeGreaterThan(0);
  // Money taken at the gateway with no ledger row (a charge whose booking vanished without a void).
  const stray = await t.app.cardGateway.charge({ amountCents: 1234, source: { nonce: await nonce() }, orderId: randomUUID() });
  expect(stray.ok).toBe(true);
  const found = await reconcileLastDay(t.app);
  expect(found.ok && found.discrepancies).toEqual([{ chargeTransactionId: stray.ok ? stray.transactionId : '', ledgerCents: 0, gatewayCents: 1234 }]);
  const alerts = await t.app.database.query<{ charge_transaction_id: string; gateway_cents: number }>(
    'SELECT charge_transaction_id, gateway_cents FROM money_discrepancies',
  );
  expect(alerts).toEqual([{ charge_transaction_id: stray.ok ? stray.transactionId : '', gateway_cents: 1234 }]);

  // Staff see it as a red alert, and resolving it takes it off the list (once).
  const listed = await t.app.inject({ method: 'GET', url: '/api/payments/discrepancies', headers: sam.headers });
  expect(listed.statusCode).toBe(200);
  const [alert] = listed.json().items;
  expect(alert).toMatchObject({
    gateway: 'local',
    chargeTransactionId: stray.ok ? stray.transactionId : '',
    ledgerCents: 0,
    gatewayCents: 1234,
    resolvedAt: null,
  });
  const resolved = await t.app.inject({ method: 'POST', url: `/api/payments/discrepancies/${alert.id}/resolve`, headers: sam.headers });
  expect(resolved.json()).toMatchObject({ id: alert.id, resolvedAt: expect.any(String) });
  const again = await t.app.inject({ method: 'POST', url: `/api/payments/discrepancies/${alert.id}/resolve`, headers: sam.headers });
  expect(again.json().resolvedAt).toBe(resolved.json().resolvedAt);
  expect((await t.app.inject({ method: 'GET', url: '/api/payments/discrepancies', headers: sam.headers })).json().items).toEqual([]);
  expect((await t.app.inject({ method: 'GET', url: '/api/payments/discrepancies', headers: jordan.headers })).statusCode).toBe(403);
});

it('staff refunds answer 403 while supportRefunds is off for the caller (checked by the server), and move no money', async () => {
  const [slot] = await makeSlots(t.app.database, 1, { providerOffset: 9 });
  const booked = (
    await bookSlot(t.app, jordan, slot!, [{ id: self.id, consents: consentGiven() }], {
      selfPay: true,
      selfPayConsentCategory: 'selfPay',
      payment: { nonce: await nonce() },
    })
  ).booked!.json();
  t.app.flags.force({ supportRefunds: 'disable' });
  try {
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${booked.payment.id}/refund`,
      headers: { ...sam.headers, 'idempotency-key': randomUUID() },
      payload: { amountCents: 100, reason: 'goodwill' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await ledgerOf(booked.id)).map((r) => r.kind)).toEqual(['charge']);
  } finally {
    t.app.flags.force({});
  }
  const allowed = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${booked.payment.id}/refund`,
    headers: { ...sam.headers, 'idempotency-key': randomUUID() },
    payload: { amountCents: 100, reason: 'goodwill' },
  });
  expect(allowed.json()).toMatchObject({ amountCents: 100, payment: { status: 'partially_refunded', refundedCents: 100 } });
});
