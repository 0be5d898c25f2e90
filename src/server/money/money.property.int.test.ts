/**
 * Properties that hold: random sequences of book (with a card, or with none as a member of
 * a partner whose members may book without one, so the price is owed), cancel (early, late, by staff, by the
 * provider), reschedule, pay what is due, staff refunds, time passing (the local gateway settles) and
 * retries with the same idempotency keys, through the API (app.inject) on one database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL). After every step:
 *  - nobody is charged for a session cancelled in time (or by the practice): no money held, nothing due,
 *    whatever paid it (the charge at booking, or what was owed and paid later);
 *  - a booked session holds plus owes no more than its price, and exactly its price when staff refunded nothing;
 *  - no payment is refunded twice or beyond its amount, and its status says how much went back;
 *  - every charge belongs to a session or a fee, and is exactly one ledger row;
 *  - the ledger sums, charge by charge, to the gateway's own record; reconciliation finds nothing;
 *  - balances are never negative (what is due, what a charge holds);
 *  - a retried request with the same key moves no money.
 * Up to 8 steps a sequence; 200 sequences in four groups (each within the integration time limit; fewer on PGlite when
 * PostgreSQL runs them too, see SEQUENCES_PER_GROUP); fixed seed, FC_SEED explores others.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { startTestApp, type TestApp } from '@tests/support/app';
import { TestClock } from '@tests/support/clock';
import { countSetting } from '@tests/support/settings';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { bookingBody, consentGiven, makeSlots, selfPatientOf, type TestSlot } from '@tests/support/booking';
import { constants } from '@/generated/constants';
import { reconcileMoney } from './reconcile';

const approved = constants.testCardNumbers.approved[0]!.number;
/**
 * 50 sequences a group. `npm test` runs this file on PGlite and again on PostgreSQL when TEST_DATABASE_URL is set;
 * then the PGlite pass runs 25 a group (MONEY_SEQUENCES, scripts/test.ts): the properties are the same on both, the
 * 200 run on PostgreSQL, and the 100 on PGlite still move money every way (the last test checks it).
 */
const SEQUENCES_PER_GROUP = countSetting('MONEY_SEQUENCES', 50);
const GROUPS = 4;

