/** The server owns the rules: booking runs the eligibility check itself, and the price is the server's. */
import { bookingBody, consentGiven, makeSlots } from '@tests/support/booking';
import { errorCatalogue } from '@/generated/errors';
import { formatCents } from '@/domain/money';
import { qb } from '@/server/db/typed';
import {
  attempt,
  book,
  count,
  insuranceOf,
  jordan,
  mia,
  newAccount,
  nonce,
  nothingWritten,
  payRatesOf,
  providerAccepting,
  sam,
  self,
  startServerRulesApp,
  t,
} from './server-rules-world';

startServerRulesApp();

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
    const providerId = await providerAccepting('BCBS', { followUpCheaper: true });
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
    expect(await count(qb.selectFrom('appointments').where('id', '=', nextBooked.json().id).where('is_follow_up', '=', true))).toBe(1);

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
