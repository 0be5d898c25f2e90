/** The payment (billing) address: kept with the card, shown and changed in settings, apart from the home address. */
import { startTestApp, type TestApp } from '@tests/support/app';
import { bookSlot, consentGiven, makeSlots, selfPatientOf } from '@tests/support/booking';
import { callerFor, type TestCaller } from '@tests/support/sessions';

let t: TestApp;
let jordan: TestCaller;
let avery: TestCaller;
const home = { line1: '12 High St', city: 'Columbus', state: 'OH', zipcode: '43215', country: 'US' };
const billingUrl = (userId: string) => `/api/users/billing?userId=${userId}`;
const homeOf = async (userId: string) => (await t.app.database.query<{ address: unknown }>('SELECT address FROM users WHERE id = $1', [userId]))[0]!.address;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  avery = await callerFor(t.app, 'avery.johnson@example.com');
  await t.app.database.query('UPDATE users SET address = $2, billing = NULL WHERE id = $1', [jordan.id, JSON.stringify(home)]);
}, 120_000);
afterAll(async () => t?.close());

it('starts from the name and home address, then keeps a billing address set in settings without touching the home address', async () => {
  const before = await t.app.inject({ method: 'GET', url: billingUrl(jordan.id), headers: jordan.headers });
  expect(before.json()).toMatchObject({ firstName: 'Jordan', lastName: 'Rivera', address: home });

  const billing = {
    firstName: 'Casey',
    lastName: 'Rivera',
    address: { line1: '400 Elm Ave', line2: 'Apt 2', city: 'Dayton', state: 'OH', zipcode: '45402', country: 'US' },
  };
  const saved = await t.app.inject({ method: 'PUT', url: billingUrl(jordan.id), headers: jordan.headers, payload: billing });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({ userId: jordan.id, ...billing });
  expect((await t.app.inject({ method: 'GET', url: billingUrl(jordan.id), headers: jordan.headers })).json()).toMatchObject(billing);
  expect(await homeOf(jordan.id)).toEqual(home);
});

it("refuses another account's billing address (404) and a billing address without its required parts", async () => {
  const billing = { firstName: 'Avery', lastName: 'Johnson', address: { line1: '1 Main St', city: 'Akron', state: 'OH', zipcode: '44308', country: 'US' } };
  expect((await t.app.inject({ method: 'PUT', url: billingUrl(jordan.id), headers: avery.headers, payload: billing })).statusCode).toBe(404);
  const incomplete = await t.app.inject({
    method: 'PUT',
    url: billingUrl(avery.id),
    headers: avery.headers,
    payload: { firstName: 'Avery', lastName: 'Johnson' },
  });
  expect(incomplete.statusCode).toBe(400);
  expect(incomplete.json().errorCode).toBe('VALIDATION_FAILED');
});

it('keeps the name and billing address typed with a new card once the booking it paid for is made', async () => {
  const [slot] = await makeSlots(t.app.database, 1);
  const self = await selfPatientOf(t.app.database, jordan.id);
  const card = (
    await t.app.inject({
      method: 'POST',
      url: '/api/patient-cards/tokenize',
      headers: jordan.headers,
      payload: { number: '4111111111111111', expiration: '12/39', cvv: '123' },
    })
  ).json();
  const billing = { firstName: 'Jordan', lastName: 'Rivera', address: { line1: '9 Card Rd', city: 'Toledo', state: 'OH', zipcode: '43604', country: 'US' } };
  const { booked } = await bookSlot(t.app, jordan, slot!, [{ id: self.id, consents: consentGiven() }], {
    selfPay: true,
    payment: { nonce: card.nonce, billing },
  });
  expect(booked?.statusCode).toBe(201);
  expect((await t.app.inject({ method: 'GET', url: billingUrl(jordan.id), headers: jordan.headers })).json()).toMatchObject(billing);
  expect(await homeOf(jordan.id)).toEqual(home);
});
