/** An insured booking uses the primary patient's own insurance, and a refused one writes nothing. */
import { randomUUID } from 'node:crypto';
import { type TestCaller } from '@tests/support/sessions';
import { bookingBody, consentGiven, hold, makeSlots, selfPatientOf } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import { messages, type MessageKey } from '@/generated/messages';
import insuranceSelection from '@/generated/forms/insurance-selection';
import { approved, avery, bookJordan, count, insured, jordan, mia, sam, self, t, tokenize, startAppointmentsApp } from './appointments-world';
import { qb } from '@/server/db/typed';

startAppointmentsApp();

describe("the insurance of an insured booking is the primary patient's own", () => {
  // The message the payment form declares for the keyword, not a copy of its text.
  const mismatch = messages[insuranceSelection.messages.insuranceId!.patientMismatch as MessageKey];
  const book = (caller: TestCaller, body: Record<string, unknown>, key = randomUUID(), url = '/api/appointments') =>
    t.app.inject({ method: 'POST', url, headers: { ...caller.headers, 'idempotency-key': key }, payload: body });

  /** A hold of Jordan's on a slot of its own, and what is on record before the attempt. */
  async function attempt(caller: TestCaller = jordan) {
    const [slot] = await makeSlots(t.app.database, 1, { providerOffset: 9 });
    const holdId = (await hold(t.app, caller, slot!)).json().holdId as string;
    const before = {
      patients: await count(qb.selectFrom('patients').where('user_id', '=', jordan.id)),
      payments: await count(qb.selectFrom('payments').where('user_id', '=', jordan.id)),
      consents: await count(qb.selectFrom('consents').where('user_id', '=', jordan.id)),
    };
    return { slot: slot!, holdId, key: randomUUID(), before };
  }

  async function refused(res: Awaited<ReturnType<typeof book>>, a: Awaited<ReturnType<typeof attempt>>) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      message: mismatch,
      errors: [{ field: 'insuranceId', keyword: 'patientMismatch', reason: mismatch }],
    });
    // Nothing written: no appointment, the hold still a hold, no new patient, consent or payment, the key unused.
    expect(await count(qb.selectFrom('appointments').where('slot_id', '=', a.slot.id))).toBe(0);
    expect(await count(qb.selectFrom('slot_reservations').where('id', '=', a.holdId).where('kind', '=', 'hold').where('appointment_id', 'is', null))).toBe(1);
    expect(await count(qb.selectFrom('patients').where('user_id', '=', jordan.id))).toBe(a.before.patients);
    expect(await count(qb.selectFrom('consents').where('user_id', '=', jordan.id))).toBe(a.before.consents);
    expect(await count(qb.selectFrom('payments').where('user_id', '=', jordan.id))).toBe(a.before.payments);
    expect(await count(qb.selectFrom('idempotency_keys').where('key', '=', a.key))).toBe(0);
  }

  it("refuses another account's patient's insurance, booked by the patient or by support", async () => {
    const averyInsurance = await insurePatient(t.app.database, (await selfPatientOf(t.app.database, avery.id)).id);
    const mine = await attempt();
    await refused(
      await book(jordan, bookingBody(mine.holdId, mine.slot, [{ id: self.id, consents: consentGiven() }], { insuranceId: averyInsurance }), mine.key),
      mine,
    );
    const bySupport = await attempt(sam);
    const res = await book(
      sam,
      {
        ...bookingBody(bySupport.holdId, bySupport.slot, [{ id: self.id, consents: consentGiven('support_web') }], { insuranceId: averyInsurance }),
        email: jordan.email,
      },
      bySupport.key,
      '/api/appointments/support',
    );
    await refused(res, bySupport);
  });

  it("refuses a dependant's insurance while the primary patient is Self", async () => {
    const miaInsurance = await insurePatient(t.app.database, mia!.id);
    const a = await attempt();
    const patients = [
      { id: self.id, consents: consentGiven() },
      { id: mia!.id, consents: consentGiven() },
    ];
    await refused(await book(jordan, bookingBody(a.holdId, a.slot, patients, { insuranceId: miaInsurance, counselingType: 'Family Counseling' }), a.key), a);
    // The same booking with Mia first is hers to make.
    const theirs = await book(
      jordan,
      bookingBody(a.holdId, a.slot, [...patients].reverse(), { insuranceId: miaInsurance, counselingType: 'Family Counseling' }),
      a.key,
    );
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json()).toMatchObject({ insuranceId: miaInsurance, selfPay: false, patients: [{ id: mia!.id }, { id: self.id }] });
  });

  it('refuses an insurance removed from file, for a new booking and for booking again', async () => {
    const [slot] = await makeSlots(t.app.database, 1, { providerOffset: 9 });
    const insuranceId = await insurePatient(t.app.database, self.id);
    const first = await bookJordan(slot!, { insuranceId });
    expect(first.insuranceId).toBe(insuranceId);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/patients/${self.id}/insurances/${insuranceId}`, headers: jordan.headers })).statusCode).toBe(204);
    const a = await attempt();
    await refused(await book(jordan, bookingBody(a.holdId, a.slot, [{ id: self.id, consents: consentGiven() }], { insuranceId }), a.key), a);
    // Booking again carries the first booking's insurance: no longer on file, so refused the same way.
    const again = await attempt();
    const rebook = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/rebook/${first.id}`,
      headers: { ...jordan.headers, 'idempotency-key': again.key },
      payload: { holdId: again.holdId, slotId: again.slot.id },
    });
    await refused(rebook, again);
  });

  it('refuses an insurance for a new primary patient, who has none on file yet', async () => {
    const a = await attempt();
    const newChild = { firstName: 'Lio', lastName: 'Rivera', relationship: 'Child', dateOfBirth: '2017-03-04', consents: consentGiven() };
    await refused(
      await book(
        jordan,
        bookingBody(a.holdId, a.slot, [newChild, { id: self.id, consents: consentGiven() }], { ...insured, counselingType: 'Family Counseling' }),
        a.key,
      ),
      a,
    );
  });

  it('refuses a booking that is neither self-pay nor names an insurance, and writes nothing', async () => {
    const required = messages['validation.insurance.required'];
    for (const money of [{ selfPay: false }, {}]) {
      const a = await attempt();
      const res = await book(jordan, { ...bookingBody(a.holdId, a.slot, [{ id: self.id, consents: consentGiven() }]), ...money }, a.key);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED', errors: [{ field: 'insuranceId', reason: required }] });
      expect(await count(qb.selectFrom('appointments').where('slot_id', '=', a.slot.id))).toBe(0);
      expect(await count(qb.selectFrom('idempotency_keys').where('key', '=', a.key))).toBe(0);
    }
  });

  it("books with the primary patient's own insurance, which the appointment reads back; self-pay keeps none", async () => {
    const a = await attempt();
    // First refused with someone else's insurance under the same key: the refusal kept nothing under it.
    const averyInsurance = await insurePatient(t.app.database, (await selfPatientOf(t.app.database, avery.id)).id);
    await refused(await book(jordan, bookingBody(a.holdId, a.slot, [{ id: self.id, consents: consentGiven() }], { insuranceId: averyInsurance }), a.key), a);
    const booked = await book(jordan, bookingBody(a.holdId, a.slot, [{ id: self.id, consents: consentGiven() }], insured), a.key);
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ selfPay: false, insuranceId: insured.insuranceId, payment: null });
    const read = await t.app.inject({ method: 'GET', url: `/api/appointments/${booked.json().id}`, headers: jordan.headers });
    expect(read.json()).toMatchObject({ id: booked.json().id, insuranceId: insured.insuranceId });
    // Self-pay uses no insurance, even one sent along.
    const [slot] = await makeSlots(t.app.database, 1, { providerOffset: 9 });
    const card = (await tokenize(jordan, approved)).json();
    const selfPaid = await bookJordan(slot!, { selfPay: true, payment: { nonce: card.nonce } });
    expect(selfPaid).toMatchObject({ selfPay: true, insuranceId: null });
  });
});
