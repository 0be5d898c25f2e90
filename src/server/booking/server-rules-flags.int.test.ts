/** The server owns the rules: the bookings flag (maintenance) and skipping e-mail verification are the server's flags. */
import { randomUUID } from 'node:crypto';
import { bookingBody, consentGiven, hold, makeSlots } from '@tests/support/booking';
import { errorCatalogue } from '@/generated/errors';
import { attempt, book, count, jordan, nonce, nothingWritten, sam, self, startServerRulesApp, t } from './server-rules-world';
import { qb } from '@/server/db/typed';

startServerRulesApp();

describe('the bookings flag off (maintenance) makes the API refuse holds and bookings', () => {
  it('answers the maintenance entry of the catalogue and writes nothing; with the flag on the same requests work', async () => {
    const a = await attempt(jordan, jordan);
    t.app.flags.force({ bookings: 'off' });
    const [other] = await makeSlots(t.app.database, 1);
    const held = await hold(t.app, jordan, other!);
    expect(held.statusCode).toBe(503);
    expect(held.json().errorCode).toBe('BOOKINGS_PAUSED');
    expect(held.json().message).toBe(errorCatalogue.BOOKINGS_PAUSED.message.replace('{phone}', held.json().message.match(/call us at (.+)\.$/)[1]));
    expect(await count(qb.selectFrom('slot_reservations').where('slot_id', '=', other!.id))).toBe(0);
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
    expect(await count(qb.selectFrom('users').where('email', '=', email))).toBe(0);
  });

  it('creates and signs in the account while the flag says skip', async () => {
    t.app.flags.force({ skipEmailVerification: 'skip' });
    const email = `skip.${randomUUID().slice(0, 8)}@example.com`;
    const res = await t.app.inject({ method: 'POST', url: '/api/users/create-skip-email-verification', payload: body(email) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ tokenType: 'Bearer', user: { email } });
  });
});
