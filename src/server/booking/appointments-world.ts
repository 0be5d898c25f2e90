/**
 * What the appointments integration tests share: one seeded app per test file, the accounts they act as
 * (Jordan with a Self patient, a child Mia and an insurance on file; Avery, Sam, Taylor), and the helpers
 * that book and count rows. Call startAppointmentsApp() at the top of a test file.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, selfPatientOf, type TestSlot } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import type { SelectQueryBuilder } from 'kysely';
import { countRows } from '@tests/support/database';
import { constants } from '@/generated/constants';
import { first, qb, type DB } from '@/server/db/typed';

export let t: TestApp;
export let jordan: TestCaller;
export let avery: TestCaller;
export let sam: TestCaller;
export let taylor: TestCaller;
export let self: { id: string; firstName: string; lastName: string };
export let mia: { id: string } | undefined;
/** Jordan's own insurance on file: Jordan's insured bookings use it. */
export let insured: { insuranceId: string };

export const approved = constants.testCardNumbers.approved[0]!.number;
export const declined = constants.testCardNumbers.declined[0]!.number;

/** Starts the seeded app and signs in the accounts these files book with, once per test file. */
export function startAppointmentsApp(): void {
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    jordan = await callerFor(t.app, 'jordan.rivera@example.com');
    avery = await callerFor(t.app, 'avery.johnson@example.com');
    sam = await callerFor(t.app, 'sam.okafor@example.com');
    taylor = await callerFor(t.app, 'taylor.brooks@example.com');
    self = await selfPatientOf(t.app.database, jordan.id);
    mia = await first(t.app.database, qb.selectFrom('patients').select('id').where('user_id', '=', jordan.id).where('relationship', '=', 'Child'));
    insured = { insuranceId: await insurePatient(t.app.database, self.id) };
  }, 180_000);
  afterAll(async () => t?.close());
}

/** How many rows the select finds (countRows on this file's app). */
export const count = <TB extends keyof DB>(rows: SelectQueryBuilder<DB, TB, object>) => countRows(t.app.database, rows);

export async function tokenize(caller: TestCaller, number: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patient-cards/tokenize',
    headers: caller.headers,
    payload: { number, expiration: '12/39', cvv: number.length === 15 ? '1234' : '123' },
  });
  return res;
}

export async function bookJordan(slot: TestSlot, extra: Record<string, unknown> = {}) {
  const result = await bookSlot(t.app, jordan, slot, [{ id: self.id, consents: consentGiven() }], { ...insured, ...extra });
  expect(result.booked?.statusCode).toBe(201);
  return result.booked!.json();
}
