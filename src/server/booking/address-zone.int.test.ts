/**
 * A booking's times are its reader's: with no zone on the account and none from the device (a support
 * booking: the agent's device is not the caller's), the zone the account's address lies in, not the provider's.
 */
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, mailTo, type TestCaller } from '@tests/support/sessions';
import { bookingBody, consentGiven, hold, makeSlots, selfPatientOf } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import { formatWhen } from '@/domain/date-format';

let t: TestApp;
let support: TestCaller;
let jordan: TestCaller;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  support = await callerFor(t.app, 'sam.okafor@example.com');
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
}, 180_000);
afterAll(async () => t?.close());

it('books a caller whose account has no zone in the zone of their El Paso address, and mails them in it', async () => {
  const elPaso = { line1: '1 Mesa St', city: 'El Paso', state: 'TX', zipcode: '79901' };
  await t.app.database.query('UPDATE users SET address = $2::jsonb, time_zone = NULL WHERE id = $1', [jordan.id, JSON.stringify(elPaso)]);
  await t.app.database.query('UPDATE patients SET time_zone = NULL WHERE user_id = $1', [jordan.id]);
  const [slot] = await makeSlots(t.app.database, 1);
  const [practice] = await t.app.database.query<{ time_zone: string }>('SELECT time_zone FROM practices WHERE id = $1', [slot!.practiceId]);
  // The provider reads another clock: the booking's zone can only be Mountain time from the address.
  expect(practice!.time_zone).not.toBe('America/Denver');

  const self = await selfPatientOf(t.app.database, jordan.id);
  const held = (await hold(t.app, support, slot!)).json();
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/support',
    headers: { ...support.headers, 'idempotency-key': randomUUID() },
    payload: {
      ...bookingBody(held.holdId, slot!, [{ id: self.id, consents: consentGiven('support_web') }], {
        insuranceId: await insurePatient(t.app.database, self.id),
      }),
      email: jordan.email,
    },
  });
  expect(booked.statusCode).toBe(201);
  expect(booked.json().timeZone).toBe('America/Denver');
  const confirmation = (await mailTo(t.app, jordan.email)).find((m) => m.text.includes(formatWhen(slot!.start, 'America/Denver')));
  expect(confirmation).toBeDefined();
});
