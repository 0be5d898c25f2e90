/** The server owns the rules: partner rules from the partner the server validated, and names as people write them. */
import { randomUUID } from 'node:crypto';
import { signUp } from '@tests/support/sign-up';
import { bookingBody, consentGiven, selfPatientOf } from '@tests/support/booking';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { attempt, avery, book, count, jordan, newAccount, nonce, nothingWritten, self, startServerRulesApp, t } from './server-rules-world';
import { qb } from '@/server/db/typed';

startServerRulesApp();

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
    expect(await count(qb.selectFrom('users').where('email', '=', email))).toBe(0);
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
