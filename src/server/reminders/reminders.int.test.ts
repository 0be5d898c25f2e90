/**
 * Session reminders on the job engine with an injected clock: the 24-hour reminder goes out once (also
 * with two apps sweeping and working the same database at the same time), in the patient's zone, with
 * the same calendar entry and single-use links; cancelling removes reminders, rescheduling moves them,
 * and a chosen text message carries no health information.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { startTestApp, testConfig, type TestApp } from '@tests/support/app';
import { TestClock } from '@tests/support/clock';
import { callerFor, mailTo, shareMailboxes, type TestCaller } from '@tests/support/sessions';
import { bookSlot, consentGiven, hold, makeSlots, selfPatientOf, type TestSlot } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import { appointmentEventUid } from '@/domain/calendar';
import { formatWhen } from '@/domain/date-format';
import { routeById } from '@/generated/routes';
import { sendReminder, sweepReminders, type ReminderJobData } from './send';

const HOUR = 3_600_000;
// Past every seeded slot (they fill the coming weeks), so the test's own slots never overlap them.
const clock = new TestClock(new Date(Date.now() + 400 * 24 * HOUR));
let t: TestApp;
let second: FastifyInstance;
let jordan: TestCaller;
let avery: TestCaller;
let self: { id: string };
let insured: { insuranceId: string };

beforeAll(async () => {
  t = await startTestApp({ seed: true, clock });
  // A second process on the same database: its own job engine and workers' view of the queues.
  second = await buildApp({ config: testConfig(), database: t.db.database, serveClient: false, seed: false, logger: false, clock, jobWorkers: false });
  await second.ready();
  shareMailboxes(t.app, second);
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  avery = await callerFor(t.app, 'avery.johnson@example.com');
  self = await selfPatientOf(t.app.database, jordan.id);
  insured = { insuranceId: await insurePatient(t.app.database, self.id) };
}, 180_000);
// A patient books one upcoming session per provider: each test's sessions end with it (test data, not a flow under test).
afterEach(async () => {
  await t.app.database.query(
    "UPDATE appointments SET status = 'cancelled', cancelled_at = now(), cancelled_by = user_id, cancel_reason_id = 'schedule_conflict' WHERE user_id = $1 AND status = 'booked' AND lower(during) > $2",
    [jordan.id, clock.now().toISOString()],
  );
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

async function bookJordan(slot: TestSlot) {
  const result = await bookSlot(t.app, jordan, slot, [{ id: self.id, consents: consentGiven() }], insured);
  expect(result.booked?.statusCode ?? result.held.body).toBe(201);
  return result.booked!.json() as { id: string; start: string; timeZone: string; calendarSequence: number };
}

const remindersTo = async (email: string) => (await mailTo(t.app, email)).filter((m) => m.template === 'appointment-reminder');
const sentRows = async (appointmentId: string) =>
  t.app.database.query<{ offset_minutes: number; channel: string }>('SELECT offset_minutes, channel FROM reminders_sent WHERE appointment_id = $1', [
    appointmentId,
  ]);
/** Slots a week or more after the test clock's now (bookable whatever the clock was moved to), each call on a day of its own. */
let days = 7;
const slotsAhead = (count: number) =>
  makeSlots(t.app.database, count, { startAt: new Date(Math.ceil((clock.now().getTime() + (days += 1) * 24 * HOUR) / HOUR) * HOUR) });

/** Moves the clock to `at` (ms); sessions expire with time, so the test's callers sign in again there. */
async function moveTo(at: number) {
  clock.advance(at - clock.now().getTime());
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  avery = await callerFor(t.app, 'avery.johnson@example.com');
}

/** The addresses a mail's text carries, in order. */
const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];
const tokenOf = (text: string, label: string) => new RegExp(`${label}: \\S+reminder=([A-Za-z0-9_-]+)`).exec(text)?.[1];