type Op =
  | { op: 'book'; saveCard: boolean }
  | { op: 'bookOwing' }
  | { op: 'cancel'; who: 'patient' | 'staff' | 'provider'; late: boolean; i: number }
  | { op: 'reschedule'; i: number }
  | { op: 'payDue'; i: number }
  | { op: 'refund'; i: number; part: number }
  | { op: 'settle' }
  | { op: 'retry' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('book' as const), saveCard: fc.constantFrom(false, false, false, true) }) },
  { weight: 2, arbitrary: fc.constant({ op: 'bookOwing' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('cancel' as const),
      who: fc.constantFrom('patient' as const, 'patient' as const, 'staff' as const, 'provider' as const),
      late: fc.boolean(),
      i: fc.nat(3),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('reschedule' as const), i: fc.nat(3) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('payDue' as const), i: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('refund' as const), i: fc.nat(3), part: fc.double({ min: 0.05, max: 1.2, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'settle' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'retry' as const }) },
);
// Every sequence starts with a booking (paid, or owed), so the steps after it have a session to work on; 8 steps at most.
const firstBooking: fc.Arbitrary<Op> = fc.constantFrom<Op>({ op: 'book', saveCard: false }, { op: 'book', saveCard: true }, { op: 'bookOwing' });
const sequenceArb = fc.record({
  cardOnFile: fc.boolean(),
  ops: fc.tuple(firstBooking, fc.array(opArb, { minLength: 3, maxLength: 7, size: 'max' })).map(([first, rest]): Op[] => [first, ...rest]),
});

interface Sent {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  payload: Record<string, unknown>;
  status: number;
}

let t: TestApp;
let clock: TestClock;
let started: Date;
let ledgerStart = 0;
let lateMinutes = 0;
let sequenceNumber = 0;
let providers: string[] = [];

beforeAll(async () => {
  clock = new TestClock(new Date());
  started = clock.now();
  t = await startTestApp({ seed: true, clock, env: { LOCAL_GATEWAY_SETTLE_SECONDS: '1', TEST_RATE_LIMIT_FACTOR: '100000' } });
  // Providers whose follow-up rate is lower, so a move across another session reprices it.
  providers = (
    await t.app.database.query<{ id: string }>(
      'SELECT id FROM providers WHERE removed_at IS NULL AND pay_follow_up IS NOT NULL AND pay_individual IS NOT NULL AND pay_follow_up < pay_individual ORDER BY id LIMIT 400',
    )
  ).map((p) => p.id);
  const [row] = await t.app.database.query<{ id: string | null }>('SELECT max(id)::text AS id FROM money_ledger');
  ledgerStart = Number(row?.id ?? 0);
  // Jordan is a member of a partner whose members may book without a card (the bookOwing step); with a card they pay as anyone.
  await t.app.database.query(
    `UPDATE users SET business_partner_id = (SELECT id FROM business_partners WHERE partnership_code = 'SUMMIT-WORKS'), is_partner_association_active = true
      WHERE email = 'jordan.rivera@example.com'`,
  );
}, 180_000);
afterAll(async () => t?.close());

async function checkInvariants(appointmentIds: string[], since: { ledgerId: number; recordIndex: number }): Promise<void> {
  const db = t.app.database;
  // Cancelled in time, or by the practice: nothing held, nothing due.
  const inTime = await db.query<{ id: string; held: string; due: number }>(
    `SELECT a.id, (SELECT coalesce(sum(l.gateway_cents), 0) FROM money_ledger l WHERE l.appointment_id = a.id) AS held, appointment_due_cents(a.id) AS due
       FROM appointments a WHERE a.id = ANY($1::uuid[]) AND a.status = 'cancelled' AND (NOT a.late_cancel OR a.cancel_reason_id = $2)`,
    [appointmentIds, constants.practiceCancellationReasonId],
  );
  for (const a of inTime) expect({ id: a.id, held: Number(a.held), due: Number(a.due) }).toEqual({ id: a.id, held: 0, due: 0 });
  // Booked: what the gateway holds plus what is owed is the price, less what staff gave back.
  const live = await db.query<{ id: string; price: number; held: string; due: number; staff: string }>(
    `SELECT a.id, a.price_cents AS price, (SELECT coalesce(sum(l.gateway_cents), 0) FROM money_ledger l WHERE l.appointment_id = a.id) AS held,
            appointment_due_cents(a.id) AS due,
            (SELECT coalesce(sum(r.amount_cents), 0) FROM payments r WHERE r.appointment_id = a.id AND r.refund_of IS NOT NULL AND r.idempotency_key LIKE 'staff:%') AS staff
       FROM appointments a WHERE a.id = ANY($1::uuid[]) AND a.status = 'booked'`,
    [appointmentIds],
  );
  for (const a of live) {
    const owned = Number(a.held) + Number(a.due);
    if (Number(a.staff) === 0) expect({ id: a.id, owned }).toEqual({ id: a.id, owned: a.price });
    else expect(owned).toBeLessThanOrEqual(a.price);
  }
  // Refunds: never beyond the charge, once per key, and the status says how much went back.
  const charges = await db.query<{ id: string; status: string; amount_cents: number; refunded: string; refunds: string; keys: string }>(
    `SELECT c.id, c.status, c.amount_cents, coalesce(sum(r.amount_cents), 0) AS refunded, count(r.id) AS refunds, count(DISTINCT r.idempotency_key) AS keys
       FROM payments c LEFT JOIN payments r ON r.refund_of = c.id
      WHERE c.appointment_id = ANY($1::uuid[]) AND c.refund_of IS NULL AND c.status <> 'failed' GROUP BY c.id`,
    [appointmentIds],
  );
  for (const c of charges) {
    const refunded = Number(c.refunded);
    expect(refunded).toBeLessThanOrEqual(c.amount_cents);
    expect(Number(c.keys)).toBe(Number(c.refunds));
    expect(c.status).toBe(refunded === 0 ? 'succeeded' : refunded === c.amount_cents ? 'refunded' : 'partially_refunded');
  }
  // Every payment that moved money belongs to a session or a fee and is exactly one ledger row of its amount.
  const unbound = await db.query<{ id: string; rows: string; cents: string; amount: number }>(
    `SELECT p.id, (SELECT count(*) FROM money_ledger l WHERE l.payment_id = p.id) AS rows,
            (SELECT coalesce(sum(l.gateway_cents), 0) FROM money_ledger l WHERE l.payment_id = p.id) AS cents,
            CASE WHEN p.refund_of IS NULL THEN p.amount_cents ELSE -p.amount_cents END AS amount
       FROM payments p WHERE p.appointment_id = ANY($1::uuid[]) AND p.status <> 'failed'
        AND (p.purpose IS NULL OR p.purpose NOT IN ('session', 'late_cancel_fee', 'balance')
             OR (SELECT count(*) FROM money_ledger l WHERE l.payment_id = p.id) <> 1
             OR (SELECT sum(l.gateway_cents) FROM money_ledger l WHERE l.payment_id = p.id) <> CASE WHEN p.refund_of IS NULL THEN p.amount_cents ELSE -p.amount_cents END)`,
    [appointmentIds],
  );
  expect(unbound).toEqual([]);
  const orphans = await db.query('SELECT id FROM money_ledger WHERE id > $1 AND gateway_cents <> 0 AND (payment_id IS NULL OR appointment_id IS NULL)', [
    since.ledgerId,
  ]);
  expect(orphans).toEqual([]);
  // Balances never negative.
  const negative = await db.query(
    `SELECT 'due' AS what, appointment_id::text AS id FROM money_ledger WHERE appointment_id = ANY($1::uuid[]) GROUP BY appointment_id HAVING sum(due_cents) < 0
     UNION ALL
     SELECT 'held', charge_transaction_id FROM money_ledger WHERE charge_transaction_id IS NOT NULL AND id > $2 GROUP BY charge_transaction_id HAVING sum(gateway_cents) < 0`,
    [appointmentIds, since.ledgerId],
  );
  expect(negative).toEqual([]);
  // The ledger sums, charge by charge, to the gateway's own record (what moved since the sequence began).
  const recorded = (await t.app.cardGateway.record!(started, new Date(clock.now().getTime() + 1))).slice(since.recordIndex);
  const gatewayNet = new Map<string, number>();
  for (const e of recorded) gatewayNet.set(e.chargeTransactionId, (gatewayNet.get(e.chargeTransactionId) ?? 0) + e.amountCents);
  const ledger = await db.query<{ charge_transaction_id: string; cents: string }>(
    'SELECT charge_transaction_id, sum(gateway_cents) AS cents FROM money_ledger WHERE id > $1 AND transaction_id IS NOT NULL GROUP BY charge_transaction_id',
    [since.ledgerId],
  );
  const ledgerNet = new Map(ledger.map((r) => [r.charge_transaction_id, Number(r.cents)]));
  for (const id of new Set([...gatewayNet.keys(), ...ledgerNet.keys()])) {
    expect({ id, cents: ledgerNet.get(id) ?? 0 }).toEqual({ id, cents: gatewayNet.get(id) ?? 0 });
  }
}

async function ledgerRows(): Promise<number> {
  const [row] = await t.app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM money_ledger');
  return row!.n;
}

async function runSequence(sequence: { cardOnFile: boolean; ops: Op[] }): Promise<void> {
  const db = t.app.database;
  const jordan: TestCaller = await callerFor(t.app, 'jordan.rivera@example.com');
  const sam: TestCaller = await callerFor(t.app, 'sam.okafor@example.com');
  const self = await selfPatientOf(db, jordan.id);
  const [row] = await db.query<{ id: string | null }>('SELECT max(id)::text AS id FROM money_ledger');
  const since = { ledgerId: Number(row?.id ?? 0), recordIndex: (await t.app.cardGateway.record!(started, new Date(clock.now().getTime() + 1))).length };
  // Cleanup between sequences: the account starts with or without a card on file.
  await db.query('UPDATE patient_cards SET removed_at = $2, is_default = false WHERE user_id = $1 AND removed_at IS NULL', [
    jordan.id,
    clock.now().toISOString(),
  ]);
  const nonce = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/patient-cards/tokenize',
        headers: jordan.headers,
        payload: { number: approved, expiration: '12/39', cvv: '123' },
      })
    ).json().nonce as string;
  if (sequence.cardOnFile) {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/patient-cards',
      headers: jordan.headers,
      payload: { patientId: self.id, nonce: await nonce(), makeDefault: true },
    });
    expect(saved.statusCode).toBe(201);
  }
  const slots: TestSlot[] = await makeSlots(db, 4, { providerId: providers[(sequenceNumber += 1) % providers.length]! });
  const free = [...slots];
  const booked: { id: string; slot: TestSlot }[] = [];
  let last: Sent | undefined;
  const send = async (s: Omit<Sent, 'status'>): Promise<number> => {
    const res = await t.app.inject(s);
    expect(res.statusCode).toBeLessThan(500);
    last = { ...s, status: res.statusCode };
    if (process.env.MONEY_DEBUG) console.log(s.url.split('/').at(-1), res.statusCode, res.statusCode >= 300 ? res.body : '');
    return res.statusCode;
  };
  const hold = async (slot: TestSlot) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/holds',
      headers: jordan.headers,
      payload: { slotId: slot.id, providerId: slot.providerId },
    });
    if (process.env.MONEY_DEBUG) console.log('hold', res.statusCode, res.statusCode >= 300 ? res.body : '');
    return res.statusCode === 201 ? (res.json().holdId as string) : undefined;
  };
  const pick = (i: number) => booked[i % Math.max(1, booked.length)];

  for (const step of sequence.ops) {
    switch (step.op) {
      case 'book':
      case 'bookOwing': {
        const slot = free.shift();
        if (!slot) break;
        const holdId = await hold(slot);
        if (!holdId) break;
        const payload = bookingBody(holdId, slot, [{ id: self.id, consents: consentGiven() }], {
          selfPay: true,
          selfPayConsentCategory: 'selfPay',
          // No card: the price is owed (paid later by payDue).
          ...(step.op === 'book' ? { payment: { nonce: await nonce(), saveCard: step.saveCard } } : {}),
        });
        const sent = { method: 'POST' as const, url: '/api/appointments', headers: { ...jordan.headers, 'idempotency-key': randomUUID() }, payload };
        const res = await t.app.inject(sent);
        expect(res.statusCode).toBe(201);
        if (step.op === 'bookOwing') expect(res.json()).toMatchObject({ payment: null, amountDueCents: res.json().priceCents });
        last = { ...sent, status: 201 };
        booked.push({ id: res.json().id, slot });
        break;
      }
      case 'cancel': {
        const a = pick(step.i);
        if (!a) break;
        const [current] = await db.query<{ status: string }>('SELECT status FROM appointments WHERE id = $1', [a.id]);
        if (step.late && current!.status === 'booked') {
          // Inside the late-cancellation window, each at its own minutes so no two overlap.
          const start = clock.now().getTime() + 2 * 3600_000 + (lateMinutes += 2) * 60_000;
          for (const [table, column] of [
            ['appointments', 'id'],
            ['slot_reservations', 'appointment_id'],
          ] as const) {
            await db.query(`UPDATE ${table} SET during = tstzrange($2, $3) WHERE ${column} = $1`, [
              a.id,
              new Date(start).toISOString(),
              new Date(start + 60_000).toISOString(),
            ]);
          }
        }
        const who = step.who === 'patient' ? jordan : sam;
        const reasonId = step.who === 'provider' ? constants.practiceCancellationReasonId : 'schedule_conflict';
        await send({
          method: 'POST',
          url: `/api/appointments/${a.id}/cancel`,
          headers: { ...who.headers, 'idempotency-key': randomUUID() },
          payload: { reasonId },
        });
        break;
      }
      case 'reschedule': {
        const a = pick(step.i);
        const slot = free[0];
        if (!a || !slot) break;
        const holdId = await hold(slot);
        if (!holdId) break;
        const status = await send({
          method: 'POST',
          url: `/api/appointments/${a.id}/reschedule`,
          headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
          payload: { holdId, slotId: slot.id },
        });
        if (status === 200) {
          free.shift();
          free.push(a.slot);
          a.slot = slot;
        } else {
          await t.app.inject({ method: 'DELETE', url: `/api/appointments/holds/${holdId}`, headers: jordan.headers });
        }
        break;
      }
      case 'payDue': {
        // What is owed first: an appointment with something due, when there is one.
        const owing = await db.query<{ id: string }>('SELECT id FROM appointments WHERE id = ANY($1::uuid[]) AND appointment_due_cents(id) > 0 ORDER BY id', [
          booked.map((b) => b.id),
        ]);
        const a = owing.length ? { id: owing[step.i % owing.length]!.id } : pick(step.i);
        if (!a) break;
        await send({
          method: 'POST',
          url: `/api/payments/${a.id}/pay`,
          headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
          payload: { nonce: await nonce() },
        });
        break;
      }
      case 'refund': {
        const a = pick(step.i);
        if (!a) break;
        const [charge] = await db.query<{ id: string; amount_cents: number }>(
          "SELECT id, amount_cents FROM payments WHERE appointment_id = $1 AND refund_of IS NULL AND status <> 'failed' ORDER BY created_at DESC, id LIMIT 1",
          [a.id],
        );
        if (!charge) break;
        const amountCents = Math.max(1, Math.round(charge.amount_cents * step.part));
        await send({
          method: 'POST',
          url: `/api/payments/${charge.id}/refund`,
          headers: { ...sam.headers, 'idempotency-key': randomUUID() },
          payload: { amountCents, reason: 'goodwill' },
        });
        break;
      }
      case 'settle':
        clock.advance(1_100);
        break;
      case 'retry': {
        if (!last) break;
        const before = await ledgerRows();
        const res = await t.app.inject({ method: last.method, url: last.url, headers: last.headers, payload: last.payload });
        expect(res.statusCode).toBeLessThan(500);
        if (last.status < 300) {
          expect(res.statusCode).toBe(last.status);
          expect(await ledgerRows()).toBe(before);
        }
        break;
      }
    }
    await checkInvariants(
      booked.map((b) => b.id),
      since,
    );
  }
  const reconciled = await reconcileMoney(db, t.app.cardGateway, { from: started, to: clock.now() });
  expect(reconciled).toMatchObject({ ok: true, discrepancies: [] });
}

