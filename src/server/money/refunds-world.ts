/**
 * Refunds through the API: a self-pay session cancelled in time, or by the practice, gets its money back at once - a
 * void while the local gateway has not settled the charge, a refund after - and staff refund all or part of a payment,
 * never beyond it and once per key. What those test files share: the world they start (a seeded app, Jordan and Sam),
 * booking self-pay or owing, and the ledger, mails and estimates they read.
 */
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@tests/support/app';
import { pdfText } from '@tests/support/pdf';
import { callerFor, mailTo, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, hold, makeSlots, selfPatientOf, type TestSlot } from '@tests/support/booking';
import { constants } from '@/generated/constants';
import { formatCents } from '@/domain/money';
import { all, first as firstRow, qb, run, sql } from '../db/typed';

export const approved = constants.testCardNumbers.approved[0]!.number;

export interface World {
  t: TestApp;
  jordan: TestCaller;
  sam: TestCaller;
  self: { id: string };
}

export async function world(env: Record<string, string> = {}): Promise<World> {
  const t = await startTestApp({ seed: true, env });
  const jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  const sam = await callerFor(t.app, 'sam.okafor@example.com');
  return { t, jordan, sam, self: await selfPatientOf(t.app.database, jordan.id) };
}

export async function bookSelfPay(w: World, slot: TestSlot, saveCard = false) {
  const nonce = (
    await w.t.app.inject({
      method: 'POST',
      url: '/api/patient-cards/tokenize',
      headers: w.jordan.headers,
      payload: { number: approved, expiration: '12/39', cvv: '123' },
    })
  ).json().nonce;
  const result = await bookSlot(w.t.app, w.jordan, slot, [{ id: w.self.id, consents: consentGiven() }], {
    selfPay: true,
    selfPayConsentCategory: 'selfPay',
    payment: { nonce, saveCard },
  });
  expect(result.booked?.statusCode).toBe(201);
  const booked = result.booked!.json();
  expect(booked.payment).toMatchObject({ status: 'succeeded' });
  return booked as { id: string; priceCents: number; payment: { id: string; amountCents: number } };
}

export function cancel(w: World, who: TestCaller, id: string, reasonId: string, key?: string) {
  return w.t.app.inject({
    method: 'POST',
    url: `/api/appointments/${id}/cancel`,
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { reasonId },
  });
}

export function refund(w: World, who: TestCaller, paymentId: string, body: Record<string, unknown>, key = randomUUID()) {
  return w.t.app.inject({ method: 'POST', url: `/api/payments/${paymentId}/refund`, headers: { ...who.headers, 'idempotency-key': key }, payload: body });
}

export async function paymentsOf(w: World, appointmentId: string) {
  return all(
    w.t.app.database,
    qb
      .selectFrom('payments')
      .select(['id', 'status', 'amount_cents', 'refund_of', sql<string>`transaction_id`.as('transaction_id'), 'purpose'])
      .where('appointment_id', '=', appointmentId)
      .orderBy('created_at')
      .orderBy('id'),
  );
}

export async function makeLate(w: World, appointmentId: string) {
  const late = sql<string>`tstzrange(now() + interval '3 hours', now() + interval '4 hours')`;
  await run(w.t.app.database, qb.updateTable('appointments').set({ during: late }).where('id', '=', appointmentId));
  await run(w.t.app.database, qb.updateTable('slot_reservations').set({ during: late }).where('appointment_id', '=', appointmentId));
}

export async function billingKinds(w: World) {
  const res = await w.t.app.inject({ method: 'GET', url: `/api/patients/${w.self.id}/billing-history`, headers: w.jordan.headers });
  expect(res.statusCode).toBe(200);
  return res.json().items as { id: string; kind: string; amount: number; appointmentId: string | null; status: string }[];
}

/** The refund e-mail of an amount, once the mailer (sent after the answer) has it. */
export async function refundMail(w: World, amount: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const found = (await mailTo(w.t.app, w.jordan.email)).find((m) => m.template === 'payment-refund' && m.subject.includes(amount));
    if (found) return found;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return undefined;
}

/** How many mails of a template the patient has, once the mailer (sent after the answer) has `least` of them. */
export async function mailCount(w: World, template: string, least = 0) {
  let found = 0;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    found = (await mailTo(w.t.app, w.jordan.email)).filter((m) => m.template === template).length;
    if (found >= least) return found;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return found;
}

