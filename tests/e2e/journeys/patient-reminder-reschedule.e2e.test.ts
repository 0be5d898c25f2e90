/**
 * Journey: a new visitor books a session from the home page's search; the server's
 * clock moves to a day before that session (POST /dev/clock, TEST_CLOCK_CONTROL: the server's "now", never
 * the browser's); the 24-hour reminder arrives in the mailbox with the session at its local time and zone,
 * the same calendar entry and a reschedule link; following that link lands in the portal's reschedule
 * dialog for that session, and the session moves. The link works once; the mail's stop link stops e-mail
 * reminders in account settings.
 */
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { fillPlaceholders, message } from '@/domain/messages';
import { formatWhen } from '@/domain/date-format';
import { appointmentEventUid } from '@/domain/calendar';
import { formatCents } from '@/domain/money';
import { baseUrl, useBrowser } from '../harness';
import { useOwnServer } from '../server-process';
import { serverClockAt } from '../server-clock';
import { apiAsPage, isoDaysAgo, withFailureShot } from '../booking-helpers';
import { latestMail, mailMoment, type SentMail } from '../mailbox';
import {
  bookingPageShows,
  chooseSelfAndSign,
  chooseTime,
  newPerson,
  nextFromBookingPage,
  nextFromPatientInformation,
  paySelfPayAndBook,
  providerWithTimes,
  searchFromHome,
  seeOpenTimes,
  sessionInPortal,
  verifyAsNewVisitor,
} from './booking-steps';
import { signInWithMailedCode } from './front-door';

const austin = { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };
const HOUR = 3_600_000;

/** A message as a pattern whose group catches what fills {placeholder}. */
function patternOf(key: keyof typeof messages, placeholder: string): RegExp {
  const [before, after] = fillPlaceholders(messages[key], { [placeholder]: '\u0000' }).split('\u0000') as [string, string];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escape(before)}(.+?)${escape(after)}`);
}

/** The reminder's reschedule link as a path of the app (the mail names PUBLIC_URL, which tests do not browse). */
function rescheduleLinkIn(mail: SentMail): string {
  const link = /Reschedule: (https?:\/\/\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`No reschedule link in the reminder:\n${mail.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

describe('journey: a booked patient gets the 24-hour reminder and moves the session from its link', () => {
  // Its own server: this journey moves the server's clock, and what fell due in the skipped time (reminders, lapsed holds) stays done.
  useOwnServer();
  const session = useBrowser();

  it('books from search, receives the reminder at the local time a day before, and reschedules through its link', async () => {
    const { page } = session();
    const person = newPerson('reminder', isoDaysAgo(36));
    await withFailureShot(page, 'journey-reminder', async () => {
      await searchFromHome(page, 'Austin, TX');
      const { card, name } = await providerWithTimes(page, 0);
      // The last time the list offers, so the session is more than a day ahead when booked.
      await chooseTime(await seeOpenTimes(page, card), Number.MAX_SAFE_INTEGER);
      await verifyAsNewVisitor(page, person);
      await bookingPageShows(page, name);
      await nextFromBookingPage(page);
      await chooseSelfAndSign(page, person);
      await nextFromPatientInformation(page);
      await paySelfPayAndBook(page, austin);
      await sessionInPortal(page, name);

      // The session's instant and zone, to move the server's clock to a day (less a minute) before it.
      const { items } = await apiAsPage<{ items: { id: string; start: string; timeZone: string; calendarSequence: number }[] }>(
        page,
        '/appointments?when=upcoming',
      );
      const booked = items[0]!;
      const since = mailMoment();
      await serverClockAt(Date.parse(booked.start) - 24 * HOUR + 60_000);

      const reminder = await latestMail(person.email, 'appointment-reminder', since);
      const localTime = formatWhen(booked.start, booked.timeZone);
      expect(reminder.subject).toContain(localTime);
      expect(reminder.text).toContain(localTime);
      expect(reminder.text).toContain(message('mail.reminder.lateNote', { fee: formatCents(constants.lateCancelFeeCents) }));
      const mailbox = (await (await fetch(`${baseUrl()}/dev/mailbox.json`)).json()) as { messages: (SentMail & { attachments?: { content: string }[] })[] };
      const ics = mailbox.messages.find((m) => m.template === 'appointment-reminder' && m.to === reminder.to)!.attachments![0]!.content;
      expect(ics).toContain(`UID:${appointmentEventUid(booked.id)}`);
      expect(ics).toContain(`SEQUENCE:${booked.calendarSequence}`);

      // The person follows the reminder's reschedule link (signing in again if their session ended meanwhile).
      const link = rescheduleLinkIn(reminder);
      await page.goto(link);
      const dialog = page.getByRole('dialog');
      const signIn = page.getByRole('heading', { level: 1, name: message('ui.login.heading') });
      await dialog.or(signIn).first().waitFor();
      if (await signIn.isVisible()) await signInWithMailedCode(page, person.email);
      await page.getByText(messages['ui.patient.reminders.linkOpened']).waitFor();
      await dialog.getByRole('radio').first().check();
      await dialog.getByRole('button', { name: messages['ui.patient.reschedule.confirm'] }).click();
      const status = page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: patternOf('ui.patient.reschedule.done', 'when') })
        .first();
      await status.waitFor();
      const movedTo = patternOf('ui.patient.reschedule.done', 'when').exec((await status.textContent()) ?? '')![1]!;
      await page.getByRole('article', { name: movedTo }).waitFor();

      const after = await apiAsPage<{ start: string }>(page, `/appointments/${booked.id}`);
      expect(after.start).not.toBe(booked.start);

      // The link worked once: following it again says so and opens nothing.
      await page.goto(link);
      await page.getByText(messages['ui.patient.reminders.linkUsed']).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);

      // The mail's stop link: e-mail reminders stop, and the settings say so with the switch to turn them on again.
      const stop = /To stop reminders by e-mail: (https?:\/\/\S+)/.exec(reminder.text)?.[1];
      expect(stop).toBeTruthy();
      await page.goto(`${new URL(stop!).pathname}${new URL(stop!).search}`);
      await page.getByText(messages['ui.patient.reminders.stopped']).waitFor();
      const byEmail = page.getByRole('checkbox', { name: messages['ui.patient.reminders.email'] });
      await byEmail.waitFor();
      expect(await byEmail.isChecked()).toBe(false);
    });
  });
});
