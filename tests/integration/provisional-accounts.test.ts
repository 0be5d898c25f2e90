/**
 * The skip-e-mail path never claims an address ("verify first, create after"): for any
 * address it makes a provisional account holding the address only as unconfirmed pending_email, with
 * a booking-only session, and answers alike whether the address has an account or not. The owner's
 * account is untouched until a sign-in code to the address confirms it; then the booking made in the
 * provisional account appears in the owner's portal (people, appointment and payment attached, audited),
 * or, for an address without an account, the provisional account becomes the account.
 */
import { randomUUID } from 'node:crypto';
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { codeHash } from '@/server/auth/secrets';
import { startTestApp, type TestApp } from '../support/app';
import { bookingBody, consentGiven, makeSlots, selfPatientOf } from '../support/booking';
import { auditRows, callerFor, mailTo } from '../support/sessions';

let t: TestApp;
let ips = 0;
const nextIp = () => `10.78.${Math.floor((ips += 1) / 250)}.${(ips % 250) + 1}`;
const person = { firstName: 'Casey', lastName: 'Typed', dateOfBirth: '1988-06-07' };

beforeAll(async () => {
  t = await startTestApp({ seed: true });
}, 90_000);
afterAll(async () => t.close());
afterEach(() => t.app.flags.force({}));

async function skip(email: string) {
  t.app.flags.force({ skipEmailVerification: 'skip' });
  const res = await t.app.inject({ method: 'POST', url: '/api/users/create-skip-email-verification', remoteAddress: nextIp(), payload: { email, ...person } });
  const session = res.json() as { accessToken: string; user: { id: string; email: string } };
  return { res, session, headers: { authorization: `Bearer ${session.accessToken}` } };
}

/** The shape of an answer: its keys (deeply), with every value's type, not the value. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    );
  return typeof value;
}

/** Books one self-pay slot for the account's holder with its booking-only session. */
async function bookIn(userId: string, headers: Record<string, string>) {
  const [slot] = await makeSlots(t.db.database, 1);
  const held = await t.app.inject({ method: 'POST', url: '/api/appointments/holds', headers, payload: { slotId: slot!.id, providerId: slot!.providerId } });
  expect(held.statusCode).toBe(201);
  const card = await t.app.inject({
    method: 'POST',
    url: '/api/patient-cards/tokenize',
    headers,
    payload: { number: constants.testCardNumbers.approved[0]!.number, expiration: '12/39', cvv: '123' },
  });
  const self = await selfPatientOf(t.db.database, userId);
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: bookingBody(held.json().holdId, slot!, [{ id: self.id, consents: consentGiven() }], { selfPay: true, payment: { nonce: card.json().nonce } }),
  });
  expect(booked.statusCode).toBe(201);
  return booked.json() as { id?: string; appointmentId?: string; appointments?: { id: string }[] };
}

/** Confirms the address the usual way: a sign-in code mailed to it, typed back. */
async function confirmWithCode(email: string) {
  const sent = await t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', remoteAddress: nextIp(), payload: { email } });
  expect(sent.statusCode).toBe(200);
  const code = /\b(\d{6})\b/.exec((await mailTo(t.app, email)).find((m) => m.template === 'sign-in-code')!.text)![1]!;
  return t.app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', remoteAddress: nextIp(), payload: { email, otp: code } });
}