/** The subjects of the Good Faith Estimate mails of one appointment (its id is the estimate's number in the PDF), once there are `least`. */
export const pdfTexts = new Map<string, string>();
export async function estimatesOf(w: World, appointmentId: string, least: number) {
  let subjects: string[] = [];
  for (let attempt = 0; attempt < 100; attempt += 1) {
    subjects = [];
    // An estimate PDF is the session's when it carries one of the numbers issued for it.
    const numbers = (await all(w.t.app.database, qb.selectFrom('good_faith_estimates').select('number').where('appointment_id', '=', appointmentId))).map(
      (r) => r.number,
    );
    for (const m of (await mailTo(w.t.app, w.jordan.email)).filter((mail) => mail.template === 'good-faith-estimate')) {
      const pdf = m.attachments?.find((a) => a.contentType === 'application/pdf');
      if (pdf && !pdfTexts.has(pdf.content)) pdfTexts.set(pdf.content, (await pdfText(Buffer.from(pdf.content, 'base64'))).text);
      if (pdf && numbers.some((n) => pdfTexts.get(pdf.content)!.includes(n))) subjects.push(m.subject);
    }
    if (subjects.length >= least) return subjects;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return subjects;
}

/** Makes Jordan a member of a partner whose members may book without a card (SUMMIT-WORKS), for the length of `work`. */
export async function asCardOptionalMember<T>(w: World, work: () => Promise<T>): Promise<T> {
  const db = w.t.app.database;
  const was = await firstRow(db, qb.selectFrom('users').select(['business_partner_id', 'is_partner_association_active']).where('id', '=', w.jordan.id));
  await run(
    db,
    qb
      .updateTable('users')
      .set({
        business_partner_id: qb.selectFrom('business_partners').select('id').where('partnership_code', '=', 'SUMMIT-WORKS'),
        is_partner_association_active: true,
      })
      .where('id', '=', w.jordan.id),
  );
  try {
    return await work();
  } finally {
    await run(
      db,
      qb
        .updateTable('users')
        .set({ business_partner_id: was!.business_partner_id, is_partner_association_active: was!.is_partner_association_active })
        .where('id', '=', w.jordan.id),
    );
  }
}

/** A self-pay session booked with no card (it is owed), then what is owed paid: one balance payment of the price. */
export async function bookOwingThenPay(w: World, slot: TestSlot) {
  const result = await asCardOptionalMember(w, () =>
    bookSlot(w.t.app, w.jordan, slot, [{ id: w.self.id, consents: consentGiven() }], { selfPay: true, selfPayConsentCategory: 'selfPay' }),
  );
  expect(result.booked?.statusCode).toBe(201);
  const booked = result.booked!.json() as { id: string; priceCents: number; amountDueCents: number; payment: unknown };
  expect(booked).toMatchObject({ payment: null, amountDueCents: booked.priceCents });
  expect(booked.priceCents).toBeGreaterThan(0);
  const nonce = (
    await w.t.app.inject({
      method: 'POST',
      url: '/api/patient-cards/tokenize',
      headers: w.jordan.headers,
      payload: { number: approved, expiration: '12/39', cvv: '123' },
    })
  ).json().nonce;
  const paid = await w.t.app.inject({
    method: 'POST',
    url: `/api/payments/${booked.id}/pay`,
    headers: { ...w.jordan.headers, 'idempotency-key': randomUUID() },
    payload: { nonce },
  });
  expect(paid.statusCode).toBe(200);
  expect(paid.json()).toMatchObject({ amountCents: booked.priceCents, amountDueCents: 0 });
  const rows = await paymentsOf(w, booked.id);
  expect(rows).toEqual([expect.objectContaining({ purpose: 'balance', status: 'succeeded', amount_cents: booked.priceCents, refund_of: null })]);
  return { ...booked, balanceId: rows[0]!.id };
}

/** What the ledger says of an appointment: money the gateway still holds for it, and what it still owes. */
export async function ledgerOf(w: World, appointmentId: string) {
  const row = await firstRow(
    w.t.app.database,
    qb.selectNoFrom((eb) => [
      eb
        .selectFrom('money_ledger')
        .select(sql<string>`coalesce(sum(gateway_cents), 0)`.as('held'))
        .where('appointment_id', '=', appointmentId)
        .as('held'),
      sql<number>`appointment_due_cents(${appointmentId})`.as('due'),
    ]),
  );
  return { held: Number(row!.held), due: Number(row!.due) };
}

/** Booked without a card, what was owed paid later, then cancelled days before: the balance payment goes back in full. */
export async function paidLaterThenCancelled(w: World, expected: 'refund' | 'void', providerOffset: number) {
  const [slot] = await makeSlots(w.t.app.database, 1, { providerOffset });
  const booked = await bookOwingThenPay(w, slot!);
  expect(await ledgerOf(w, booked.id)).toEqual({ held: booked.priceCents, due: 0 });
  const refundsBefore = await mailCount(w, 'payment-refund');
  const res = await cancel(w, w.jordan, booked.id, 'schedule_conflict');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ status: 'cancelled', cancellation: { late: false, feeCents: 0 }, amountDueCents: 0 });
  const rows = await paymentsOf(w, booked.id);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({ id: booked.balanceId, status: 'refunded' });
  expect(rows[1]).toMatchObject({ status: 'refunded', refund_of: booked.balanceId, amount_cents: booked.priceCents, purpose: 'balance' });
  expect(rows[1]!.transaction_id.endsWith(':void')).toBe(expected === 'void');
  expect(await ledgerOf(w, booked.id)).toEqual({ held: 0, due: 0 });
  expect(await mailCount(w, 'payment-refund', refundsBefore + 1)).toBe(refundsBefore + 1);
  expect(await refundMail(w, formatCents(booked.priceCents))).toBeDefined();
}

