/**
 * "Now" is an input of the server (src/server/clock.ts): the app built with a clock decides with
 * it, whatever the machine's clock and zone say. The clock stands at 00:30 UTC on 24 November,
 * still the evening of the 23rd in the product's calendar zone (constants.calendarTimeZone).
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { hold, makeSlots } from '@tests/support/booking';
import { TestClock } from '@tests/support/clock';
import { callerFor, mailTo, type TestCaller } from '@tests/support/sessions';
import { addDaysIso, formatUsDate } from '../domain/dates';
import { constants } from '../generated/constants';
import { errorCatalogue } from '../generated/errors';
import { fillPlaceholders } from '../domain/messages';
import { messages } from '../generated/messages';
import { demoAccounts } from './db/seed/demo-accounts';
import { DEMO_PATIENT_EMAIL } from './db/seed/patients-insurance';

const clock = new TestClock('2026-11-24T00:30:00Z');
/** The calendar day at the clock in the product's zone, worked out without the code under test. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: constants.calendarTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(clock.now());
let t: TestApp;
let jordan: TestCaller;
let jordanSelf: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true, clock });
  jordan = await callerFor(t.app, DEMO_PATIENT_EMAIL);
  const [self] = await t.db.database.query<{ id: string }>(
    "SELECT p.id FROM patients p JOIN users u ON u.id = p.user_id WHERE u.email = $1 AND p.relationship = 'Self'",
    [DEMO_PATIENT_EMAIL],
  );
  jordanSelf = self!.id;
}, 90_000); // a fresh database and the demo seed take a while on a busy machine
afterAll(async () => t.close());

const reasonsOf = (body: { errors: { field: string; reason: string }[] }) => Object.fromEntries(body.errors.map((e) => [e.field, e.reason]));

describe("date rules use the app's clock in the product's calendar zone", () => {
  it('refuses today (in New York) as a date of birth, though it is already tomorrow in UTC', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/patients/${jordanSelf}`, headers: jordan.headers, payload: { dateOfBirth: today } });
    expect(res.statusCode).toBe(400);
    expect(reasonsOf(res.json()).dateOfBirth).toBe(messages['validation.date.notInPast']);
  });

  it(`names the oldest birth date allowed, ${constants.maxAgeYears} years before today in New York`, async () => {
    const oldest = `${Number(today.slice(0, 4)) - constants.maxAgeYears}${today.slice(4)}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/patients/${jordanSelf}`,
      headers: jordan.headers,
      payload: { dateOfBirth: addDaysIso(oldest, -1) },
    });
    expect(res.statusCode).toBe(400);
    expect(reasonsOf(res.json()).dateOfBirth).toBe(fillPlaceholders(messages['validation.dateOfBirth.tooOld'], { date: formatUsDate(oldest) }));
    const accepted = await t.app.inject({ method: 'PUT', url: `/api/patients/${jordanSelf}`, headers: jordan.headers, payload: { dateOfBirth: oldest } });
    expect(accepted.statusCode).toBe(200);
  });
});

describe("holds expire by the app's clock", () => {
  it(`a held slot is someone else's to hold once slotHoldMinutes have passed on the clock`, async () => {
    const avery = await callerFor(t.app, demoAccounts.find((a) => a.role === 'Partner member')!.email);
    const [slot] = await makeSlots(t.db.database, 1);
    const first = await hold(t.app, jordan, slot!);
    expect(first.statusCode).toBe(201);
    expect(first.json().expiresAt).toBe(new Date(clock.now().getTime() + constants.slotHoldMinutes * 60_000).toISOString());
    clock.advance(constants.slotHoldMinutes * 60_000 - 1000);
    expect((await hold(t.app, avery, slot!)).statusCode).toBe(409);
    clock.advance(2000);
    expect((await hold(t.app, avery, slot!)).statusCode).toBe(201);
  });
});

describe("sign-in and sessions expire by the app's clock", () => {
  const patient = demoAccounts.find((a) => a.role === 'Patient')!;

  async function mailedCode(): Promise<string> {
    const [mail] = await mailTo(t.app, patient.email);
    const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${patient.email}`);
    return code;
  }

  it('a one-time code works until otpExpiryMinutes have passed on the clock, and not after', async () => {
    const send = () => t.app.inject({ method: 'POST', url: '/api/auth/send-email-otp', remoteAddress: '10.9.0.1', payload: { email: patient.email } });
    const verify = (otp: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/verify-email-otp', remoteAddress: '10.9.0.1', payload: { email: patient.email, otp } });

    await send();
    clock.advance(constants.otpExpiryMinutes * 60_000 + 1000);
    const late = await verify(await mailedCode());
    expect(late.statusCode).toBe(errorCatalogue.OTP_INVALID.status);
    expect(late.json().errorCode).toBe('OTP_INVALID');

    await send();
    clock.advance(constants.otpExpiryMinutes * 60_000 - 1000);
    expect((await verify(await mailedCode())).statusCode).toBe(200);
  });

  it('an access token stops opening the API once accessTokenLifetimeMinutes have passed on the clock', async () => {
    const caller = await callerFor(t.app, DEMO_PATIENT_EMAIL);
    expect((await t.app.inject({ method: 'GET', url: '/api/patients', headers: caller.headers })).statusCode).toBe(200);
    clock.advance(constants.accessTokenLifetimeMinutes * 60_000 + 1000);
    expect((await t.app.inject({ method: 'GET', url: '/api/patients', headers: caller.headers })).statusCode).toBe(401);
  });
});
