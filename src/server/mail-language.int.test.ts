/**
 * A mail is written wholly in its reader's language, whoever or whatever sends it: the template and every
 * fragment in it (where the session is, the fee note, the reminder's note), every date with its time zone and
 * every amount. Sent by a background job (a reminder, which writes in the default language) or by a request
 * in the other language (support staff booking for the patient, the patient cancelling from a page in the
 * other language), a Spanish reader's mail holds no English fragment, and an English reader's no Spanish one.
 */
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '@tests/support/app';
import { TestClock } from '@tests/support/clock';
import { callerFor, mailTo, type TestCaller } from '@tests/support/sessions';
import { bookingBody, consentGiven, hold, makeSlots, selfPatientOf } from '@tests/support/booking';
import { insurePatient } from '@tests/support/insurance';
import { messageIn } from '@/domain/messages';
import { formatWhen } from '@/domain/date-format';
import { formatCents } from '@/domain/money';
import { isLateCancellation } from '@/domain/cancellation';
import { constants } from '@/generated/constants';
import { DEFAULT_LOCALE, type Locale } from '@/domain/locale';
import { appointmentEventUid } from '@/domain/calendar';
import { sweepReminders } from './reminders/send';
import { withLocale } from './locale';

const HOUR = 3_600_000;
// Past every seeded slot and session, so the sweep sees only this test's sessions.
const clock = new TestClock(new Date(Date.now() + 500 * 24 * HOUR));
let t: TestApp;
let sam: TestCaller;
let jordan: TestCaller;
let self: { id: string };
let insuranceId: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true, clock });
  sam = await callerFor(t.app, 'sam.okafor@example.com');
  jordan = await callerFor(t.app, 'jordan.rivera@example.com');
  self = await selfPatientOf(t.app.database, jordan.id);
  insuranceId = await insurePatient(t.app.database, self.id);
}, 180_000);
// Jordan has one upcoming session per provider: each test's sessions end with it (test data, not a flow under test).
afterEach(async () => {
  await t.app.database.query(
    "UPDATE appointments SET status = 'cancelled', cancelled_at = now(), cancelled_by = user_id, cancel_reason_id = 'schedule_conflict' WHERE user_id = $1 AND status = 'booked'",
    [jordan.id],
  );
});
afterAll(async () => {
  await t?.close();
});

interface Booked {
  id: string;
  start: string;
  timeZone: string;
}

let days = 7;
/** Support staff books a video session for Jordan, asking in `language` (the staff member's page), a week or more ahead. */
async function bookedBySupport(language: Locale, providerOffset = 0): Promise<Booked> {
  const [slot] = await makeSlots(t.app.database, 1, {
    providerOffset,
    startAt: new Date(Math.ceil((clock.now().getTime() + (days += 2) * 24 * HOUR) / HOUR) * HOUR),
  });
  // The clock moves between tests: a session of the clock's now.
  sam = await callerFor(t.app, sam.email);
  const held = await hold(t.app, sam, slot!);
  expect(held.statusCode).toBe(201);
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/support',
    headers: { ...sam.headers, 'accept-language': language, 'x-app-source': 'support_web', 'idempotency-key': randomUUID() },
    payload: { ...bookingBody(held.json().holdId, slot!, [{ id: self.id, consents: consentGiven('support_web') }], { insuranceId }), email: jordan.email },
  });
  expect(booked.statusCode).toBe(201);
  return booked.json() as Booked;
}

const mailsOf = async (template: string) => (await mailTo(t.app, jordan.email)).filter((m) => m.template === template);

/**
 * Jordan's mail of a template about a session (its calendar entry's UID). A booking queues its confirmation
 * after answering, so it is looked for until it comes (within a generous bound, never a timing assertion).
 */