/**
 * A session booked without a card and paid later (a balance payment), then moved to a time with a
 * lower price: the difference goes back from the balance payment - a refund of it once settled; before,
 * a void of it and the new price charged to the card on file or left due - and the patient gets the
 * refund mail and a new Good Faith Estimate.
 */
/** A provider Jordan has not seen whose follow-up rate is lower than the individual one (rates in cents). */
function cheaperFollowUpProvider(w: World) {
  return firstRow(
    w.t.app.database,
    qb
      .selectFrom('providers')
      .select(['id', sql<number>`(pay_individual * 100)::int`.as('individual'), sql<number>`(pay_follow_up * 100)::int`.as('follow_up')])
      .where('removed_at', 'is', null)
      .where('pay_follow_up', 'is not', null)
      .where('pay_individual', 'is not', null)
      .where(sql<boolean>`pay_follow_up < pay_individual`)
      .where('id', 'not in', qb.selectFrom('appointments').select('provider_id').where('user_id', '=', w.jordan.id))
      .orderBy('id')
      .limit(1),
  );
}

export async function paidLaterThenRepriced(w: World, expected: 'refund' | 'void') {
  const db = w.t.app.database;
  const provider = await cheaperFollowUpProvider(w);
  const [first, second, third] = await makeSlots(db, 3, { providerId: provider!.id });
  const a = await bookOwingThenPay(w, first!);
  expect(a.priceCents).toBe(provider!.individual);
  await bookSelfPay(w, second!);
  const sessions = constants.goodFaithEstimate.sessionsPerYear.therapy;
  expect(await estimatesOf(w, a.id, 1)).toEqual([expect.stringContaining(formatCents(sessions * provider!.individual))]);
  const refundsBefore = await mailCount(w, 'payment-refund');
  const held = (await hold(w.t.app, w.jordan, third!)).json();
  const moved = await w.t.app.inject({
    method: 'POST',
    url: `/api/appointments/${a.id}/reschedule`,
    headers: { ...w.jordan.headers, 'idempotency-key': randomUUID() },
    payload: { holdId: held.holdId, slotId: third!.id },
  });
  expect(moved.statusCode).toBe(200);
  expect(moved.json().priceCents).toBe(provider!.follow_up);
  const rows = await paymentsOf(w, a.id);
  const refund = rows.find((p) => p.refund_of === a.balanceId)!;
  if (expected === 'refund') {
    expect(refund).toMatchObject({ amount_cents: provider!.individual - provider!.follow_up, purpose: 'balance' });
    expect(rows.find((p) => p.id === a.balanceId)).toMatchObject({ status: 'partially_refunded' });
  } else {
    expect(refund).toMatchObject({ amount_cents: provider!.individual });
    expect(refund.transaction_id.endsWith(':void')).toBe(true);
  }
  // What the gateway holds plus what is owed is the new price.
  const ledger = await ledgerOf(w, a.id);
  expect(ledger.held + ledger.due).toBe(provider!.follow_up);
  expect(moved.json().amountDueCents).toBe(ledger.due);
  // The refund mail of the difference, and the Good Faith Estimate at the new price.
  expect(await mailCount(w, 'payment-refund', refundsBefore + 1)).toBe(refundsBefore + 1);
  expect(await refundMail(w, formatCents(refund.amount_cents))).toBeDefined();
  const estimates = await estimatesOf(w, a.id, 2);
  expect(estimates).toHaveLength(2);
  expect(estimates).toContainEqual(expect.stringContaining(formatCents(sessions * provider!.follow_up)));
  // The new estimate is stored beside the first and names the one it replaces.
  const issued = await all(
    w.t.app.database,
    qb.selectFrom('good_faith_estimates').select(['id', 'number', 'replaces_id']).where('appointment_id', '=', a.id).orderBy('issued_at').orderBy('number'),
  );
  expect(issued).toHaveLength(2);
  expect(issued[1]!.replaces_id).toBe(issued[0]!.id);
  const replacing = await w.t.app.inject({ method: 'GET', url: `/api/appointments/${a.id}/good-faith-estimate`, headers: w.jordan.headers });
  expect((await pdfText(replacing.rawPayload)).text).toContain(issued[0]!.number);
  // Cancelled in time afterwards: all that is left goes back and nothing is owed.
  expect((await cancel(w, w.jordan, a.id, 'schedule_conflict')).statusCode).toBe(200);
  expect(await ledgerOf(w, a.id)).toEqual({ held: 0, due: 0 });
}

