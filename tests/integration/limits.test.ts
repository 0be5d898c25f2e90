/**
 * Limits that hold everywhere: attempt and rate limits are counted atomically in
 * the shared database, so TWO API processes on one database enforce exactly the numbers of one.
 * The two processes here are two apps built on the same database (on PostgreSQL: two connection pools).
 */
import type { FastifyInstance } from 'fastify';
import { constants } from '@/generated/constants';
import { buildApp } from '@/server/app';
import { openDatabase, type Database } from '@/server/db/connection';
import { testConfig } from '../support/app';
import { TestClock } from '../support/clock';
import { signUp } from '../support/sign-up';
import { openTestDatabase, type TestDatabase } from '../support/database';
import { makeSlots, type TestSlot } from '../support/booking';
import { auditRows, callerFor, mailTo, shareMailboxes, type TestCaller } from '../support/sessions';

let db: TestDatabase;
let one: FastifyInstance;
let two: FastifyInstance;
let secondPool: Database | undefined;
// The test slots are days ahead of the real now (tests/support/booking.ts), so the app's clock is near it too;
// a minute into an hour, so no counting window ends during the file whatever the time of day.
const clock = new TestClock(new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000));

beforeAll(async () => {
  db = await openTestDatabase({ state: 'seeded' });
  const config = testConfig({ TEST_RATE_LIMIT_FACTOR: '1' });
  one = await buildApp({ config, database: db.database, serveClient: false, seed: false, logger: false, clock });
  // On PostgreSQL the second process has its own connection pool, as a second API process would.
  secondPool = db.url ? await openDatabase({ databaseUrl: db.url, dataDir: 'memory://' }) : undefined;
  two = await buildApp({ config, database: secondPool ?? db.database, serveClient: false, seed: false, logger: false, clock });
  shareMailboxes(one, two);
  await one.ready();
  await two.ready();
}, 90_000);

afterAll(async () => {
  await one.close();
  await two.close();
  await secondPool?.close();
  await db.close();
});

let ipCounter = 0;
/** Each request of a burst comes from its own address, so only the limit under test can refuse it. */
const freshIp = () => `10.9.${Math.floor((ipCounter += 1) / 250)}.${(ipCounter % 250) + 1}`;
const either = (i: number) => (i % 2 === 0 ? one : two);

const sendOtp = (app: FastifyInstance, email: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/send-email-otp', remoteAddress: ip, payload: { email } });
const verifyOtp = (app: FastifyInstance, email: string, otp: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', remoteAddress: ip, payload: { email, otp } });

/** The newest code `app` mailed to `email` (each app has its own dev mailbox, newest first). */
async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  const mail = (await mailTo(app, email)).find((m) => m.template === 'sign-in-code');
  if (!mail) throw new Error(`no code for ${email}`);
  return /\b(\d{6})\b/.exec(mail.text)![1]!;
}

/** Holds a slot from a fresh address, so only the per-account limits can refuse it. */
const hold = (app: FastifyInstance, caller: TestCaller, slot: TestSlot) =>
  app.inject({
    method: 'POST',
    url: '/api/appointments/holds',
    remoteAddress: freshIp(),
    headers: caller.headers,
    payload: { slotId: slot.id, providerId: slot.providerId },
  });

async function newPatient(email: string): Promise<void> {
  const res = await signUp(one, { email, firstName: 'Limit', lastName: 'Tester' }, freshIp());
  expect(res.statusCode).toBe(200);
}

describe('sign-in limits across two API processes', () => {
  it('mails exactly signInSendsPerAccountPerHour codes when 30 requests for one address arrive at once on two processes', async () => {
    const email = 'burst.sends@example.com';
    await newPatient(email);
    // Signing up took one code of the hour.
    const left = constants.signInSendsPerAccountPerHour - 1;
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => sendOtp(either(i), email, freshIp())));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(left);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - left);
    expect(answers.find((a) => a.statusCode === 429)!.json().errorCode).toBe('SIGN_IN_RATE_LIMITED');
    // mailTo reads both processes' mailboxes (shareMailboxes).
    const mailed = (await mailTo(one, email)).filter((m) => m.template === 'sign-in-code');
    expect(mailed).toHaveLength(constants.signInSendsPerAccountPerHour);
  });

  it('compares exactly otpMaxWrongTries guesses of 60 simultaneous wrong codes on two processes; the right code as guess 61 fails', async () => {
    const email = 'burst.guesses@example.com';
    await newPatient(email);
    expect((await sendOtp(one, email, freshIp())).statusCode).toBe(200);
    const code = await latestCode(one, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => verifyOtp(either(i), email, wrong, freshIp())));
    // Every guess is refused; at most the account's hourly budget was counted, and the code took exactly its tries.
    expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(60 - constants.signInFailuresPerAccountPerHour);
    const [stored] = await db.database.query<{ wrong_tries: number }>(
      'SELECT wrong_tries FROM sign_in_codes WHERE email = $1 ORDER BY created_at DESC, (used_at IS NULL) DESC LIMIT 1',
      [email],
    );
    expect(stored!.wrong_tries).toBe(constants.otpMaxWrongTries);
    const compared = await auditRows(one, "action = 'signIn' AND details->>'reason' = 'wrong code' AND actor_id = (SELECT id FROM users WHERE email = $1)", [
      email,
    ]);
    expect(compared).toHaveLength(constants.otpMaxWrongTries);
    const late = await verifyOtp(two, email, code, freshIp());
    expect([401, 429]).toContain(late.statusCode);
    expect(late.json()).not.toHaveProperty('accessToken');
  });

  it('refuses guesses on one address from all sources together past signInFailuresPerAccountPerHour, counted exactly on two processes', async () => {
    const email = 'burst.nocode@example.com';
    const answers = await Promise.all(Array.from({ length: 45 }, (_, i) => verifyOtp(either(i), email, '123456', freshIp())));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(constants.signInFailuresPerAccountPerHour);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(45 - constants.signInFailuresPerAccountPerHour);
  });

  it('locks out the attacker’s address, not the owner: ten wrong codes from one IP, then the owner signs in from elsewhere', async () => {
    const email = 'owner.elsewhere@example.com';
    await newPatient(email);
    const attacker = freshIp();
    const refused: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      // A fresh code each time, so the per-code limit is not what stops the attacker.
      if (i % constants.otpMaxWrongTries === 0) await sendOtp(one, email, freshIp());
      refused.push((await verifyOtp(either(i), email, '999999', attacker)).statusCode);
      clock.advance(1_000);
    }
    // The free failures are compared; then the back-off refuses the attacker's quick retries.
    expect(refused.slice(0, constants.signInBackoffFreeFailures).every((s) => s === 401)).toBe(true);
    expect(refused.slice(constants.signInBackoffFreeFailures)).toContain(429);
    const owner = freshIp();
    expect((await sendOtp(two, email, owner)).statusCode).toBe(200);
    const code = await latestCode(two, email);
    const signedIn = await verifyOtp(one, email, code, owner);
    expect(signedIn.statusCode).toBe(200);
    // The attacker is still waiting.
    expect((await verifyOtp(two, email, '999999', attacker)).statusCode).toBe(429);
  });

  it('backs off: past the free failures from one source, the next guess waits signInBackoffBaseSeconds, then twice that', async () => {
    const email = 'backoff@example.com';
    const ip = freshIp();
    for (let i = 0; i < constants.signInBackoffFreeFailures; i += 1) expect((await verifyOtp(one, email, '123456', ip)).statusCode).toBe(401);
    expect((await verifyOtp(two, email, '123456', ip)).statusCode).toBe(401); // failure free+1: the back-off starts after it
    expect((await verifyOtp(one, email, '123456', ip)).statusCode).toBe(429);
    clock.advance(constants.signInBackoffBaseSeconds * 1000);
    expect((await verifyOtp(two, email, '123456', ip)).statusCode).toBe(401);
    clock.advance(constants.signInBackoffBaseSeconds * 1000);
    expect((await verifyOtp(one, email, '123456', ip)).statusCode).toBe(429);
    clock.advance(constants.signInBackoffBaseSeconds * 1000);
    expect((await verifyOtp(one, email, '123456', ip)).statusCode).toBe(401);
  });
});