async function mailAbout(template: string, appt: Booked) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = (await mailsOf(template)).find((m) =>
      m.attachments?.some((a) => a.filename.endsWith('.ics') && a.content.includes(`UID:${appointmentEventUid(appt.id)}`)),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no ${template} mail about ${appt.id}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What a mail about the session says in a language: its time and where to join it. */
function sessionFragments(appt: Booked, locale: Locale) {
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`;
  return {
    when: formatWhen(appt.start, appt.timeZone, locale),
    where: messageIn(locale, 'mail.appointment.joinVideo', { url: `${t.app.publicUrl}${prefix}/app/visit/${appt.id}` }),
    calendarTitle: messageIn(locale, 'mail.appointment.calendarTitle', { provider: '' }),
  };
}

/** The reminder's note on changing the session at the reminder's time, in a language. */
function reminderNote(appt: Booked, locale: Locale): string {
  const start = new Date(appt.start);
  return isLateCancellation(start, clock.now())
    ? messageIn(locale, 'mail.reminder.lateNote', { fee: formatCents(constants.lateCancelFeeCents, { locale }) })
    : messageIn(locale, 'mail.reminder.inTime', {
        deadline: formatWhen(new Date(start.getTime() - constants.lateCancelWindowHours * HOUR), appt.timeZone, locale),
      });
}

/** Jordan cancels a session in time (no fee), from a page in `language`. */
async function cancelledFrom(appt: Booked, language: Locale) {
  jordan = await callerFor(t.app, jordan.email);
  const cancelled = await t.app.inject({
    method: 'POST',
    url: `/api/appointments/${appt.id}/cancel`,
    headers: { ...jordan.headers, 'accept-language': language },
    payload: { reasonId: 'other' },
  });
  expect(cancelled.statusCode).toBe(200);
  return mailAbout('appointment-cancellation', appt);
}

/** Moves the clock to a minute past the 24-hour reminder of a session and lets the sweep and the jobs run, writing in `language`. */
async function remindedOf(appt: Booked, language: Locale) {
  const before = (await mailsOf('appointment-reminder')).length;
  clock.advance(Date.parse(appt.start) - 24 * HOUR + 60_000 - clock.now().getTime());
  await withLocale(language, async () => {
    expect(await sweepReminders(t.app)).toBe(1);
    await t.app.jobs.drain(t.app);
  });
  expect(await mailsOf('appointment-reminder')).toHaveLength(before + 1);
  return mailAbout('appointment-reminder', appt);
}

/** The mail says each of `present` and none of `absent` (text and calendar entry). */
function expectWritten(mail: { subject: string; text: string; attachments?: { filename: string; content: string }[] }, present: string[], absent: string[]) {
  const ics = (mail.attachments ?? []).find((a) => a.filename.endsWith('.ics'))?.content.replace(/\r\n[ \t]/g, '') ?? '';
  const body = `${mail.subject}\n${mail.text}`;
  for (const words of present) expect(body).toContain(words);
  for (const words of absent) {
    expect(body).not.toContain(words);
    expect(ics).not.toContain(words);
  }
}

async function setLanguage(language: string | null) {
  await t.app.database.query('UPDATE users SET language = $2 WHERE id = $1', [jordan.id, language]);
}

describe("a Spanish reader's mail, sent by an English request and by a background job", () => {
  let before: string | null;
  beforeAll(async () => {
    before = (await t.app.database.query<{ language: string | null }>('SELECT language FROM users WHERE id = $1', [jordan.id]))[0]!.language;
    await setLanguage('es');
  });
  afterAll(async () => setLanguage(before));

  it('holds no English fragment, date or amount: the confirmation, the reminder and the cancellation', async () => {
    const appt = await bookedBySupport('en-US');
    const es = sessionFragments(appt, 'es');
    const en = sessionFragments(appt, 'en-US');
    // The two languages say each thing differently, so finding one and not the other means something.
    expect(es.where).not.toBe(en.where);
    expect(es.when).not.toBe(en.when);

    const confirmation = await mailAbout('appointment-confirmation', appt);
    expectWritten(confirmation, [es.when, es.where, 'Hola, '], [en.when, 'Join your video visit', 'Hello ']);
    const ics = confirmation.attachments!.find((a) => a.filename.endsWith('.ics'))!.content;
    expect(ics).toContain(`SUMMARY:${es.calendarTitle}`);

    // Jordan cancels another session from an English page: in time, no fee, said in Spanish.
    const other = await bookedBySupport('en-US', 1);
    const cancellation = await cancelledFrom(other, 'en-US');
    const otherEs = sessionFragments(other, 'es');
    const otherEn = sessionFragments(other, 'en-US');
    expectWritten(
      cancellation,
      [otherEs.when, messageIn('es', 'mail.appointment.noFee')],
      [otherEn.when, messageIn('en-US', 'mail.appointment.noFee'), 'cancelled'],
    );

    // The reminder is a job's, run as the job engine's worker runs it: writing in the default language, English.
    const reminder = await remindedOf(appt, DEFAULT_LOCALE);
    expectWritten(
      reminder,
      [es.when, es.where, reminderNote(appt, 'es'), 'Recordatorio'],
      [en.when, 'Join your video visit', reminderNote(appt, 'en-US'), 'You can cancel', 'late change', 'Reminder'],
    );
  });
});

describe("an English reader's mail, sent by a Spanish request and by a job writing in Spanish", () => {
  let before: string | null;
  beforeAll(async () => {
    before = (await t.app.database.query<{ language: string | null }>('SELECT language FROM users WHERE id = $1', [jordan.id]))[0]!.language;
    await setLanguage('en-US');
  });
  afterAll(async () => setLanguage(before));

  it('holds no Spanish fragment, date or amount: the confirmation, the reminder and the cancellation', async () => {
    const appt = await bookedBySupport('es');
    const es = sessionFragments(appt, 'es');
    const en = sessionFragments(appt, 'en-US');

    const confirmation = await mailAbout('appointment-confirmation', appt);
    expectWritten(confirmation, [en.when, en.where, 'Hello '], [es.when, 'Únase a su consulta', '/es/', 'Hola, ']);
    expect(confirmation.attachments!.find((a) => a.filename.endsWith('.ics'))!.content).toContain(`SUMMARY:${en.calendarTitle}`);

    const other = await bookedBySupport('es', 1);
    const cancellation = await cancelledFrom(other, 'es');
    const otherEs = sessionFragments(other, 'es');
    const otherEn = sessionFragments(other, 'en-US');
    expectWritten(
      cancellation,
      [otherEn.when, messageIn('en-US', 'mail.appointment.noFee')],
      [otherEs.when, messageIn('es', 'mail.appointment.noFee'), 'cancelada'],
    );

    // A job that writes in Spanish (a Spanish request's, as the estimate mail's job does) still writes English for Jordan.
    const reminder = await remindedOf(appt, 'es');
    expectWritten(
      reminder,
      [en.when, en.where, reminderNote(appt, 'en-US')],
      [es.when, 'Únase a su consulta', reminderNote(appt, 'es'), 'Puede cancelarla', 'cambio tardío', 'Recordatorio'],
    );
  });
});
