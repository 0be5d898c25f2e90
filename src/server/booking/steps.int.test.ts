/**
 * The booking's steps at their edges, each on its own: the key's claim (step 1), the charge (step 3),
 * and the commit with its confirmation queued in the same transaction (steps 4 and 5). The rules
 * (step 2) are patient-rules.test.ts and server-rules.int.test.ts; the whole path is
 * appointments.int.test.ts and booking-faults.int.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, mailTo, type TestCaller } from '@tests/support/sessions';
import { bookingBody, consentGiven, hold, makeSlots, selfPatientOf, type TestSlot } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import type { Database } from '../db/connection';
import type { AppError } from '../errors';
import type { IdempotencyScope } from '../idempotency';
import { storeAnswer } from '../idempotency';
import { startMove } from '../money/move';
import { claimBookingKey } from './claim-key';
import { chargeForBooking } from './charge';
import type { BookingPlan } from './check-rules';

let t: TestApp;
let jordan: TestCaller;
let other: TestCaller;
let self: { id: string };
let insuranceId: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  other = await callerFor(t.app, 'avery.johnson@example.com');
  self = await selfPatientOf(t.app.database, jordan.id);
  insuranceId = await insurePatient(t.app.database, self.id);
}, 180_000);
afterAll(async () => t?.close());

const scopeOf = (key = randomUUID()): IdempotencyScope => ({ callerId: jordan.id, endpoint: 'createAppointment', key, requestHash: 'hash-1' });
const wantedOf = (slot: TestSlot) => ({ slotId: slot.id, providerId: slot.providerId, accountId: jordan.id, insuranceId });

describe('step 1, the key', () => {
  it('reads the slot and the account’s patients with the claim; a slot of another provider, or an id that is no id, reads nothing', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const claim = await claimBookingKey(t.app.database, scopeOf(), t.app.clock.now(), wantedOf(slot!), t.app.log);
    if ('replay' in claim) throw new Error('a fresh key replayed');
    expect(claim.context?.id).toBe(slot!.id);
    expect(claim.context?.patients.find((p) => p.id === self.id)).toMatchObject({
      relationship: 'Self',
      insurance: expect.objectContaining({ id: insuranceId }),
    });
    for (const wanted of [
      { ...wantedOf(slot!), providerId: randomUUID() },
      { ...wantedOf(slot!), slotId: 'not-a-uuid' },
    ]) {
      const none = await claimBookingKey(t.app.database, scopeOf(), t.app.clock.now(), wanted, t.app.log);
      expect('context' in none && none.context).toBeNull();
    }
  });

  it('a key being worked on refuses a second request until it is let go; an answered key replays its answer', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const scope = scopeOf();
    const now = t.app.clock.now();
    const first = await claimBookingKey(t.app.database, scope, now, wantedOf(slot!), t.app.log);
    if ('replay' in first) throw new Error('a fresh key replayed');
    const second = await claimBookingKey(t.app.database, scope, now, wantedOf(slot!), t.app.log).catch((e: AppError) => e.errorName);
    expect(second).toBe('REQUEST_IN_PROGRESS');
    await first.letGo();
    const third = await claimBookingKey(t.app.database, scope, now, wantedOf(slot!), t.app.log);
    expect('context' in third).toBe(true);
    await storeAnswer(t.app.database, scope, 201, { id: 'the-first-answer' });
    expect(await claimBookingKey(t.app.database, scope, now, wantedOf(slot!), t.app.log)).toEqual({
      replay: { status: 201, body: { id: 'the-first-answer' } },
    });
  });
});

describe('step 3, the charge', () => {
  const planOf = (over: Partial<BookingPlan>) =>
    ({ wantsCharge: true, priceCents: 15_000, drafts: [{ id: self.id, relationship: 'Self' }], ...over }) as BookingPlan;
  const charged = () => t.app.database.query("SELECT 1 FROM payments WHERE user_id = $1 AND status = 'succeeded'", [jordan.id]).then((r) => r.length);

  it('charges nothing when the rules ask for no charge, or there is no price', async () => {
    const move = startMove(t.app, t.app.log, 'test');
    const context = { accountId: jordan.id, callerId: jordan.id, idempotencyKey: randomUUID(), now: t.app.clock.now(), appointmentId: randomUUID() };
    const body = bookingBody('no-hold-read', { id: 's', providerId: 'p', practiceId: 'x', start: '', end: '', availabilityType: 'online' }, []);
    expect(await chargeForBooking(t.app.database, move, { ...context, body: body as never, plan: planOf({ wantsCharge: false }) })).toBeUndefined();
    expect(await chargeForBooking(t.app.database, move, { ...context, body: body as never, plan: planOf({ priceCents: null }) })).toBeUndefined();
    await move.close();
  });

  it("refuses before the gateway is asked when the hold is someone else's or of another slot", async () => {
    const [slot, otherSlot] = await makeSlots(t.app.database, 2);
    const theirs = (await hold(t.app, other, slot!)).json().holdId as string;
    const mine = (await hold(t.app, jordan, otherSlot!)).json().holdId as string;
    const before = await charged();
    const refusedWith = async (holdId: string) => {
      const move = startMove(t.app, t.app.log, 'test');
      const body = bookingBody(holdId, slot!, [], { selfPay: true, payment: { nonce: 'fake-valid-nonce' } });
      const outcome = await chargeForBooking(t.app.database, move, {
        body: body as never,
        plan: planOf({}),
        accountId: jordan.id,
        callerId: jordan.id,
        idempotencyKey: randomUUID(),
        now: t.app.clock.now(),
        appointmentId: randomUUID(),
      }).catch((e: AppError) => e.errorName);
      await move.close();
      return outcome;
    };
    expect(await refusedWith(theirs)).toBe('NOT_FOUND');
    expect(await refusedWith(randomUUID())).toBe('SLOT_HOLD_EXPIRED');
    expect(await refusedWith(mine)).toBe('BOOKING_DETAILS_MISMATCH');
    expect(await charged()).toBe(before);
  });
});

describe('steps 4 and 5, the commit and its confirmation', () => {
  const mailJobsTo = (db: Pick<Database, 'query'>, email: string) =>
    db.query<{ n: string }>("SELECT count(*) AS n FROM pgboss.job WHERE name = 'mail' AND data->>'to' = $1", [email]).then((r) => Number(r[0]!.n));
  const recordedMails = (slot: TestSlot) =>
    t.app.database
      .query<{ n: string }>(
        "SELECT count(*) AS n FROM appointment_mails m JOIN appointments a ON a.id = m.appointment_id WHERE a.slot_id = $1 AND m.template = 'appointment-confirmation'",
        [slot.id],
      )
      .then((r) => Number(r[0]!.n));

  it('queues the confirmation inside the booking’s transaction: a commit that fails leaves no mail; the retry books and mails once', async () => {
    const mailedBefore = (await mailTo(t.app, jordan.email)).length;
    const [slot] = await makeSlots(t.app.database, 1);
    const holdId = (await hold(t.app, jordan, slot!)).json().holdId as string;
    const key = randomUUID();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { ...jordan.headers, 'idempotency-key': key },
        payload: bookingBody(holdId, slot!, [{ id: self.id, consents: consentGiven() }], { insuranceId }),
      });
    const database = t.app.database;
    const transaction = database.transaction.bind(database);
    let queuedInside = -1;
    // The connection is lost as the booking commits: everything its transaction wrote is gone.
    database.transaction = (async (fn: Parameters<Database['transaction']>[0]) =>
      transaction(async (tx) => {
        await fn(tx);
        queuedInside = await mailJobsTo(tx, jordan.email);
        throw new Error('connection lost at commit');
      })) as Database['transaction'];
    let failed;
    try {
      failed = await send();
    } finally {
      database.transaction = transaction;
    }
    expect(queuedInside).toBe(1);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().errorCode).toBe('BOOKING_FAILED');
    expect(await mailJobsTo(database, jordan.email)).toBe(0);
    expect(await recordedMails(slot!)).toBe(0);
    expect(await mailTo(t.app, jordan.email)).toHaveLength(mailedBefore);

    const booked = await send();
    expect(booked.statusCode).toBe(201);
    expect(await recordedMails(slot!)).toBe(1);
    const mails = (await mailTo(t.app, jordan.email)).slice(mailedBefore);
    expect(mails.map((m) => m.template)).toEqual(['appointment-confirmation']);
  });
});
