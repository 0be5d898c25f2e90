/**
 * The server owns the rules (issue 12, item 3): each test sends the request a tampered browser would
 * send and shows it refused with the catalogue's answer and nothing written, then the honest request
 * working. Eligibility, the follow-up price, the bookings (maintenance) and skip-email flags, partner
 * rules, and names as people write them (item 5).
 */
import { randomUUID } from 'node:crypto';
import { signUp } from '@tests/support/sign-up';
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { bookingBody, consentGiven, hold, makeSlots, selfPatientOf } from '@tests/support/booking';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { formatCents } from '@/domain/money';

let t: TestApp;
let jordan: TestCaller;
let avery: TestCaller;
let sam: TestCaller;
let self: { id: string };
let mia: { id: string };
let insuranceOf: Record<'BCBS' | 'OSCAR' | 'SUNSHINE', string>;

const approved = constants.testCardNumbers.approved[0]!.number;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  avery = await callerFor(t.app, 'avery.johnson@example.com');
  sam = await callerFor(t.app, 'sam.okafor@example.com');
  self = await selfPatientOf(t.app.database, jordan.id);
  [mia] = (await t.app.database.query<{ id: string }>("SELECT id FROM patients WHERE user_id = $1 AND relationship = 'Child'", [jordan.id])) as [
    { id: string },
  ];
  const insurances = await t.app.database.query<{ id: string; code: 'BCBS' | 'OSCAR' | 'SUNSHINE' }>(
    'SELECT i.id, c.code FROM patient_insurances i JOIN insurance_carriers c ON c.id = i.carrier_id JOIN patients p ON p.id = i.patient_id WHERE p.user_id = $1',
    [jordan.id],
  );
  insuranceOf = Object.fromEntries(insurances.map((i) => [i.code, i.id])) as typeof insuranceOf;
}, 180_000);
afterAll(async () => t?.close());
afterEach(() => t.app.flags.force({}));

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.app.database.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, params))[0]!.n);

const book = (caller: TestCaller, body: Record<string, unknown>, key = randomUUID(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/appointments', headers: { ...caller.headers, ...headers, 'idempotency-key': key }, payload: body });

async function nonce(caller: TestCaller): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patient-cards/tokenize',
    headers: caller.headers,
    payload: { number: approved, expiration: '12/39', cvv: '123' },
  });
  return res.json().nonce as string;
}

/** A slot held by the caller, and what the account has on record before the attempt. */
async function attempt(caller: TestCaller, account: { id: string }, slotOptions: Parameters<typeof makeSlots>[2] = {}) {
  const [slot] = await makeSlots(t.app.database, 1, slotOptions);
  const res = await hold(t.app, caller, slot!);
  expect(res.statusCode).toBe(201);
  return { slot: slot!, holdId: res.json().holdId as string, key: randomUUID(), before: await recordsOf(account.id) };
}

async function recordsOf(userId: string) {
  return {
    appointments: await count('appointments WHERE user_id = $1', [userId]),
    patients: await count('patients WHERE user_id = $1', [userId]),
    consents: await count('consents WHERE user_id = $1', [userId]),
    payments: await count('payments WHERE user_id = $1', [userId]),
  };
}

/** Nothing of the attempt was written: no appointment, the hold still a hold, no patient, consent or payment, the key unused. */
async function nothingWritten(a: Awaited<ReturnType<typeof attempt>>, account: { id: string }) {
  expect(await count('appointments WHERE slot_id = $1', [a.slot.id])).toBe(0);
  expect(await count("slot_reservations WHERE id = $1 AND kind = 'hold' AND appointment_id IS NULL", [a.holdId])).toBe(1);
  expect(await recordsOf(account.id)).toEqual(a.before);
  expect(await count('idempotency_keys WHERE key = $1', [a.key])).toBe(0);
}