/**
 * Rescheduling to a time with another price: A (first session, individual rate) moved after B becomes
 * a follow-up - the difference goes back (a refund of it once settled; before, a void of the whole
 * charge and the new price charged to the card on file or left due) - and moved back it costs the
 * individual rate again. What is paid (less refunds) plus what is due is always the new price.
 */
export async function repricing(w: World, expected: 'refund' | 'void') {
  const db = w.t.app.database;
  const provider = await cheaperFollowUpProvider(w);
  const [first, second, third] = await makeSlots(db, 3, { providerId: provider!.id });
  const a = await bookSelfPay(w, first!);
  const b = await bookSelfPay(w, second!);
  expect([a.priceCents, b.priceCents]).toEqual([provider!.individual, provider!.follow_up]);
  const netPaid = async (id: string) =>
    (await paymentsOf(w, id)).reduce((sum, p) => sum + (p.status === 'failed' ? 0 : p.refund_of ? -p.amount_cents : p.amount_cents), 0);
  const move = async (id: string, slot: TestSlot) => {
    const held = (await hold(w.t.app, w.jordan, slot)).json();
    const moved = await w.t.app.inject({
      method: 'POST',
      url: `/api/appointments/${id}/reschedule`,
      headers: { ...w.jordan.headers, 'idempotency-key': randomUUID() },
      payload: { holdId: held.holdId, slotId: slot.id },
    });
    expect(moved.statusCode).toBe(200);
    return moved.json() as { priceCents: number; amountDueCents: number };
  };
  // After B, A is a follow-up: the difference goes back.
  const later = await move(a.id, third!);
  expect(later.priceCents).toBe(provider!.follow_up);
  expect((await netPaid(a.id)) + later.amountDueCents).toBe(provider!.follow_up);
  const refund = (await paymentsOf(w, a.id)).find((p) => p.refund_of)!;
  if (expected === 'refund') expect(refund).toMatchObject({ amount_cents: provider!.individual - provider!.follow_up });
  else expect(refund.transaction_id.endsWith(':void')).toBe(true);
  // Back before B, A is a first session again: the difference is charged to the card on file, or left due.
  const back = await move(a.id, first!);
  expect(back.priceCents).toBe(provider!.individual);
  expect((await netPaid(a.id)) + back.amountDueCents).toBe(provider!.individual);
}
