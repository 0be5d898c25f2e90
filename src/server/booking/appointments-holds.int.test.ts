/** Holding a slot, and many callers at one slot at once. */
import { randomUUID } from 'node:crypto';
import { bookSlot, consentGiven, hold, makeSlots, type TestSlot } from '@tests/support/booking';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { avery, count, insured, jordan, sam, self, t, startAppointmentsApp } from './appointments-world';
import { qb } from '@/server/db/typed';

startAppointmentsApp();

describe('holds', () => {
  it("holds a slot for slotHoldMinutes, renews the caller's own hold, and answers anyone else that someone is booking it (3004, not booked)", async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const first = await hold(t.app, jordan, slot!);
    expect(first.statusCode).toBe(201);
    const h = first.json();
    expect(h).toMatchObject({ slotId: slot!.id, providerId: slot!.providerId, start: slot!.start, end: slot!.end });
    const minutes = (Date.parse(h.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(constants.slotHoldMinutes - 1);
    expect(minutes).toBeLessThanOrEqual(constants.slotHoldMinutes);
    expect((await hold(t.app, jordan, slot!)).json().holdId).toBe(h.holdId);
    const other = await hold(t.app, avery, slot!, { 'x-app-source': 'patient_web' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ errorCode: 3004, message: errorCatalogue.SLOT_HELD.message });
    expect(other.json().message).not.toBe(errorCatalogue.SLOT_ALREADY_BOOKED.message);
    // The held time is not offered to others.
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/slots/get?providerId=${slot!.providerId}&startDate=${slot!.start.slice(0, 10)}&endDate=${slot!.start.slice(0, 10)}`,
    });
    expect(listed.json().slots.map((s: { id: string }) => s.id)).not.toContain(slot!.id);
    // Released, it is free again.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/appointments/holds/${h.holdId}`, headers: avery.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/appointments/holds/${h.holdId}`, headers: jordan.headers })).statusCode).toBe(204);
    expect((await hold(t.app, avery, slot!)).statusCode).toBe(201);
  });

  it('answers 3003 for a slot that is not open and 3002 for a medication slot within the limit, in the audience wording', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/holds',
      headers: { ...sam.headers, 'x-app-source': 'support_web' },
      payload: { slotId: randomUUID(), providerId: randomUUID() },
    });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toMatchObject({ errorCode: 3003, message: errorCatalogue.NO_OPEN_SLOT.audiences.support_web });
    // A provider free at that moment: the seed's slots depend on the time of day the test runs.
    let soon: TestSlot | undefined;
    for (let offset = 3; offset < 23 && !soon; offset += 1) {
      try {
        [soon] = await makeSlots(t.app.database, 1, { startAt: new Date(Date.now() + 26 * 3_600_000 + 7 * 60_000), providerOffset: offset });
      } catch {
        // that provider has a slot at this time already
      }
    }
    const tooSoon = await hold(t.app, jordan, soon!);
    expect(tooSoon.json()).toMatchObject({ errorCode: 3003, message: errorCatalogue.NO_OPEN_SLOT.message });

    let medication: TestSlot | undefined;
    for (let offset = 0; offset < 20 && !medication; offset += 1) {
      try {
        [medication] = await makeSlots(t.app.database, 1, {
          offersMedication: true,
          medication: true,
          providerOffset: offset,
          startAt: new Date(Date.now() + 5 * 3_600_000 + 11 * 60_000),
        });
      } catch {
        // that provider has a slot at this time already
      }
    }
    const med = await hold(t.app, jordan, medication!);
    expect(med.statusCode).toBe(409);
    expect(med.json()).toMatchObject({ errorCode: 3002, message: errorCatalogue.MEDICATION_SLOT_LIMIT.message });
    // The slot rules are checked on what the one-statement claim read: a refused claim leaves no hold standing.
    const standing = await t.app.database.query('SELECT 1 FROM slot_reservations WHERE slot_id = ANY($1::uuid[])', [[soon!.id, medication!.id]]);
    expect(standing).toHaveLength(0);
  });
});

describe('concurrency on one app', () => {
  it('50 concurrent attempts at one slot: exactly one booking and 49 refusals, each held (3004) or booked (3001)', async () => {
    const [slot] = await makeSlots(t.app.database, 1, { providerOffset: 11 });
    // A patient and a support agent booking for them, at the same time.
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        bookSlot(t.app, i % 2 ? sam : jordan, slot!, [{ id: self.id, consents: consentGiven() }], i % 2 ? { ...insured, userId: jordan.id } : insured),
      ),
    );
    const codes = attempts.map((a) => (a.booked ?? a.held).statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    const refusals = attempts.filter((a) => (a.booked ?? a.held).statusCode === 409).map((a) => (a.booked ?? a.held).json().errorCode);
    expect(refusals).toHaveLength(49);
    expect(refusals.filter((code) => code !== 3001 && code !== 3004)).toEqual([]);
    expect(await count(qb.selectFrom('appointments').where('slot_id', '=', slot!.id).where('status', '=', 'booked'))).toBe(1);
  });
});