async function providerAccepting(carrierCode: string, extra = 'true'): Promise<string> {
  const [row] = await t.app.database.query<{ id: string }>(
    `SELECT pr.id FROM providers pr WHERE pr.removed_at IS NULL AND NOT pr.offers_medication AND ${extra}
        AND pr.practice_id IN (SELECT a.practice_id FROM practice_accepted_carriers a JOIN insurance_carriers c ON c.id = a.carrier_id WHERE c.code = $1)
      ORDER BY pr.id DESC LIMIT 1`,
    [carrierCode],
  );
  return row!.id;
}

async function payRatesOf(providerId: string) {
  const [row] = await t.app.database.query<{ individual: number; follow_up: number | null }>(
    'SELECT (pay_individual * 100)::int AS individual, (pay_follow_up * 100)::int AS follow_up FROM providers WHERE id = $1',
    [providerId],
  );
  return row!;
}

/** A new patient account (its holder is its Self patient), signed in. */
async function newAccount(extra: Record<string, unknown> = {}) {
  const email = `rules.${randomUUID().slice(0, 8)}@example.com`;
  const created = await signUp(t.app, { email, firstName: 'Casey', lastName: 'Morgan', ...extra });
  expect(created.statusCode).toBe(200);
  const caller = await callerFor(t.app, email);
  return { caller, self: await selfPatientOf(t.app.database, caller.id) };
}

describe('booking runs the eligibility check itself', () => {
  it('refuses a carrier the practice does not accept, with the catalogue answer and the self-pay offer, and writes nothing', async () => {
    const providerId = await providerAccepting('BCBS');
    const a = await attempt(jordan, jordan, { providerId });
    const res = await book(jordan, bookingBody(a.holdId, a.slot, [{ id: self.id, consents: consentGiven() }], { insuranceId: insuranceOf.OSCAR }), a.key);
    expect(res.statusCode).toBe(errorCatalogue.INSURANCE_NOT_ACCEPTED.status);
    const rates = await payRatesOf(providerId);
    const price = formatCents(rates.individual);
    expect(res.json()).toMatchObject({
      errorCode: 'INSURANCE_NOT_ACCEPTED',
      message: errorCatalogue.INSURANCE_NOT_ACCEPTED.message.replace('{carrier}', 'Oscar Health').replace('{price}', price),
      internalOutcomeAssessment: 'CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED',
      insuranceId: insuranceOf.OSCAR,
      selfPayPrice: rates.individual / 100,
    });
    await nothingWritten(a, jordan);

    // The honest requests: the plan the practice accepts books; so does self-pay at the price offered.
    const insured = await book(jordan, bookingBody(a.holdId, a.slot, [{ id: self.id, consents: consentGiven() }], { insuranceId: insuranceOf.BCBS }), a.key);
    expect(insured.statusCode).toBe(201);
    expect(insured.json()).toMatchObject({ selfPay: false, insuranceId: insuranceOf.BCBS });
    const b = await attempt(jordan, jordan, { providerId });
    const selfPaid = await book(
      jordan,
      bookingBody(b.holdId, b.slot, [{ id: self.id, consents: consentGiven() }], {
        selfPay: true,
        selfPayConsentCategory: 'switchToSelfPay',
        payment: { nonce: await nonce(jordan) },
      }),
      b.key,
    );
    expect(selfPaid.statusCode).toBe(201);
    expect(selfPaid.json().payment).toMatchObject({ status: 'succeeded' });
  });

  it("refuses a Medicaid plan the provider does not take (Medicaid denial), in the audience's wording, and writes nothing", async () => {
    const a = await attempt(jordan, jordan);
    const patients = [
      { id: mia.id, consents: consentGiven() },
      { id: self.id, consents: consentGiven() },
    ];
    const res = await book(jordan, bookingBody(a.holdId, a.slot, patients, { insuranceId: insuranceOf.SUNSHINE, counselingType: 'Family Counseling' }), a.key, {
      'x-app-source': 'patient_web',
    });
    expect(res.statusCode).toBe(errorCatalogue.INSURANCE_MEDICAID_DENIED.status);
    expect(res.json()).toMatchObject({
      errorCode: 'INSURANCE_MEDICAID_DENIED',
      internalOutcomeAssessment: 'DENIED_DUE_TO_MEDICAID',
      selfPayPrice: expect.any(Number),
    });
    expect(res.json().message).toContain('Sunshine Health');
    expect(res.json().message).toContain(formatCents(Math.round(res.json().selfPayPrice * 100)));
    await nothingWritten(a, jordan);
    // Booking again on the same slot and key, self-pay, is the offer taken.
    const selfPaid = await book(
      jordan,
      bookingBody(a.holdId, a.slot, patients, { selfPay: true, counselingType: 'Family Counseling', payment: { nonce: await nonce(jordan) } }),
      a.key,
    );
    expect(selfPaid.statusCode).toBe(201);
  });

  it('checks an insurance on file for support bookings too', async () => {
    const a = await attempt(sam, jordan);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/support',
      headers: { ...sam.headers, 'x-app-source': 'support_web', 'idempotency-key': a.key },
      payload: {
        ...bookingBody(a.holdId, a.slot, [{ id: self.id, consents: consentGiven('support_web') }], { insuranceId: insuranceOf.OSCAR }),
        email: jordan.email,
      },
    });
    expect(res.json().errorCode).toBe('INSURANCE_NOT_ACCEPTED');
    await nothingWritten(a, jordan);
  });
});