describe.each(Array.from({ length: GROUPS }, (_v, i) => i))('money properties, group %i', (group) => {
  it(`${SEQUENCES_PER_GROUP} random sequences keep every invariant`, async () => {
    await fc.assert(fc.asyncProperty(sequenceArb, runSequence), {
      numRuns: SEQUENCES_PER_GROUP,
      seed: Number(process.env.FC_SEED ?? 2424) + group,
      endOnFailure: true,
    });
  }, 300_000);
});

it('the sequences moved money every way: charges, voids, refunds, fees and paying what is due, after every kind of cancellation', async () => {
  const kinds = await t.app.database.query<{ kind: string; n: number }>(
    'SELECT kind, count(*)::int AS n FROM money_ledger WHERE id > $1 GROUP BY kind ORDER BY kind',
    [ledgerStart],
  );
  expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['charge', 'due', 'due_payment', 'fee', 'refund', 'void']));
  // What was owed and paid later (balance payments) was given back too, by a cancellation in time or a cheaper move.
  const [balance] = await t.app.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM payments r JOIN money_ledger l ON l.payment_id = r.id
      WHERE l.id > $1 AND r.purpose = 'balance' AND r.refund_of IS NOT NULL AND r.idempotency_key NOT LIKE 'staff:%'`,
    [ledgerStart],
  );
  expect(balance!.n).toBeGreaterThan(0);
  const cancelled = await t.app.database.query<{ late: boolean; practice: boolean }>(
    `SELECT DISTINCT late_cancel AS late, cancel_reason_id = $2 AS practice FROM appointments
      WHERE status = 'cancelled' AND id IN (SELECT appointment_id FROM money_ledger WHERE id > $1)`,
    [ledgerStart, constants.practiceCancellationReasonId],
  );
  expect(cancelled).toHaveLength(4);
});
