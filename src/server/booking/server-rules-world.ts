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
import type { SelectQueryBuilder } from 'kysely';
import { countRows } from '@tests/support/database';
import { constants } from '@/generated/constants';
import { all, first, qb, sql, type DB } from '@/server/db/typed';

export let t: TestApp;
export let jordan: TestCaller;
export let avery: TestCaller;
export let sam: TestCaller;
export let self: { id: string };
export let mia: { id: string };
export let insuranceOf: Record<'BCBS' | 'OSCAR' | 'SUNSHINE', string>;

export const approved = constants.testCardNumbers.approved[0]!.number;

/** How many rows the select finds (countRows on this file's app). */
export const count = <TB extends keyof DB>(rows: SelectQueryBuilder<DB, TB, object>) => countRows(t.app.database, rows);

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
    appointments: await count(qb.selectFrom('appointments').where('user_id', '=', userId)),
    patients: await count(qb.selectFrom('patients').where('user_id', '=', userId)),
    consents: await count(qb.selectFrom('consents').where('user_id', '=', userId)),
    payments: await count(qb.selectFrom('payments').where('user_id', '=', userId)),
  };
}

/** Nothing of the attempt was written: no appointment, the hold still a hold, no patient, consent or payment, the key unused. */
export async function nothingWritten(a: Awaited<ReturnType<typeof attempt>>, account: { id: string }) {
  expect(await count(qb.selectFrom('appointments').where('slot_id', '=', a.slot.id))).toBe(0);
  expect(await count(qb.selectFrom('slot_reservations').where('id', '=', a.holdId).where('kind', '=', 'hold').where('appointment_id', 'is', null))).toBe(1);
  expect(await recordsOf(account.id)).toEqual(a.before);
  expect(await count(qb.selectFrom('idempotency_keys').where('key', '=', a.key))).toBe(0);
}

/** A provider (not removed, no medication) whose practice accepts the carrier; `followUpCheaper`: one whose follow-up rate is below its first-session rate. */
export async function providerAccepting(carrierCode: string, { followUpCheaper = false } = {}): Promise<string> {
  const accepting = qb
    .selectFrom('providers as pr')
    .select('pr.id')
    .where('pr.removed_at', 'is', null)
    .where('pr.offers_medication', '=', false)
    .where('pr.practice_id', 'in', (eb) =>
      eb
        .selectFrom('practice_accepted_carriers as a')
        .innerJoin('insurance_carriers as c', 'c.id', 'a.carrier_id')
        .select('a.practice_id')
        .where('c.code', '=', carrierCode),
    )
    .orderBy('pr.id', 'desc')
    .limit(1);
  const row = await first(
    t.app.database,
    followUpCheaper ? accepting.where('pr.pay_follow_up', 'is not', null).where(sql<boolean>`pr.pay_follow_up < pr.pay_individual`) : accepting,
  );
  return row!.id;
}

export async function payRatesOf(providerId: string) {
  const row = await first(
    t.app.database,
    qb
      .selectFrom('providers')
      .select([sql<number>`(pay_individual * 100)::int`.as('individual'), sql<number | null>`(pay_follow_up * 100)::int`.as('follow_up')])
      .where('id', '=', providerId),
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
    mia = (await first(t.app.database, qb.selectFrom('patients').select('id').where('user_id', '=', jordan.id).where('relationship', '=', 'Child')))!;
    const insurances = await all(
      t.app.database,
      qb
        .selectFrom('patient_insurances as i')
        .innerJoin('insurance_carriers as c', 'c.id', 'i.carrier_id')
        .innerJoin('patients as p', 'p.id', 'i.patient_id')
        .select(['i.id', 'c.code'])
        .where('p.user_id', '=', jordan.id),
    );
    insuranceOf = Object.fromEntries(insurances.map((i) => [i.code, i.id])) as typeof insuranceOf;
  }, 180_000);
  afterAll(async () => t?.close());
  afterEach(() => t.app.flags.force({}));
}
