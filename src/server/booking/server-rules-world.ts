/**
 * The server owns the rules: each test sends the request a tampered browser would send and shows it refused with the
 * catalogue's answer and nothing written, then the honest request working. What those test files share: one seeded app
 * per file, Jordan's account (Self, child Mia, insurances by carrier), Avery and Sam, and the helpers that attempt a
 * booking and show nothing was written.
 */
import { randomUUID } from 'node:crypto';
import { signUp } from '@tests/support/sign-up';
import { startTestApp, type TestApp } from '@tests/support/app';
import { callerFor, type TestCaller } from '@tests/support/sessions';
import { hold, makeSlots, selfPatientOf } from '@tests/support/booking';
import { constants } from '@/generated/constants';

export let t: TestApp;
export let jordan: TestCaller;
export let avery: TestCaller;
export let sam: TestCaller;
export let self: { id: string };
export let mia: { id: string };
export let insuranceOf: Record<'BCBS' | 'OSCAR' | 'SUNSHINE', string>;

export const approved = constants.testCardNumbers.approved[0]!.number;

export const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.app.database.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, params))[0]!.n);

export const book = (caller: TestCaller, body: Record<string, unknown>, key = randomUUID(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/appointments', headers: { ...caller.headers, ...headers, 'idempotency-key': key }, payload: body });

export async function nonce(caller: TestCaller): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/patient-cards/tokenize',
    headers: caller.headers,
    payload: { number: approved, expiration: '12/39', cvv: '123' },
  });
  return res.json().nonce as string;
}

/** A slot held by the caller, and what the account has on record before the attempt. */
export async function attempt(caller: TestCaller, account: { id: string }, slotOptions: Parameters<typeof makeSlots>[2] = {}) {
  const [slot] = await makeSlots(t.app.database, 1, slotOptions);
  const res = await hold(t.app, caller, slot!);
  expect(res.statusCode).toBe(201);
  return { slot: slot!, holdId: res.json().holdId as string, key: randomUUID(), before: await recordsOf(account.id) };
}

export async function recordsOf(userId: string) {
  return {
    appointments: await count('appointments WHERE user_id = $1', [userId]),
    patients: await count('patients WHERE user_id = $1', [userId]),
    consents: await count('consents WHERE user_id = $1', [userId]),
    payments: await count('payments WHERE user_id = $1', [userId]),
  };
}

/** Nothing of the attempt was written: no appointment, the hold still a hold, no patient, consent or payment, the key unused. */
export async function nothingWritten(a: Awaited<ReturnType<typeof attempt>>, account: { id: string }) {
  expect(await count('appointments WHERE slot_id = $1', [a.slot.id])).toBe(0);
  expect(await count("slot_reservations WHERE id = $1 AND kind = 'hold' AND appointment_id IS NULL", [a.holdId])).toBe(1);
  expect(await recordsOf(account.id)).toEqual(a.before);
  expect(await count('idempotency_keys WHERE key = $1', [a.key])).toBe(0);
}

export async function providerAccepting(carrierCode: string, extra = 'true'): Promise<string> {
  const [row] = await t.app.database.query<{ id: string }>(
    `SELECT pr.id FROM providers pr WHERE pr.removed_at IS NULL AND NOT pr.offers_medication AND ${extra}
        AND pr.practice_id IN (SELECT a.practice_id FROM practice_accepted_carriers a JOIN insurance_carriers c ON c.id = a.carrier_id WHERE c.code = $1)
      ORDER BY pr.id DESC LIMIT 1`,
    [carrierCode],
  );
  return row!.id;
}

export async function payRatesOf(providerId: string) {
  const [row] = await t.app.database.query<{ individual: number; follow_up: number | null }>(
    'SELECT (pay_individual * 100)::int AS individual, (pay_follow_up * 100)::int AS follow_up FROM providers WHERE id = $1',
    [providerId],
  );
  return row!;
}

/** A new patient account (its holder is its Self patient), signed in. */
export async function newAccount(extra: Record<string, unknown> = {}) {
  const email = `rules.${randomUUID().slice(0, 8)}@example.com`;
  const created = await signUp(t.app, { email, firstName: 'Casey', lastName: 'Morgan', ...extra });
  expect(created.statusCode).toBe(200);
  const caller = await callerFor(t.app, email);
  return { caller, self: await selfPatientOf(t.app.database, caller.id) };
}

/** Starts what these test files share, once per test file. */
export function startServerRulesApp(): void {
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
}