describe("the price is the server's: individual, or follow-up from the patient's own history with the provider", () => {
  it('refuses isFollowUp or an amount in the body, and charges the first session the individual rate and the next the follow-up rate', async () => {
    const providerId = await providerAccepting('BCBS', 'pr.pay_follow_up IS NOT NULL AND pr.pay_follow_up < pr.pay_individual');
    const rates = await payRatesOf(providerId);
    const { caller, self: patient } = await newAccount();
    const account = { id: caller.id };
    const selfPay = async () => ({ selfPay: true, payment: { nonce: await nonce(caller) } });

    // A tampered browser claims a follow-up (the cheaper rate) on a first session, or names its own amount.
    for (const tampered of [{ isFollowUp: true }, { amount: 1 }, { priceCents: 100 }]) {
      const a = await attempt(caller, account, { providerId });
      const res = await book(caller, { ...bookingBody(a.holdId, a.slot, [{ id: patient.id, consents: consentGiven() }], await selfPay()), ...tampered }, a.key);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_FAILED');
      await nothingWritten(a, account);
    }

    const first = await attempt(caller, account, { providerId });
    const firstBooked = await book(caller, bookingBody(first.holdId, first.slot, [{ id: patient.id, consents: consentGiven() }], await selfPay()), first.key);
    expect(firstBooked.statusCode).toBe(201);
    expect(firstBooked.json()).toMatchObject({ priceCents: rates.individual, payment: { amountCents: rates.individual } });

    const next = await attempt(caller, account, { providerId });
    expect(Date.parse(next.slot.start)).toBeGreaterThan(Date.parse(first.slot.start));
    const nextBooked = await book(caller, bookingBody(next.holdId, next.slot, [{ id: patient.id, consents: consentGiven() }], await selfPay()), next.key);
    expect(nextBooked.statusCode).toBe(201);
    expect(nextBooked.json()).toMatchObject({ priceCents: rates.follow_up, payment: { amountCents: rates.follow_up } });
    expect(await count('appointments WHERE id = $1 AND is_follow_up', [nextBooked.json().id])).toBe(1);

    // The insurance check prices the same way: a follow-up after the first session, not before it.
    const insuranceId = (
      await t.app.inject({
        method: 'POST',
        url: `/api/patients/${patient.id}/insurances`,
        headers: caller.headers,
        payload: {
          carrierCode: 'OSCAR',
          planId: (
            await t.app.database.query<{ id: number }>(
              "SELECT pl.id FROM insurance_plans pl JOIN insurance_carriers c ON c.id = pl.carrier_id WHERE c.code = 'OSCAR' LIMIT 1",
            )
          )[0]!.id,
          memberId: 'OSC123',
        },
      })
    ).json().id;
    const [practice] = await t.app.database.query<{ practice_id: string }>('SELECT practice_id FROM providers WHERE id = $1', [providerId]);
    const inquiry = (slotId?: string) =>
      t.app.inject({
        method: 'GET',
        headers: caller.headers,
        url: `/api/insurance-inquiry/validate/patient/${patient.id}/insurance/${insuranceId}/provider/${providerId}/practice/${practice!.practice_id}${slotId ? `?slotId=${slotId}` : ''}`,
      });
    expect((await inquiry()).json()).toMatchObject({ isFollowUp: true, selfPayPrice: rates.follow_up! / 100 });
    const [earlier] = await makeSlots(t.app.database, 1, { providerId, startAt: new Date(Date.parse(first.slot.start) - 2 * 3_600_000) });
    expect((await inquiry(earlier!.id)).json()).toMatchObject({ isFollowUp: false, selfPayPrice: rates.individual / 100 });

    // A cancelled session never happened: a booking after only cancelled ones is a first session again.
    for (const id of [firstBooked.json().id, nextBooked.json().id]) {
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, headers: caller.headers, payload: { reasonId: 'other' } })).statusCode,
      ).toBe(200);
    }
    const again = await attempt(caller, account, { providerId });
    const againBooked = await book(caller, bookingBody(again.holdId, again.slot, [{ id: patient.id, consents: consentGiven() }], await selfPay()), again.key);
    expect(againBooked.json()).toMatchObject({ priceCents: rates.individual });
  });
});

