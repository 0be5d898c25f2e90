import { randomUUID } from 'node:crypto';
import { signUp } from '@tests/support/sign-up';
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, mailTo, auditRows, type TestCaller } from '@tests/support/sessions';
import { bookingBody, bookSlot, consentGiven, hold, makeSlots, selfPatientOf, type TestSlot } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import { constants } from '@/generated/constants';
import { enums } from '@/generated/enums';
import { errorCatalogue } from '@/generated/errors';
import { messages, type MessageKey } from '@/generated/messages';
import insuranceSelection from '@/generated/forms/insurance-selection';
import { appointmentEventUid } from '@/domain/calendar';
import { localStampIn } from '@/domain/calendar-zone';
import { formatWhen } from '@/domain/date-format';

let t: TestApp;
let jordan: TestCaller;
let avery: TestCaller;
let sam: TestCaller;
let taylor: TestCaller;
let self: { id: string; firstName: string; lastName: string };
let mia: { id: string } | undefined;
/** Jordan's own insurance on file: Jordan's insured bookings use it. */
let insured: { insuranceId: string };

const approved = constants.testCardNumbers.approved[0]!.number;
const declined = constants.testCardNumbers.declined[0]!.number;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  avery = await callerFor(t.app, 'avery.johnson@example.com');
  sam = await callerFor(t.app, 'sam.okafor@example.com');
  taylor = await callerFor(t.app, 'taylor.brooks@example.com');
  self = await selfPatientOf(t.app.database, jordan.id);
  [mia] = await t.app.database.query<{ id: string }>("SELECT id FROM patients WHERE user_id = $1 AND relationship = 'Child'", [jordan.id]);
  insured = { insuranceId: await insurePatient(t.app.database, self.id) };
}, 180_000);
afterAll(async () => t?.close());

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.app.database.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, params))[0]!.n);

async function tokenize(caller: TestCaller, number: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patient-cards/tokenize',
    headers: caller.headers,
    payload: { number, expiration: '12/39', cvv: number.length === 15 ? '1234' : '123' },
  });
  return res;
}

async function bookJordan(slot: TestSlot, extra: Record<string, unknown> = {}) {
  const result = await bookSlot(t.app, jordan, slot, [{ id: self.id, consents: consentGiven() }], { ...insured, ...extra });
  expect(result.booked?.statusCode).toBe(201);
  return result.booked!.json();
}

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

