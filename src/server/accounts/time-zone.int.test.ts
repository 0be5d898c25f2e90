/**
 * The time zone an account reads times in: the first booking from the patient's own device
 * suggests it (never the provider's zone), the account keeps it, the patient and staff change it, and the
 * booking's mail and reminder read in it. A name that is not an IANA zone is a 400 that changes nothing.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { TestClock } from '@tests/support/clock';
import { callerFor, mailTo, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, makeSlots, selfPatientOf, type TestSlot } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import { errorCatalogue } from '@/generated/errors';
import { formatWhen } from '@/domain/date-format';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { sendReminder } from '../reminders/send';

const HOUR = 3_600_000;
// Past every seeded slot, so the test's own slots never overlap them.
const clock = new TestClock(new Date(Date.now() + 420 * 24 * HOUR));
let t: TestApp;
let jordan: TestCaller;
let support: TestCaller;
let self: { id: string };
let insured: { insuranceId: string };

beforeAll(async () => {
  t = await startTestApp({ seed: true, clock });
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  support = await callerFor(t.app, demoAccounts.find((a) => a.role === 'Support agent')!.email);
  self = await selfPatientOf(t.app.database, jordan.id);
  insured = { insuranceId: await insurePatient(t.app.database, self.id) };
}, 180_000);
afterAll(async () => t?.close());

let days = 7;
/** A provider in Central time and a slot of theirs a week or more after the test clock's now. */
async function centralSlot(): Promise<TestSlot> {
  const [slot] = await makeSlots(t.app.database, 1, { startAt: new Date(Math.ceil((clock.now().getTime() + (days += 1) * 24 * HOUR) / HOUR) * HOUR) });
  await t.app.database.query("UPDATE providers SET time_zone = 'America/Chicago' WHERE id = $1", [slot!.providerId]);
  await t.app.database.query("UPDATE practices SET time_zone = 'America/Chicago' WHERE id = $1", [slot!.practiceId]);
  return slot!;
}

async function book(slot: TestSlot, timeZone?: string) {
  const result = await bookSlot(t.app, jordan, slot, [{ id: self.id, consents: consentGiven() }], { ...insured, ...(timeZone ? { timeZone } : {}) });
  expect(result.booked?.statusCode ?? result.held.body).toBe(201);
  return result.booked!.json() as { id: string; start: string; timeZone: string };
}

const details = async (caller: TestCaller, id = jordan.id) =>
  (await t.app.inject({ method: 'GET', url: `/api/users/${id}/details`, headers: caller.headers })).json() as { timeZone?: string };
const patch = (caller: TestCaller, timeZone: string, id = jordan.id) =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: caller.headers, payload: { timeZone } });
const confirmationsTo = async (email: string) => (await mailTo(t.app, email)).filter((m) => m.template === 'appointment-confirmation');

it('takes the zone of the patient’s own device at the first booking, not the provider’s, and keeps it', async () => {
  expect((await details(jordan)).timeZone).toBeUndefined();
  const first = await book(await centralSlot(), 'America/Denver');
  expect(first.timeZone).toBe('America/Denver');
  expect((await details(jordan)).timeZone).toBe('America/Denver');
  const mail = (await confirmationsTo(jordan.email)).at(-1)!;
  expect(mail.text).toContain(formatWhen(first.start, 'America/Denver'));
  expect(mail.text).toMatch(/ (AM|PM) MST/);
  expect(mail.text).not.toMatch(/ (AM|PM) CST/);

  // Another device (a laptop set to Eastern time) does not move the account's zone: the account's choice wins.
  const second = await book(await centralSlot(), 'America/New_York');
  expect(second.timeZone).toBe('America/Denver');
});

it('lets the patient change their zone in settings: every booking, mail and reminder then reads in it', async () => {
  const appointment = await book(await centralSlot());
  const res = await patch(jordan, 'America/Los_Angeles');
  expect(res.statusCode).toBe(200);
  expect(res.json().timeZone).toBe('America/Los_Angeles');
  const read = await t.app.inject({ method: 'GET', url: `/api/appointments/${appointment.id}`, headers: jordan.headers });
  expect(read.json().timeZone).toBe('America/Los_Angeles');

  const before = (await mailTo(t.app, jordan.email)).filter((m) => m.template === 'appointment-reminder').length;
  await sendReminder(t.app, { appointmentId: appointment.id, offsetMinutes: 1440, channel: 'email', start: appointment.start });
  await t.app.jobs.drain(t.app);
  const reminders = (await mailTo(t.app, jordan.email)).filter((m) => m.template === 'appointment-reminder');
  expect(reminders).toHaveLength(before + 1);
  expect(reminders.at(-1)!.text).toContain(formatWhen(appointment.start, 'America/Los_Angeles'));
  expect(reminders.at(-1)!.text).toMatch(/ (AM|PM) PST/);
});

it('lets support see and set a caller’s zone', async () => {
  expect((await patch(support, 'America/Phoenix')).statusCode).toBe(200);
  expect((await details(support)).timeZone).toBe('America/Phoenix');
  expect((await details(jordan)).timeZone).toBe('America/Phoenix');
});

it.each(['Mars/Olympus_Mons', '+05:00', 'America/Denver; DROP', ''])('refuses %j as a time zone and changes nothing', async (zone) => {
  const res = await patch(jordan, zone);
  expect(res.statusCode).toBe(errorCatalogue.VALIDATION_FAILED.status);
  expect(res.json().errorCode).toBe('VALIDATION_FAILED');
  expect((await details(jordan)).timeZone).toBe('America/Phoenix');
});