/** Polls until `probe` gives a value (mail goes out after the answer). */
async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('not seen in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const upcoming = async (headers: Record<string, string>) =>
  ((await t.app.inject({ method: 'GET', url: '/api/appointments?when=upcoming', headers })).json() as { items: { id: string; providerId?: string }[] }).items;

describe('the skip-e-mail path', () => {
  it('answers the same for an address with an account and one without, claiming neither', async () => {
    const owner = await callerFor(t.app, 'jordan.rivera@example.com');
    const existing = await skip(owner.email);
    const fresh = await skip(`fresh.${randomUUID().slice(0, 8)}@example.com`);
    expect(existing.res.statusCode).toBe(201);
    expect(fresh.res.statusCode).toBe(existing.res.statusCode);
    expect(shape(existing.res.json())).toEqual(shape(fresh.res.json()));
    expect(existing.session.user.email).toBe(owner.email);
    // A new account each time, never the owner's; the address stays the owner's sign-in address only.
    expect(existing.session.user.id).not.toBe(owner.id);
    const rows = await t.db.database.query<{ id: string; email: string | null; pending_email: string | null }>(
      'SELECT id, email::text AS email, pending_email::text AS pending_email FROM users WHERE email = $1 OR pending_email = $1 ORDER BY created_at',
      [owner.email],
    );
    expect(rows).toEqual([
      { id: owner.id, email: owner.email, pending_email: null },
      { id: existing.session.user.id, email: null, pending_email: owner.email },
    ]);
  });

  it("keeps the owner's account untouched until they confirm; then the booking is in the owner's portal", async () => {
    const owner = await callerFor(t.app, 'jordan.rivera@example.com');
    const ownersPeople = (await t.app.inject({ method: 'GET', url: '/api/users/patients', headers: owner.headers })).json().items as { id: string }[];
    const before = await upcoming(owner.headers);
    const typed = await skip(owner.email);
    const booking = await bookIn(typed.session.user.id, typed.headers);
    expect(booking).toBeDefined();

    // The typed address is told what was booked and by whom, and how to see it: nothing more.
    const mail = await eventually(async () =>
      (await mailTo(t.app, owner.email)).find(
        (m) => m.template === 'appointment-confirmation' && m.text.includes(messages['mail.appointment.unconfirmedAddress']!),
      ),
    );
    expect(mail.text).toContain('Casey Typed');

    // Not the owner's yet: their people and sessions are as they were, their session still works.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/patients', headers: owner.headers })).json().items).toHaveLength(ownersPeople.length);
    expect((await upcoming(owner.headers)).length).toBe(before.length);
    const [row] = await t.db.database.query<{ email: string }>('SELECT email::text AS email FROM users WHERE id = $1', [owner.id]);
    expect(row!.email).toBe(owner.email);

    // The owner confirms the address with a sign-in code: the booking joins their account, with every
    // provisional account typed with the address (the first test's too).
    const waiting = (
      await t.db.database.query<{ id: string }>('SELECT id FROM users WHERE email IS NULL AND pending_email = $1 ORDER BY created_at, id', [owner.email])
    ).map((w) => w.id);
    expect(waiting).toContain(typed.session.user.id);
    const signedIn = await confirmWithCode(owner.email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(owner.id);
    const after = await upcoming({ authorization: `Bearer ${signedIn.json().accessToken}` });
    expect(after.length).toBe(before.length + 1);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/patients', headers: owner.headers })).json().items).toHaveLength(
      ownersPeople.length + waiting.length,
    );
    const audit = await auditRows(t.app, "action = 'attachProvisionalAccount' AND record_id = $1", [owner.id]);
    expect(audit.map((a) => a.details.from).sort()).toEqual([...waiting].sort());
    // The provisional account's booking-only session is over.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: typed.headers })).json()).toMatchObject({ signedIn: false });
  });

  it('makes the provisional account the account when the address had none, once confirmed', async () => {
    const email = `new.${randomUUID().slice(0, 8)}@example.com`;
    const typed = await skip(email);
    await bookIn(typed.session.user.id, typed.headers);
    // Unconfirmed, the address signs in to nothing: no account has it.
    expect((await t.db.database.query('SELECT 1 FROM users WHERE email = $1', [email])).length).toBe(0);
    const signedIn = await confirmWithCode(email);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: typed.session.user.id, email });
    expect(await upcoming({ authorization: `Bearer ${signedIn.json().accessToken}` })).toHaveLength(1);
    expect((await auditRows(t.app, "action = 'confirmProvisionalAccount' AND record_id = $1", [typed.session.user.id])).length).toBe(1);
  });
});

describe('a disabled account', () => {
  it('keeps its address: a right code promotes no provisional account and signs nobody in', async () => {
    const email = `disabled.${randomUUID().slice(0, 8)}@example.com`;
    await t.db.database.query(
      `INSERT INTO users (email, first_name, last_name, user_type, groups, disabled_at) VALUES ($1, 'Old', 'Account', 'patient', '{patient}', now())`,
      [email],
    );
    const typed = await skip(email);
    expect(typed.res.statusCode).toBe(201);
    // A code the address was sent before its account was disabled.
    const now = t.app.clock.now();
    await t.db.database.query('INSERT INTO sign_in_codes (email, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4)', [
      email,
      codeHash(t.app.keys, '246810'),
      new Date(now.getTime() + 600_000).toISOString(),
      now.toISOString(),
    ]);
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', remoteAddress: nextIp(), payload: { email, otp: '246810' } });
    expect(verified.statusCode).toBe(401);
    const [row] = await t.db.database.query<{ email: string | null; pending_email: string }>(
      'SELECT email::text AS email, pending_email::text AS pending_email FROM users WHERE id = $1',
      [typed.session.user.id],
    );
    expect(row).toEqual({ email: null, pending_email: email });
  });
});