describe('account creation, holds and bookings', () => {
  it('lets one IP create accountCreationsPerIpPerHour accounts at once on two processes, and no more', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: constants.accountCreationsPerIpPerHour + 5 }, (_, i) =>
        signUp(either(i), { email: `signup${i}@example.com`, firstName: 'Sign', lastName: 'Up' }, ip),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(constants.accountCreationsPerIpPerHour);
    expect(answers.filter((a) => a.statusCode === 429).map((a) => a.json().errorCode)).toEqual(Array(5).fill('RATE_LIMITED'));
  });

  it('keeps a fresh account from hiding a provider’s calendar: 40 simultaneous holds on two processes leave maxLiveHoldsPerAccount live', async () => {
    const email = 'hoarder@example.com';
    await newPatient(email);
    const hoarder = await callerFor(one, email);
    const slots = await makeSlots(db.database, 40);
    const answers = await Promise.all(slots.map((slot, i) => hold(either(i), hoarder, slot)));
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 429)).toBe(true);
    const [live] = await db.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM slot_reservations WHERE kind = 'hold' AND held_by = $1 AND expires_at > $2::timestamptz",
      [hoarder.id, clock.now().toISOString()],
    );
    expect(live!.n).toBe(constants.maxLiveHoldsPerAccount);
    // Everyone else can still hold the rest.
    const other = await callerFor(one, 'jordan.rivera@example.com');
    const free = await db.database.query<{ id: string }>(
      "SELECT id FROM slots WHERE id = ANY($1::uuid[]) AND id NOT IN (SELECT slot_id FROM slot_reservations WHERE kind = 'booking' OR expires_at > $2::timestamptz)",
      [slots.map((s) => s.id), clock.now().toISOString()],
    );
    expect(free).toHaveLength(40 - constants.maxLiveHoldsPerAccount);
    expect(
      (
        await hold(
          two,
          other,
          slots.find((s) => s.id === free[0]!.id)!,
        )
      ).statusCode,
    ).toBe(201);
    // A hold that a newer one ended is released already for its holder (the page that held it may let go later); nobody else reaches it.
    const ended = answers.find((a) => a.statusCode === 201 && free.some((f) => f.id === a.json().slotId))!.json().holdId as string;
    expect((await one.inject({ method: 'DELETE', url: `/api/appointments/holds/${ended}`, headers: hoarder.headers })).statusCode).toBe(204);
  });

  it('counts holds per account per hour exactly across two processes', async () => {
    const email = 'many.holds@example.com';
    await newPatient(email);
    const caller = await callerFor(one, email);
    const slots = await makeSlots(db.database, constants.holdsPerAccountPerHour + 6, { providerOffset: 1 });
    const answers = await Promise.all(slots.map((slot, i) => hold(either(i), caller, slot)));
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(6);
    expect(answers.find((a) => a.statusCode === 429)!.json().errorCode).toBe('RATE_LIMITED');
  });
});