it('sends the 24-hour reminder exactly once with two apps sweeping and working at once, at the local time with its zone', async () => {
  const [slot] = await slotsAhead(1);
  const appt = await bookJordan(slot!);
  const before = (await remindersTo(jordan.email)).length;

  // A day and a minute before: nothing is due yet.
  await moveTo(Date.parse(appt.start) - 24 * HOUR - 60_000);
  expect(await Promise.all([sweepReminders(t.app), sweepReminders(second)])).toEqual([0, 0]);

  clock.advance(2 * 60_000);
  // Both processes see it due at once: one job between them (the queue takes one per key).
  const queued = await Promise.all([sweepReminders(t.app), sweepReminders(second)]);
  expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
  // Even when both run the same reminder at the same time, one of them sends it.
  const data: ReminderJobData = { appointmentId: appt.id, offsetMinutes: 1440, channel: 'email', start: appt.start };
  const sent = await Promise.all([sendReminder(t.app, data), sendReminder(second, data), t.app.jobs.drain(t.app), second.jobs.drain(second)]);
  expect(sent.slice(0, 2).filter(Boolean).length).toBeLessThanOrEqual(1);
  expect(await sentRows(appt.id)).toEqual([{ offset_minutes: 1440, channel: 'email' }]);

  const mails = await remindersTo(jordan.email);
  expect(mails).toHaveLength(before + 1);
  const [mail] = mails;
  expect(mail!.text).toContain(formatWhen(appt.start, appt.timeZone));
  expect(mail!.text).toMatch(/ (AM|PM) [A-Z]{2,5}/);
  // The session's kind reads as English: "your video session", not "your video visit session".
  expect(mail!.text).toMatch(/your (video|in-person) session with/);
  expect(mail!.text).not.toContain('video visit session');
  const ics = mail!.attachments!.find((a) => a.filename.endsWith('.ics'))!.content;
  expect(ics).toContain(`UID:${appointmentEventUid(appt.id)}`);
  expect(ics).toContain(`SEQUENCE:${appt.calendarSequence}`);
  // Jordan reads English: the links open the portal's pages with no language prefix.
  const links = linksIn(mail!.text);
  expect(links).toHaveLength(4);
  expect(links).toContain(`${t.app.publicUrl}/app/visit/${appt.id}`);
  expect(links.filter((l) => l.startsWith(`${t.app.publicUrl}${routeById.patientSessions.path}?session=${appt.id}&reminder=`))).toHaveLength(2);
  expect(links.filter((l) => l.startsWith(`${t.app.publicUrl}${routeById.patientAccountSettings.path}?reminder=`))).toHaveLength(1);

  // A restart (another sweep later) sends nothing again.
  clock.advance(10 * 60_000);
  expect(await sweepReminders(second)).toBe(0);
  expect(await t.app.jobs.drain(t.app)).toBe(0);
  expect(await remindersTo(jordan.email)).toHaveLength(before + 1);

  // The reschedule link works once, for Jordan only.
  const token = tokenOf(mail!.text, 'Reschedule')!;
  expect(token).toBeTruthy();
  const use = (caller: TestCaller) => t.app.inject({ method: 'POST', url: '/api/reminder-links/use', headers: caller.headers, payload: { token } });
  expect((await use(avery)).json()).toEqual({ valid: false });
  expect((await use(jordan)).json()).toEqual({ valid: true, purpose: 'reschedule', appointmentId: appt.id });
  expect((await use(jordan)).json()).toEqual({ valid: false });
});

it("writes a Spanish reader's links in Spanish: each opens its page under /es/, the video room's too, in the mail and its calendar entry", async () => {
  const [before] = await t.app.database.query<{ language: string | null }>('SELECT language FROM users WHERE id = $1', [jordan.id]);
  await t.app.database.query("UPDATE users SET language = 'es' WHERE id = $1", [jordan.id]);
  try {
    const [slot] = await slotsAhead(1);
    const appt = await bookJordan(slot!);
    const sent = (await remindersTo(jordan.email)).length;
    await moveTo(Date.parse(appt.start) - 24 * HOUR + 60_000);
    expect(await sweepReminders(t.app)).toBe(1);
    await t.app.jobs.drain(t.app);
    const mails = await remindersTo(jordan.email);
    expect(mails).toHaveLength(sent + 1);
    const [mail] = mails;
    expect(mail!.subject).toMatch(/^Recordatorio/);
    const links = linksIn(mail!.text);
    expect(links).toHaveLength(4);
    expect(links).toContain(`${t.app.publicUrl}/es/app/visit/${appt.id}`);
    expect(links.filter((l) => l.startsWith(`${t.app.publicUrl}/es${routeById.patientSessions.path}?session=${appt.id}&reminder=`))).toHaveLength(2);
    expect(links.filter((l) => l.startsWith(`${t.app.publicUrl}/es${routeById.patientAccountSettings.path}?reminder=`))).toHaveLength(1);
    const ics = mail!.attachments!.find((a) => a.filename.endsWith('.ics'))!.content.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(`URL:${t.app.publicUrl}/es/app/visit/${appt.id}`);
    // The link still works: its token is the same whatever the language.
    const token = tokenOf(mail!.text, 'Cambiar la fecha')!;
    expect((await t.app.inject({ method: 'POST', url: '/api/reminder-links/use', headers: jordan.headers, payload: { token } })).json()).toMatchObject({
      valid: true,
      purpose: 'reschedule',
    });
  } finally {
    await t.app.database.query('UPDATE users SET language = $2 WHERE id = $1', [jordan.id, before?.language ?? null]);
  }
});

