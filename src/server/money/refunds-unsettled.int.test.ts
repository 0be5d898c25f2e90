/** Refunds while the local gateway has not settled the charge: a void, at once, whole. */
import { randomUUID } from 'node:crypto';
import { pdfText } from '@tests/support/pdf';
import { hold, makeSlots } from '@tests/support/booking';
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { formatCents } from '@/domain/money';
import {
  type World,
  approved,
  billingKinds,
  bookSelfPay,
  cancel,
  makeLate,
  paidLaterThenCancelled,
  paidLaterThenRepriced,
  paymentsOf,
  refund,
  refundMail,
  repricing,
  world,
} from './refunds-world';

describe('refunds while the charge is unsettled (void)', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  }, 180_000);
  afterAll(async () => w?.t.close());

  it('a patient cancelling days before gets all of it back at once, once, by e-mail and in billing', async () => {
    const [slot] = await makeSlots(w.t.app.database, 1);
    const booked = await bookSelfPay(w, slot!);
    const key = randomUUID();
    const res = await cancel(w, w.jordan, booked.id, 'schedule_conflict', key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancellation: { late: false, feeCents: 0 }, amountDueCents: 0 });
    // Retried with the same key, and again without one: still one refund.
    expect((await cancel(w, w.jordan, booked.id, 'schedule_conflict', key)).statusCode).toBe(200);
    expect((await cancel(w, w.jordan, booked.id, 'schedule_conflict')).json().errorCode).toBe('APPOINTMENT_NOT_CANCELLABLE');
    const rows = await paymentsOf(w, booked.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: booked.payment.id, status: 'refunded', refund_of: null });
    expect(rows[1]).toMatchObject({ status: 'refunded', refund_of: booked.payment.id, amount_cents: booked.priceCents, purpose: 'session' });
    expect(rows[1]!.transaction_id.endsWith(':void')).toBe(true);
    const history = (await billingKinds(w)).filter((i) => i.appointmentId === booked.id);
    expect(history.map((i) => i.kind).sort()).toEqual(['payment', 'refund']);
    expect(history.find((i) => i.kind === 'refund')).toMatchObject({ amount: booked.priceCents / 100 });
    const mail = await refundMail(w, formatCents(booked.priceCents));
    expect(mail?.text).toContain(`Visa ending in ${approved.slice(-4)}`);
  });

  it('a late cancellation by the patient keeps the payment and carries the fee', async () => {
    const [slot] = await makeSlots(w.t.app.database, 1, { providerOffset: 1 });
    const booked = await bookSelfPay(w, slot!);
    await makeLate(w, booked.id);
    const res = await cancel(w, w.jordan, booked.id, 'illness');
    expect(res.statusCode).toBe(200);
    expect(res.json().cancellation).toMatchObject({ late: true, feeCents: constants.lateCancelFeeCents });
    const rows = await paymentsOf(w, booked.id);
    expect(rows.filter((r) => r.refund_of)).toHaveLength(0);
    expect(rows[0]).toMatchObject({ id: booked.payment.id, status: 'succeeded' });
  });

  it('the statement of a late cancellation shows the kept payment and the fee, and the balance the ledger owes (never negative)', async () => {
    const statement = async (id: string) => {
      const res = await w.t.app.inject({
        method: 'GET',
        url: `/api/users/download-billing-statement?patientId=${w.self.id}&ehrVisitId=${id}`,
        headers: w.jordan.headers,
      });
      expect(res.statusCode).toBe(200);
      return (await pdfText(res.rawPayload)).text;
    };
    const fee = constants.lateCancelFeeCents;
    // A card on file: the session's payment is kept and the fee charged to the card; nothing is owed.
    const [withCard, withoutCard] = await makeSlots(w.t.app.database, 2, { providerOffset: 9 });
    const paid = await bookSelfPay(w, withCard!, true);
    await makeLate(w, paid.id);
    expect((await cancel(w, w.jordan, paid.id, 'illness')).json()).toMatchObject({ cancellation: { late: true, feeCents: fee }, amountDueCents: 0 });
    const first = await statement(paid.id);
    for (const text of [
      `${messages['document.label.totalCharged']} ${formatCents(paid.priceCents + fee)}`,
      `${messages['document.label.totalPaid']} ${formatCents(paid.priceCents + fee)}`,
      `${messages['document.label.totalRefunded']} $0.00`,
      `${messages['document.label.balance']} $0.00`,
    ]) {
      expect(first).toContain(text);
    }
    // No card on file: the fee is owed, and the balance says so.
    await w.t.app.database.query('UPDATE patient_cards SET removed_at = now(), is_default = false WHERE user_id = $1 AND removed_at IS NULL', [w.jordan.id]);
    const owing = await bookSelfPay(w, withoutCard!);
    await makeLate(w, owing.id);
    expect((await cancel(w, w.jordan, owing.id, 'illness')).json()).toMatchObject({ cancellation: { late: true, feeCents: fee }, amountDueCents: fee });
    const second = await statement(owing.id);
    expect(second).toContain(`${messages['document.label.totalCharged']} ${formatCents(owing.priceCents + fee)}`);
    expect(second).toContain(`${messages['document.label.totalPaid']} ${formatCents(owing.priceCents)}`);
    expect(second).toContain(`${messages['document.label.balance']} ${formatCents(fee)}`);
    expect(`${first} ${second}`).not.toMatch(/-\$/);
  });

  it('a cancellation by the practice refunds even a late session, with no fee; patients cannot claim that reason', async () => {
    const [slot] = await makeSlots(w.t.app.database, 1, { providerOffset: 2 });
    const booked = await bookSelfPay(w, slot!);
    await makeLate(w, booked.id);
    const claimed = await cancel(w, w.jordan, booked.id, constants.practiceCancellationReasonId);
    expect(claimed.statusCode).toBe(400);
    const reasons = (await w.t.app.inject({ method: 'GET', url: '/api/appointments/appointment-cancelation-reasons', headers: w.jordan.headers })).json();
    expect(reasons.items.map((r: { id: string }) => r.id)).not.toContain(constants.practiceCancellationReasonId);
    const res = await cancel(w, w.sam, booked.id, constants.practiceCancellationReasonId);
    expect(res.statusCode).toBe(200);
    expect(res.json().cancellation).toMatchObject({ late: true, feeCents: 0 });
    const rows = await paymentsOf(w, booked.id);
    expect(rows.find((r) => r.refund_of)).toMatchObject({ amount_cents: booked.priceCents });
  });

  it('rescheduling at the same price keeps the payment with the new time', async () => {
    const [slot, later] = await makeSlots(w.t.app.database, 2, { providerOffset: 3 });
    const booked = await bookSelfPay(w, slot!);
    const held = (await hold(w.t.app, w.jordan, later!)).json();
    const moved = await w.t.app.inject({
      method: 'POST',
      url: `/api/appointments/${booked.id}/reschedule`,
      headers: w.jordan.headers,
      payload: { holdId: held.holdId, slotId: later!.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ start: later!.start, payment: { id: booked.payment.id, status: 'succeeded' } });
    expect(await paymentsOf(w, booked.id)).toHaveLength(1);
  });

  it('rescheduling to a time with a lower price voids the charge and charges the new price', async () => repricing(w, 'void'));

  it('a session booked without a card and paid later is refunded in full (void) when cancelled in time', async () => paidLaterThenCancelled(w, 'void', 7));

  it('a session paid later and moved to a lower price voids the balance payment; refund mail and a new estimate', async () => paidLaterThenRepriced(w, 'void'));

  it('staff cannot refund part of an unsettled charge; patients cannot refund at all', async () => {
    const [slot] = await makeSlots(w.t.app.database, 1, { providerOffset: 4 });
    const booked = await bookSelfPay(w, slot!);
    expect((await refund(w, w.jordan, booked.payment.id, { reason: 'mine' })).statusCode).toBe(403);
    const part = await refund(w, w.sam, booked.payment.id, { amountCents: 1000, reason: 'goodwill' });
    expect(part.statusCode).toBe(409);
    expect(part.json().errorCode).toBe('REFUND_NOT_POSSIBLE');
    const all = await refund(w, w.sam, booked.payment.id, { reason: 'goodwill' });
    expect(all.json()).toMatchObject({ amountCents: booked.priceCents, method: 'void', payment: { status: 'refunded' } });
  });
});