describe('booking', () => {
  it('needs an Idempotency-Key, replays the first answer for the same key, and refuses the key for another request', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const held = (await hold(t.app, jordan, slot!)).json();
    const body = bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven() }], insured);
    const noKey = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: jordan.headers, payload: body });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errorCode).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const key = randomUUID();
    const first = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: { ...jordan.headers, 'idempotency-key': key }, payload: body });
    const second = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: { ...jordan.headers, 'idempotency-key': key }, payload: body });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await count('appointments WHERE slot_id = $1', [slot!.id])).toBe(1);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...jordan.headers, 'idempotency-key': key },
      payload: { ...body, counselingTypeId: 'x' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
    // A new key for a hold that is already a booking: 3001.
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: body,
    });
    expect(third.json().errorCode).toBe(3001);
  });

  it('refuses an expired hold and books nothing', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const held = (await hold(t.app, jordan, slot!)).json();
    // A second before the app's clock (which decides), not the database's.
    await t.app.database.query('UPDATE slot_reservations SET expires_at = $2 WHERE id = $1', [
      held.holdId,
      new Date(t.app.clock.now().getTime() - 1000).toISOString(),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven() }], insured),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: 'SLOT_HOLD_EXPIRED', message: errorCatalogue.SLOT_HOLD_EXPIRED.message });
    expect(await count('appointments WHERE slot_id = $1', [slot!.id])).toBe(0);
    expect(
      await count("slot_reservations WHERE slot_id = $1 AND (kind = 'booking' OR expires_at > $2::timestamptz)", [slot!.id, t.app.clock.now().toISOString()]),
    ).toBe(0);
  });

  it('charges self-pay at the provider pay rate; a declined card books and charges nothing', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const [rate] = await t.app.database.query<{ cents: number }>('SELECT (pay_individual * 100)::int AS cents FROM providers WHERE id = $1', [
      slot!.providerId,
    ]);
    const bad = (await tokenize(jordan, declined)).json();
    const held = (await hold(t.app, jordan, slot!)).json();
    const selfPay = { selfPay: true, selfPayConsentCategory: 'selfPay' };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: { ...bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven() }], selfPay), payment: { nonce: bad.nonce } },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().errorCode).toBe('CARD_DECLINED');
    expect(refused.json().message.startsWith(errorCatalogue.CARD_DECLINED.message.split('{phone}')[0]!)).toBe(true);
    expect(await count('appointments WHERE slot_id = $1', [slot!.id])).toBe(0);
    expect(await count("payments WHERE user_id = $1 AND status = 'succeeded' AND appointment_id IS NULL", [jordan.id])).toBe(0);
    expect(await count("payments WHERE user_id = $1 AND status = 'failed' AND card_last4 = $2", [jordan.id, declined.slice(-4)])).toBeGreaterThan(0);
    const noCard = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven() }], selfPay),
    });
    expect(noCard.json().errorCode).toBe('CARD_REQUIRED');
    const good = (await tokenize(jordan, approved)).json();
    expect(good).toMatchObject({ brand: 'Visa', last4: approved.slice(-4) });
    expect(JSON.stringify(good)).not.toContain(approved);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: { ...bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven() }], selfPay), payment: { nonce: good.nonce, saveCard: true } },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      selfPay: true,
      priceCents: rate!.cents,
      amountDueCents: 0,
      payment: { status: 'succeeded', amountCents: rate!.cents, cardLast4: approved.slice(-4), provider: 'card_gateway' },
    });
    const cards = await t.app.inject({ method: 'GET', url: `/api/patient-cards/patient/${self.id}`, headers: jordan.headers });
    expect(cards.json().items[0]).toMatchObject({ last4: approved.slice(-4), isDefault: true });
    const stored = await t.app.database.query<{ token: string }>('SELECT token FROM patient_cards WHERE user_id = $1', [jordan.id]);
    expect(stored.every((c) => !c.token.includes(approved))).toBe(true);
  });

  it('creates new patients: a minor needs an adult responsible party; Self and minors need consent; one Self per account', async () => {
    const email = `new.${randomUUID().slice(0, 8)}@example.com`;
    expect((await signUp(t.app, { email, firstName: 'Riley', lastName: 'Stone' })).statusCode).toBe(200);
    const riley = await callerFor(t.app, email);
    const rileySelf = await selfPatientOf(t.app.database, riley.id);
    const support = { ...sam.headers, 'x-app-source': 'support_web' };
    const [slot, slot2] = await makeSlots(t.app.database, 2);
    const child = { firstName: 'Noa', lastName: 'Stone', relationship: 'Child', dateOfBirth: '2016-05-01', consents: consentGiven('support_web') };
    // A new primary patient has no insurance on file: such bookings pay themselves, with a card.
    const selfPay = { selfPay: true, payment: { nonce: (await tokenize(sam, approved)).json().nonce } };
    // Riley's own insurance on file, for the bookings where Riley comes first.
    const rileyInsured = { insuranceId: await insurePatient(t.app.database, rileySelf.id) };
    let held = (await hold(t.app, sam, slot!)).json();
    const noParty = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/support',
      headers: { ...support, 'idempotency-key': randomUUID() },
      payload: { ...bookingBody(held.holdId, slot!, [child], selfPay), email },
    });
    expect(noParty.statusCode).toBe(422);
    expect(noParty.json().message).toBe(errorCatalogue.RESPONSIBLE_PARTY_NOT_CREATED.message);
    const minorParty = { firstName: 'Teen', lastName: 'Stone', dob: '2012-01-01' };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/appointments/support',
          headers: { ...support, 'idempotency-key': randomUUID() },
          payload: { ...bookingBody(held.holdId, slot!, [child], selfPay), email, responsibleParty: minorParty },
        })
      ).json().message,
    ).toBe(errorCatalogue.RESPONSIBLE_PARTY_NOT_CREATED.message);
    const noConsent = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/support',
      headers: { ...support, 'idempotency-key': randomUUID() },
      payload: {
        ...bookingBody(held.holdId, slot!, [{ id: rileySelf.id }, child], rileyInsured),
        email,
        responsibleParty: { firstName: 'Riley', lastName: 'Stone', dob: '1985-02-03' },
      },
    });
    expect(noConsent.json()).toMatchObject({
      errorCode: 'CONSENT_REQUIRED',
      message: errorCatalogue.CONSENT_REQUIRED.message.replace('{patient}', 'Riley Stone'),
    });
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/support',
      headers: { ...support, 'idempotency-key': randomUUID() },
      payload: {
        ...bookingBody(held.holdId, slot!, [{ id: rileySelf.id, consents: consentGiven('support_web') }, child], {
          ...rileyInsured,
          counselingType: 'Family Counseling',
          timeZone: 'America/Denver',
        }),
        email,
        responsibleParty: { firstName: 'Riley', lastName: 'Stone', dob: '1985-02-03' },
      },
    });
    expect(booked.statusCode).toBe(201);
    const appt = booked.json();
    expect(appt.patients).toEqual([
      expect.objectContaining({ firstName: 'Riley', relationship: 'Self', isNew: false }),
      expect.objectContaining({ firstName: 'Noa', relationship: 'Child', isNew: true }),
    ]);
    expect(appt).toMatchObject({ bookingFunnel: 'Support Standard Funnel', timeZone: 'America/Denver', selfPay: false, insuranceId: rileyInsured.insuranceId });
    const consents = await t.app.database.query<{ signer_capacity: string; source: string }>(
      'SELECT signer_capacity, source FROM consents WHERE appointment_id = $1 ORDER BY signer_capacity',
      [appt.id],
    );
    expect(consents.map((c) => c.signer_capacity)).toContain(messages['consent.guardianOf'].replace('{patient}', 'Noa Stone'));
    expect(consents.every((c) => c.source === 'support_web')).toBe(true);
    // A second Self is refused.
    held = (await hold(t.app, sam, slot2!)).json();
    const secondSelf = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/support',
      headers: { ...support, 'idempotency-key': randomUUID() },
      payload: {
        ...bookingBody(
          held.holdId,
          slot2!,
          [{ firstName: 'Other', lastName: 'Stone', dateOfBirth: '1980-01-01', relationship: 'Self', consents: consentGiven() }],
          selfPay,
        ),
        email,
      },
    });
    expect(secondSelf.statusCode).toBe(400);
    expect(secondSelf.json().errors).toEqual([expect.objectContaining({ field: 'patients.0.relationship' })]);
    // Staff booked it, and the e-mail states the time in the patient's zone, with the calendar entry.
    const [mail] = await mailTo(t.app, email);
    expect(mail).toBeDefined();
    const full = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' }))
      .json()
      .messages.find((m: { to: string; template: string }) => m.to === email && m.template === 'appointment-confirmation');
    expect(full.text).toContain(formatWhen(slot!.start, 'America/Denver'));
    // The join link is the session's video room on this site, in the mail and its calendar entry.
    expect(appt.joinUrl).toBe(`/app/visit/${appt.id}`);
    expect(full.text).toContain(`${t.app.publicUrl}/app/visit/${appt.id}`);
    expect(full.attachments[0].content.replace(/\r\n[ \t]/g, '')).toContain(`URL:${t.app.publicUrl}/app/visit/${appt.id}`);
    // The calendar entry is in the patient's zone too: a wall-clock time with TZID, and that zone's VTIMEZONE before the event.
    expect(full.attachments[0].content).toMatch(/BEGIN:VCALENDAR[\s\S]*BEGIN:VTIMEZONE\r\nTZID:America\/Denver[\s\S]*BEGIN:VEVENT[\s\S]*END:VCALENDAR/);
    expect(full.attachments[0].content).toContain(`DTSTART;TZID=America/Denver:${localStampIn('America/Denver', slot!.start)}\r\n`);
    expect(full.attachments[0].content).toContain(`UID:${appointmentEventUid(appt.id)}`);
    expect(full.attachments[0].content).toContain('SEQUENCE:0');
  });

  it('a patient reaches only their own account: others get 404 and the refusal is audited', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const appt = await bookJordan(slot!);
    for (const who of [avery, taylor]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/appointments/${appt.id}`, headers: who.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/appointments?userId=${jordan.id}`, headers: who.headers })).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/appointments/${appt.id}/cancel`, headers: who.headers, payload: { reasonId: 'other' } })).statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/appointments/provider/${slot!.providerId}/patient/${self.id}`, headers: who.headers })).statusCode,
      ).toBe(404);
    }
    const [slot2] = await makeSlots(t.app.database, 1);
    const held = (await hold(t.app, avery, slot2!)).json();
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { ...avery.headers, 'idempotency-key': randomUUID() },
      payload: bookingBody(held.holdId, slot2!, [{ id: self.id, consents: consentGiven() }], insured),
    });
    expect(stolen.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/${appt.id}`, headers: sam.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/appointments/${appt.id}`, headers: jordan.headers })).json().id).toBe(appt.id);
    const denied = await auditRows(t.app, "action = 'getAppointment' AND record_id = $1 AND outcome = 'denied'", [appt.id]);
    expect(denied.length).toBeGreaterThanOrEqual(2);
    expect((await auditRows(t.app, "action = 'createAppointment' AND record_id = $1 AND outcome = 'success'", [appt.id])).length).toBe(1);
  });

  it('lists upcoming and past appointments, and answers the existence checks', async () => {
    const [slot] = await makeSlots(t.app.database, 1, { providerOffset: 5 });
    const appt = await bookJordan(slot!);
    const upcoming = (await t.app.inject({ method: 'GET', url: '/api/appointments?when=upcoming', headers: jordan.headers })).json();
    expect(upcoming.items.map((a: { id: string }) => a.id)).toContain(appt.id);
    const past = (await t.app.inject({ method: 'GET', url: `/api/appointments?when=past&patientId=${self.id}`, headers: jordan.headers })).json();
    expect(past.items.map((a: { id: string }) => a.id)).not.toContain(appt.id);
    const exists = await t.app.inject({ method: 'GET', url: `/api/appointments/provider/${slot!.providerId}/patient/${self.id}`, headers: jordan.headers });
    expect(exists.json()).toEqual({ appointmentsExist: true });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/appointments/provider/${slot!.providerId}/patient/${self.id}?appointmentId=${appt.id}`,
      headers: jordan.headers,
    });
    expect(other.json()).toBe(false);
    const type = encodeURIComponent('Individual Counseling');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/appointments/patient/${self.id}/provider/${slot!.providerId}/counselling-type/${type}/exists`,
          headers: jordan.headers,
        })
      ).json(),
    ).toEqual({ exists: true });
    const med = encodeURIComponent('Medication/Psychiatry');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/appointments/patient/${mia!.id}/provider/${slot!.providerId}/counselling-type/${med}/exists`,
          headers: jordan.headers,
        })
      ).json(),
    ).toEqual({ exists: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments/late-cancelation-window-and-fee', headers: jordan.headers })).json()).toEqual({
      windowHours: constants.lateCancelWindowHours,
      feeCents: constants.lateCancelFeeCents,
      currency: constants.currency,
    });
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const reasons = (
      await t.app.inject({ method: 'GET', url: `/api/appointments/appointment-cancelation-reasons?startDate=${soon}`, headers: jordan.headers })
    ).json();
    expect(reasons).toMatchObject({ lateCancellation: true, feeCents: constants.lateCancelFeeCents });
    expect(reasons.items.map((r: { id: string }) => r.id)).toEqual(
      constants.appointmentCancellationReasons.map((r) => r.id).filter((id) => id !== constants.practiceCancellationReasonId),
    );
  });
});

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
      patients: await count('patients WHERE user_id = $1', [jordan.id]),
      payments: await count('payments WHERE user_id = $1', [jordan.id]),
      consents: await count('consents WHERE user_id = $1', [jordan.id]),
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
    expect(await count('appointments WHERE slot_id = $1', [a.slot.id])).toBe(0);
    expect(await count("slot_reservations WHERE id = $1 AND kind = 'hold' AND appointment_id IS NULL", [a.holdId])).toBe(1);
    expect(await count('patients WHERE user_id = $1', [jordan.id])).toBe(a.before.patients);
    expect(await count('consents WHERE user_id = $1', [jordan.id])).toBe(a.before.consents);
    expect(await count('payments WHERE user_id = $1', [jordan.id])).toBe(a.before.payments);
    expect(await count('idempotency_keys WHERE key = $1', [a.key])).toBe(0);
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
      expect(await count('appointments WHERE slot_id = $1', [a.slot.id])).toBe(0);
      expect(await count('idempotency_keys WHERE key = $1', [a.key])).toBe(0);
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

describe('cancel, reschedule, rebook', () => {
  async function makeLate(appointmentId: string) {
    await t.app.database.query(`UPDATE appointments SET during = tstzrange(now() + interval '3 hours', now() + interval '4 hours') WHERE id = $1`, [
      appointmentId,
    ]);
    await t.app.database.query(
      `UPDATE slot_reservations SET during = tstzrange(now() + interval '3 hours', now() + interval '4 hours') WHERE appointment_id = $1`,
      [appointmentId],
    );
  }

  it('cancels with a reason, frees the time, and cannot cancel or reschedule twice', async () => {
    const [slot, next] = await makeSlots(t.app.database, 2);
    const appt = await bookJordan(slot!);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appt.id}/cancel`,
      headers: jordan.headers,
      payload: { reasonId: 'schedule_conflict' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancellation: { reasonId: 'schedule_conflict', late: false, feeCents: 0, feeStatus: 'none' } });
    expect(enums.appointmentStatus.labels.cancelled).toBe('Cancelled');
    expect((await hold(t.app, avery, slot!)).statusCode).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: `/api/appointments/${appt.id}/cancel`, headers: jordan.headers, payload: { reasonId: 'other' } });
    expect(again.json().errorCode).toBe('APPOINTMENT_NOT_CANCELLABLE');
    const held = (await hold(t.app, jordan, next!)).json();
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appt.id}/reschedule`,
      headers: jordan.headers,
      payload: { holdId: held.holdId, slotId: next!.id },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().errorCode).toBe('APPOINTMENT_NOT_RESCHEDULABLE');
    const mail = (await mailTo(t.app, jordan.email)).find((m) => m.template === 'appointment-cancellation');
    expect(mail?.text).toContain(formatWhen(slot!.start, appt.timeZone));
  });

  it('late cancellation: charges the fee to the card on file, or refuses while the flag blocks it; staff may waive', async () => {
    const [a, b, c] = await makeSlots(t.app.database, 3);
    const card = (await tokenize(jordan, constants.testCardNumbers.approved[2]!.number)).json();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/patient-cards',
          headers: jordan.headers,
          payload: { patientId: self.id, nonce: card.nonce, makeDefault: true },
        })
      ).statusCode,
    ).toBe(201);
    const first = await bookJordan(a!);
    await makeLate(first.id);
    t.app.flags.force({ cancelUntilAppointmentTime: 'block' });
    const blocked = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${first.id}/cancel`,
      headers: jordan.headers,
      payload: { reasonId: 'illness' },
    });
    expect(blocked.statusCode).toBe(409);
    t.app.flags.force({ cancelUntilAppointmentTime: 'allow', clientCancelWithin48Hours: 'charge' });
    const charged = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${first.id}/cancel`,
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: { reasonId: 'illness' },
    });
    expect(charged.json().cancellation).toMatchObject({ late: true, feeCents: constants.lateCancelFeeCents, feeStatus: 'charged' });
    expect(await count("payments WHERE appointment_id = $1 AND purpose = 'late_cancel_fee' AND status = 'succeeded'", [first.id])).toBe(1);

    const second = await bookJordan(b!);
    await makeLate(second.id);
    t.app.flags.force({ clientCancelWithin48Hours: 'waive' });
    const waived = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${second.id}/cancel`,
      headers: jordan.headers,
      payload: { reasonId: 'illness' },
    });
    expect(waived.json().cancellation).toMatchObject({ feeStatus: 'waived', feeCents: 0 });

    const third = await bookJordan(c!);
    await makeLate(third.id);
    t.app.flags.force({ cancelUntilAppointmentTime: 'block' });
    const byStaff = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${third.id}/cancel`,
      headers: sam.headers,
      payload: { reasonId: 'emergency', waiveFee: true },
    });
    expect(byStaff.json()).toMatchObject({ status: 'cancelled', cancellation: { feeStatus: 'waived' } });
    t.app.flags.force({});
  });

  it('an outstanding fee is paid once with payAppointment, whatever the retries', async () => {
    const [slot] = await makeSlots(t.app.database, 1);
    const email = `fee.${randomUUID().slice(0, 8)}@example.com`;
    await signUp(t.app, { email, firstName: 'Kai', lastName: 'Fee', dateOfBirth: '1980-01-01' });
    const kai = await callerFor(t.app, email);
    const held = (await hold(t.app, kai, slot!)).json();
    const kaiSelf = await selfPatientOf(t.app.database, kai.id);
    const booked = (
      await t.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { ...kai.headers, 'idempotency-key': randomUUID() },
        payload: bookingBody(held.holdId, slot!, [{ id: kaiSelf.id, consents: consentGiven() }], {
          insuranceId: await insurePatient(t.app.database, kaiSelf.id),
        }),
      })
    ).json();
    await makeLate(booked.id);
    const cancelled = (
      await t.app.inject({ method: 'POST', url: `/api/appointments/${booked.id}/cancel`, headers: kai.headers, payload: { reasonId: 'cost' } })
    ).json();
    expect(cancelled).toMatchObject({ amountDueCents: constants.lateCancelFeeCents, cancellation: { feeStatus: 'outstanding' } });
    const key = randomUUID();
    const bad = (await tokenize(kai, declined)).json();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${booked.id}/pay`,
      headers: { ...kai.headers, 'idempotency-key': key },
      payload: { nonce: bad.nonce },
    });
    expect(refused.statusCode).toBe(402);
    // The failed attempt is kept as what it was: a late-cancellation fee, not a balance.
    expect(await count("payments WHERE appointment_id = $1 AND status = 'failed' AND purpose = 'late_cancel_fee'", [booked.id])).toBe(1);
    const good = (await tokenize(kai, approved)).json();
    const payKey = randomUUID();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${booked.id}/pay`,
      headers: { ...kai.headers, 'idempotency-key': payKey },
      payload: { nonce: good.nonce },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'succeeded', amountCents: constants.lateCancelFeeCents, amountDueCents: 0 });
    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${booked.id}/pay`,
      headers: { ...kai.headers, 'idempotency-key': payKey },
      payload: { nonce: good.nonce },
    });
    expect(replay.json().paymentId).toBe(paid.json().paymentId);
    expect(await count("payments WHERE appointment_id = $1 AND status = 'succeeded'", [booked.id])).toBe(1);
    const nothing = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${booked.id}/pay`,
      headers: { ...kai.headers, 'idempotency-key': randomUUID() },
      payload: { nonce: good.nonce },
    });
    expect(nothing.json().errorCode).toBe('NOTHING_TO_PAY');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/payments/${booked.id}/pay`,
          headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
          payload: { nonce: good.nonce },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('reschedules to another slot of the same provider through a hold, and rebooks', async () => {
    const [slot, next, later] = await makeSlots(t.app.database, 3);
    const [elsewhere] = await makeSlots(t.app.database, 1, { providerOffset: 7 });
    const appt = await bookJordan(slot!);
    const otherHold = (await hold(t.app, jordan, elsewhere!)).json();
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appt.id}/reschedule`,
      headers: jordan.headers,
      payload: { holdId: otherHold.holdId, slotId: elsewhere!.id },
    });
    expect(wrong.statusCode).toBe(409);
    const held = (await hold(t.app, jordan, next!)).json();
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/${appt.id}/reschedule`,
      headers: jordan.headers,
      payload: { holdId: held.holdId, slotId: next!.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: appt.id, start: next!.start, slotId: next!.id, rescheduledFrom: slot!.start, status: 'booked' });
    expect((await hold(t.app, avery, slot!)).statusCode).toBe(201);
    expect((await hold(t.app, avery, next!)).statusCode).toBe(409);
    const mail = (await mailTo(t.app, jordan.email)).find((m) => m.template === 'appointment-reschedule');
    expect(mail?.text).toContain(formatWhen(next!.start, appt.timeZone));
    // The mailed event replaces the one the portal or the first mail put in a calendar: same UID, higher SEQUENCE.
    const full = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' }))
      .json()
      .messages.find((m: { to: string; template: string }) => m.to === jordan.email && m.template === 'appointment-reschedule');
    const movedEvent = full.attachments[0].content.replace(/\r\n[ \t]/g, '');
    expect(movedEvent).toContain(`UID:${appointmentEventUid(appt.id)}`);
    expect(moved.json().calendarSequence).toBeGreaterThan(appt.calendarSequence);
    expect(movedEvent).toContain(`SEQUENCE:${moved.json().calendarSequence}`);

    const again = (await hold(t.app, jordan, later!)).json();
    const rebooked = await t.app.inject({
      method: 'POST',
      url: `/api/appointments/rebook/${appt.id}`,
      headers: { ...jordan.headers, 'idempotency-key': randomUUID() },
      payload: { holdId: again.holdId, slotId: later!.id },
    });
    expect(rebooked.statusCode).toBe(201);
    expect(rebooked.json()).toMatchObject({
      rebookedFrom: appt.id,
      bookingFunnel: 'Patient Rebooking Modal',
      start: later!.start,
      insuranceId: insured.insuranceId,
    });
    expect(rebooked.json().patients.map((p: { id: string }) => p.id)).toEqual([self.id]);
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
    expect(await count("appointments WHERE slot_id = $1 AND status = 'booked'", [slot!.id])).toBe(1);
  });
});