it('moves reminders with a rescheduled session and removes them with a cancelled one', async () => {
  const [gone] = await slotsAhead(1);
  const cancelled = await bookJordan(gone!);
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/appointments/${cancelled.id}/cancel`,
        headers: jordan.headers,
        payload: { reasonId: 'schedule_conflict' },
      })
    ).statusCode,
  ).toBe(200);
  const [first, later] = await slotsAhead(2);
  const moved = await bookJordan(first!);
  // Move it an hour later.
  const held = await hold(t.app, jordan, later!);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/appointments/${moved.id}/reschedule`,
    headers: jordan.headers,
    payload: { holdId: held.json().holdId, slotId: later!.id },
  });
  expect(res.statusCode).toBe(200);

  // At the old time's send time nothing goes out; at the new time's it does.
  await moveTo(Date.parse(moved.start) - 24 * HOUR + 60_000);
  expect(await sweepReminders(t.app)).toBe(0);
  clock.advance(HOUR);
  expect(await sweepReminders(t.app)).toBe(1);
  await t.app.jobs.drain(t.app);
  expect(await sentRows(moved.id)).toHaveLength(1);
  // The cancelled session never gets one.
  await moveTo(Date.parse(cancelled.start) - 23 * HOUR);
  await sweepReminders(t.app);
  await t.app.jobs.drain(t.app);
  expect(await sentRows(cancelled.id)).toEqual([]);
});

it('texts a patient who chose it, with no health information, and stops e-mail from the settings', async () => {
  await t.app.database.query("UPDATE patients SET phone_number = '2125550147' WHERE id = $1", [self.id]);
  const prefs = await t.app.inject({
    method: 'PUT',
    url: `/api/users/${jordan.id}/reminder-preferences`,
    headers: jordan.headers,
    payload: { email: false, sms: true },
  });
  expect(prefs.statusCode).toBe(200);
  expect(prefs.json()).toMatchObject({ email: false, sms: true });
  expect(prefs.json().smsPhone).toBeTruthy();
  expect((await t.app.inject({ method: 'GET', url: `/api/users/${jordan.id}/reminder-preferences`, headers: avery.headers })).statusCode).toBe(404);

  const [slot] = await slotsAhead(1);
  const appt = await bookJordan(slot!);
  const mailsBefore = (await remindersTo(jordan.email)).length;
  await moveTo(Date.parse(appt.start) - 2 * HOUR);
  expect(await sweepReminders(t.app)).toBe(1);
  await t.app.jobs.drain(t.app);
  expect(await sentRows(appt.id)).toEqual([{ offset_minutes: 120, channel: 'sms' }]);
  const [text] = t.app.sms.outbox!;
  expect(text!.text).toContain(formatWhen(appt.start, appt.timeZone));
  expect(text!.text).toContain(`${t.app.publicUrl}${routeById.patientSessions.path}?session=${appt.id}`);
  const [provider] = await t.app.database.query<{ last_name: string }>('SELECT last_name FROM providers WHERE id = $1', [slot!.providerId]);
  expect(text!.text).not.toContain(provider!.last_name);
  // The words, outside the portal link: nothing says what kind of care this is.
  expect(text!.text.replace(/https?:\/\/\S+/g, '').toLowerCase()).not.toMatch(/therap|counsel|psych|session|mental|health/);
  expect(await remindersTo(jordan.email)).toHaveLength(mailsBefore);
});

it('keeps the local time right when the clocks change between booking and session', async () => {
  // Booked in October (daylight time); the session is the Monday after the clocks go back in November.
  const year = new Date(clock.now().getTime() + 400 * 24 * HOUR).getUTCFullYear();
  const firstSundayOfNovember = ((7 - new Date(Date.UTC(year, 10, 1)).getUTCDay()) % 7) + 1;
  const sessionStart = new Date(Date.UTC(year, 10, firstSundayOfNovember + 1, 16));
  await moveTo(Date.UTC(year, 9, 20, 14));
  const [slot] = await makeSlots(t.app.database, 1, { startAt: sessionStart });
  const appt = await bookJordan(slot!);
  await t.app.inject({ method: 'PUT', url: `/api/users/${jordan.id}/reminder-preferences`, headers: jordan.headers, payload: { email: true, sms: false } });
  const before = (await remindersTo(jordan.email)).length;

  await moveTo(sessionStart.getTime() - 24 * HOUR + 60_000);
  expect(await sweepReminders(t.app)).toBe(1);
  const mails = await remindersTo(jordan.email);
  expect(mails).toHaveLength(before + 1);
  const when = formatWhen(appt.start, appt.timeZone);
  // Standard time by then (EST, CST, MST, PST ...), not the daylight time of the day it was booked.
  expect(when).toMatch(/ [A-Z]ST$/);
  expect(mails[0]!.text).toContain(when);
});