describe('the bookings flag off (maintenance) makes the API refuse holds and bookings', () => {
  it('answers the maintenance entry of the catalogue and writes nothing; with the flag on the same requests work', async () => {
    const a = await attempt(jordan, jordan);
    t.app.flags.force({ bookings: 'off' });
    const [other] = await makeSlots(t.app.database, 1);
    const held = await hold(t.app, jordan, other!);
    expect(held.statusCode).toBe(503);
    expect(held.json().errorCode).toBe('BOOKINGS_PAUSED');
    expect(held.json().message).toBe(errorCatalogue.BOOKINGS_PAUSED.message.replace('{phone}', held.json().message.match(/call us at (.+)\.$/)[1]));
    expect(await count('slot_reservations WHERE slot_id = $1', [other!.id])).toBe(0);
    const body = bookingBody(a.holdId, a.slot, [{ id: self.id, consents: consentGiven() }], { selfPay: true, payment: { nonce: await nonce(jordan) } });
    const refused = await book(jordan, body, a.key);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().errorCode).toBe('BOOKINGS_PAUSED');
    const bySupport = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/holds',
      headers: { ...sam.headers, 'x-app-source': 'support_web' },
      payload: { slotId: other!.id, providerId: other!.providerId },
    });
    expect(bySupport.json()).toMatchObject({ errorCode: 'BOOKINGS_PAUSED', message: errorCatalogue.BOOKINGS_PAUSED.audiences.support_web });
    await nothingWritten(a, jordan);

    t.app.flags.force({ bookings: 'on' });
    expect((await hold(t.app, jordan, other!)).statusCode).toBe(201);
    expect((await book(jordan, body, a.key)).statusCode).toBe(201);
  });

  it('evaluates the flag from specs/flags.yaml as the flag endpoint serves it (on by default)', async () => {
    const flags = (await t.app.inject({ method: 'GET', url: '/api/flags/frontend?userId=visitor-1' })).json();
    expect(flags.toggles.find((f: { name: string }) => f.name === 'bookings').variant.name).toBe('on');
    const [slot] = await makeSlots(t.app.database, 1);
    expect((await hold(t.app, jordan, slot!, { cookie: 'anonId=visitor-1' })).statusCode).toBe(201);
  });
});

describe("skipping e-mail verification is the server's flag", () => {
  const body = (email: string) => ({ email, firstName: 'Skip', lastName: 'Check' });

  it('refuses to create an account without verification while the flag says check, and creates nothing', async () => {
    const email = `skip.${randomUUID().slice(0, 8)}@example.com`;
    const res = await t.app.inject({ method: 'POST', url: '/api/users/create-skip-email-verification', payload: body(email) });
    expect(res.statusCode).toBe(errorCatalogue.EMAIL_VERIFICATION_REQUIRED.status);
    expect(res.json()).toMatchObject({ errorCode: 'EMAIL_VERIFICATION_REQUIRED', message: errorCatalogue.EMAIL_VERIFICATION_REQUIRED.message });
    expect(res.json().accessToken).toBeUndefined();
    expect(await count('users WHERE email = $1', [email])).toBe(0);
  });

  it('creates and signs in the account while the flag says skip', async () => {
    t.app.flags.force({ skipEmailVerification: 'skip' });
    const email = `skip.${randomUUID().slice(0, 8)}@example.com`;
    const res = await t.app.inject({ method: 'POST', url: '/api/users/create-skip-email-verification', payload: body(email) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ tokenType: 'Bearer', user: { email } });
  });
});

describe('partner rules come from the partner the server validated', () => {
  it("refuses a partnership code that is no partner's, and writes nothing", async () => {
    const a = await attempt(jordan, jordan);
    const res = await book(
      jordan,
      bookingBody(a.holdId, a.slot, [{ id: self.id, consents: consentGiven() }], { selfPay: true, partnershipCode: 'FREE-SESSIONS' }),
      a.key,
    );
    expect(res.statusCode).toBe(errorCatalogue.PARTNERSHIP_CODE_INVALID.status);
    expect(res.json().errorCode).toBe('PARTNERSHIP_CODE_INVALID');
    await nothingWritten(a, jordan);
  });

  it('refuses a non-member booking without a card on a public code whose partner makes the card optional for members only', async () => {
    const a = await attempt(jordan, jordan);
    const body = bookingBody(a.holdId, a.slot, [{ id: self.id, consents: consentGiven() }], { selfPay: true, partnershipCode: 'SUMMIT-WORKS' });
    const res = await book(jordan, body, a.key);
    expect(res.statusCode).toBe(errorCatalogue.CARD_REQUIRED.status);
    expect(res.json()).toMatchObject({ errorCode: 'CARD_REQUIRED', message: errorCatalogue.CARD_REQUIRED.message });
    await nothingWritten(a, jordan);
    // With a card, the same booking is theirs to make.
    const paid = await book(jordan, { ...body, payment: { nonce: await nonce(jordan) } }, a.key);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ partnershipCode: 'SUMMIT-WORKS', amountDueCents: 0, payment: { status: 'succeeded' } });
  });

  it("refuses a non-member patient on a partner's code while partner self-booking (b2bSelfBooking) is off; members still book", async () => {
    t.app.flags.force({ b2bSelfBooking: 'off' });
    const a = await attempt(jordan, jordan);
    const res = await book(
      jordan,
      bookingBody(a.holdId, a.slot, [{ id: self.id, consents: consentGiven() }], { selfPay: true, partnershipCode: 'ACME-EAP' }),
      a.key,
    );
    expect(res.statusCode).toBe(errorCatalogue.PARTNER_SELF_BOOKING_UNAVAILABLE.status);
    expect(res.json().errorCode).toBe('PARTNER_SELF_BOOKING_UNAVAILABLE');
    await nothingWritten(a, jordan);
    const averySelf = await selfPatientOf(t.app.database, avery.id);
    const b = await attempt(avery, { id: avery.id });
    expect(
      (
        await book(
          avery,
          bookingBody(b.holdId, b.slot, [{ id: averySelf.id, consents: consentGiven() }], { selfPay: true, partnershipCode: 'ACME-EAP' }),
          b.key,
        )
      ).statusCode,
    ).toBe(201);
  });

  it("lets the partner's own member book without a card, and anyone on a partner that covers the session (hidden payment)", async () => {
    const { caller: member, self: memberSelf } = await newAccount({ partnershipCode: 'SUMMIT-WORKS' });
    const a = await attempt(member, { id: member.id });
    const res = await book(
      member,
      bookingBody(a.holdId, a.slot, [{ id: memberSelf.id, consents: consentGiven() }], { selfPay: true, partnershipCode: 'SUMMIT-WORKS' }),
      a.key,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ payment: null, partnershipCode: 'SUMMIT-WORKS' });
    // Avery is a member of ACME-EAP, which hides payment; the account's own partner applies without a code too.
    const averySelf = await selfPatientOf(t.app.database, avery.id);
    const b = await attempt(avery, { id: avery.id });
    expect((await book(avery, bookingBody(b.holdId, b.slot, [{ id: averySelf.id, consents: consentGiven() }], { selfPay: true }), b.key)).statusCode).toBe(201);
    const c = await attempt(jordan, jordan);
    expect(
      (await book(jordan, bookingBody(c.holdId, c.slot, [{ id: self.id, consents: consentGiven() }], { selfPay: true, partnershipCode: 'ACME-EAP' }), c.key))
        .statusCode,
    ).toBe(201);
  });
});

describe('names as people write them (one rule: constants.namePattern)', () => {
  it('creates an account and books a new patient named with accents, hyphen and apostrophe', async () => {
    const { caller, self: patient } = await newAccount({ firstName: 'José', lastName: 'Muñoz-O’Brien' });
    const details = await t.app.inject({ method: 'GET', url: `/api/users/${caller.id}/details`, headers: caller.headers });
    expect(details.json()).toMatchObject({ firstName: 'José', lastName: 'Muñoz-O’Brien' });
    const a = await attempt(caller, { id: caller.id });
    const zoe = { firstName: 'Zoë', lastName: "Muñoz-O'Brien", relationship: 'Spouse', dateOfBirth: '1991-02-03', gender: 'Female' };
    const res = await book(
      caller,
      bookingBody(a.holdId, a.slot, [{ id: patient.id, consents: consentGiven() }, zoe], {
        counselingType: 'Couples/Marriage Counseling',
        selfPay: true,
        payment: { nonce: await nonce(caller) },
      }),
      a.key,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().patients).toEqual([
      expect.objectContaining({ firstName: 'José', lastName: 'Muñoz-O’Brien', relationship: 'Self' }),
      expect.objectContaining({ firstName: 'Zoë', lastName: "Muñoz-O'Brien", relationship: 'Spouse', isNew: true }),
    ]);
  });

  it("refuses digits and other signs in a name with the field's message, and creates nothing", async () => {
    const email = `names.${randomUUID().slice(0, 8)}@example.com`;
    const res = await signUp(t.app, { email, firstName: 'José2', lastName: 'St. John' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'newAccount.firstName', keyword: 'pattern' }),
        expect.objectContaining({ field: 'newAccount.lastName', keyword: 'pattern' }),
      ]),
    );
    expect(await count('users WHERE email = $1', [email])).toBe(0);
    const a = await attempt(jordan, jordan);
    const bad = await book(
      jordan,
      bookingBody(
        a.holdId,
        a.slot,
        [
          { id: self.id, consents: consentGiven() },
          { firstName: 'Zoë😀', lastName: 'Rivera', relationship: 'Spouse', dateOfBirth: '1990-01-01' },
        ],
        {
          counselingType: 'Couples/Marriage Counseling',
          selfPay: true,
          payment: { nonce: await nonce(jordan) },
        },
      ),
      a.key,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'patients.1.firstName', reason: messages['validation.firstName.invalid'] });
    await nothingWritten(a, jordan);
  });
});
