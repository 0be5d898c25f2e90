/**
 * Journey ("a time zone per person"): the server's clock is set to Wednesday 10 March 2027,
 * four days before the United States move their clocks forward. The demo clinician, whose practice is in Eastern
 * time (Columbus, Ohio; the demo has no clinician account in Central time), opens weekly hours of 10:00 to 12:00;
 * a new visitor whose browser is in Mountain time (America/Denver)
 * searches the clinician's city from the home page and books the first time offered, after the change. Every
 * place the patient reads the session states it in the patient's zone, in daylight time: the confirmation (with
 * the provider's own time beside it), the portal's session list, the reminder mail and its calendar file, and
 * the payment's receipt PDF. Only clicks and typing; the clock is the server's (POST /dev/clock).
 */
import { readFileSync } from 'node:fs';
import moment from 'moment-timezone';
import { enums } from '@/generated/enums';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { formatDateTime, formatTime, formatTimeWithZone, formatWhen } from '@/domain/date-format';
import { appointmentEventUid } from '@/domain/calendar';
import { localStampIn } from '@/domain/calendar-zone';
import { pdfText } from '@tests/support/pdf';
import { baseUrl, eventually, newSession, useBrowser } from '../harness';
import { useOwnServer } from '../server-process';
import { serverClockAt } from '../server-clock';
import { apiAsPage, isoDaysAgo, withFailureShot } from '../booking-helpers';
import { latestMail, mailMoment } from '../mailbox';
import { signInFromHome, screenHeading } from './front-door';
import { openCareCalendar, openSameHoursEveryDay } from './care-steps';
import {
  bookingPageShows,
  chooseSelfAndSign,
  chooseTime,
  newPerson,
  nextFromBookingPage,
  nextFromPatientInformation,
  paySelfPayAndBook,
  resultsShown,
  searchFromHome,
  seeOpenTimes,
  sessionInPortal,
  verifyAsNewVisitor,
} from './booking-steps';

const CLINICIAN = 'morgan.lee@example.com';
const NAME = 'Morgan Lee';
const EASTERN = 'America/New_York';
const MOUNTAIN = 'America/Denver';
const HOUR = 3_600_000;
/** Four days before the clocks go forward in the United States (Sunday 14 March 2027, 2 AM local). */
const BOOKED_ON = Date.parse('2027-03-10T16:00:00Z');

describe('journey: a patient in another time zone reads every time of their session in their own zone', () => {
  // Its own server: the whole journey happens in March 2027 by the server's clock.
  useOwnServer();
  // The clinician's device is in Eastern time, where their practice is.
  const session = useBrowser({ timezoneId: EASTERN });

  it('a visitor in Mountain time books an Eastern-time provider across the clock change; confirmation, portal, reminder, calendar file and receipt say Mountain daylight time', async () => {
    const { page, problems } = session();
    // The first save of weekly hours is refused with the number of the practice's open times it removes (409), then agreed to.
    problems.allow(/\[PUT \/api\/care\/availability → 409\]/);
    await serverClockAt(BOOKED_ON);
    let city = '';
    await withFailureShot(page, 'journey-zone-clinician', async () => {
      await signInFromHome(page, CLINICIAN);
      expect(await screenHeading(page)).toBe(routeById.careSchedule.title);
      city = await openCareCalendar(page);
      await openSameHoursEveryDay(page, { slotMinutes: '60', start: '10:00', end: '12:00' });
    });

    const visitorSession = await newSession({ timezoneId: MOUNTAIN });
    const visitor = newPerson('zone', isoDaysAgo(41));
    try {
      const other = visitorSession.page;
      await withFailureShot(other, 'journey-zone-visitor', async () => {
        const card = await eventually(
          async () => {
            await searchFromHome(other, city);
            await resultsShown(other);
            const found = other.locator('.provider-card').filter({ has: other.locator('.provider-card__name a', { hasText: NAME }) });
            return (await found.count()) ? found.first() : undefined;
          },
          () => `${NAME} among the first results for ${city}`,
        );
        // The public picker lists a provider's times in the visitor's zone (the browser's), naming the provider's beside it:
        // the clinician's 10:00 AM in Eastern daylight time is 8:00 AM in Denver.
        const chosen = await chooseTime(await seeOpenTimes(other, card), 0);
        expect(chosen).toBe('8:00 AM');
        const since = mailMoment();
        await verifyAsNewVisitor(other, visitor);
        await bookingPageShows(other, NAME);
        await nextFromBookingPage(other);
        await chooseSelfAndSign(other, visitor);
        await nextFromPatientInformation(other);
        await paySelfPayAndBook(other, { line1: '1437 Bannock St', city: 'Denver', state: 'CO', zip: '80202' });
        const confirmation = (await other.getByRole('region', { name: messages['ui.booking.successHeading'] }).textContent()) ?? '';
        const listed = (await (await sessionInPortal(other, NAME)).textContent()) ?? '';

        const { items } = await apiAsPage<{ items: { id: string; start: string; timeZone: string }[] }>(other, '/appointments?when=upcoming');
        const booked = items[0]!;
        // The booking reads in the account's zone, taken from the visitor's device.
        expect(booked.timeZone).toBe(MOUNTAIN);
        // The hour the clinician chose, after the change, in daylight time in both zones.
        expect(moment.tz(booked.start, EASTERN).format('HH:mm')).toBe('10:00');
        expect(moment.tz(BOOKED_ON, MOUNTAIN).isDST()).toBe(false);
        expect(moment.tz(booked.start, MOUNTAIN).isDST()).toBe(true);
        const mountainTime = formatTimeWithZone(booked.start, MOUNTAIN);
        expect(mountainTime).toBe('8:00 AM MDT');
        const easternTime = formatTimeWithZone(booked.start, EASTERN);
        expect(easternTime).toBe('10:00 AM EDT');

        // The confirmation: the patient's time first, the provider's beside it.
        expect(confirmation).toContain(mountainTime);
        expect(confirmation).toContain(easternTime);
        expect(confirmation.indexOf(mountainTime)).toBeLessThan(confirmation.indexOf(easternTime));
        // The portal's session list: the patient's time only.
        expect(listed).toContain(mountainTime);
        expect(listed).not.toContain(formatTime(booked.start, EASTERN));

        // The confirmation mail, sent in standard time, names the session in Mountain daylight time.
        const local = formatWhen(booked.start, MOUNTAIN);
        expect(local).toContain(mountainTime);
        const confirmationMail = await latestMail(visitor.email, 'appointment-confirmation', since);
        expect(confirmationMail.text).toContain(local);
        expect(confirmationMail.text).not.toContain(easternTime);

        // The payment's receipt, from Billing (before the clock moves on past the sign-in's life): the visit in the patient's zone.
        await other.getByRole('navigation', { name: messages['ui.patient.navLabel'] }).getByRole('link', { name: messages['ui.patient.nav.billing'] }).click();
        await other.waitForURL((u) => u.pathname === routeById.patientBilling.path);
        const payment = other.getByRole('listitem').filter({ hasText: enums.billingTransactionKind.labels.payment });
        const [receipt] = await Promise.all([
          other.waitForEvent('download'),
          payment.first().getByRole('button', { name: messages['ui.patient.billing.receipt'] }).click(),
        ]);
        const receiptText = (await pdfText(readFileSync(await receipt.path()))).text;
        expect(receiptText).toContain(formatDateTime(booked.start, MOUNTAIN));
        expect(receiptText).not.toContain(easternTime);

        // A day before the session: the reminder, and its calendar file (in the patient's zone, with its VTIMEZONE).
        const beforeReminder = mailMoment();
        await serverClockAt(Date.parse(booked.start) - 24 * HOUR + 60_000);
        const reminder = await latestMail(visitor.email, 'appointment-reminder', beforeReminder);
        expect(reminder.subject).toContain(local);
        expect(reminder.text).toContain(local);
        const mailbox = (await (await fetch(`${baseUrl()}/dev/mailbox.json`)).json()) as {
          messages: { template: string; to: string; attachments?: { content: string }[] }[];
        };
        const ics = mailbox.messages.find((m) => m.template === 'appointment-reminder' && m.to === reminder.to)!.attachments![0]!.content;
        expect(ics).toContain(`UID:${appointmentEventUid(booked.id)}`);
        expect(ics).toContain(`DTSTART;TZID=${MOUNTAIN}:${localStampIn(MOUNTAIN, booked.start)}`);
        // Lines of the file are folded at 75 octets: unfolded, its description states the patient's time.
        expect(ics.replace(/\r\n[ \t]/g, '')).toContain(mountainTime);
      });
      visitorSession.problems.assertNone();
    } finally {
      await visitorSession.context.close();
    }
  });
});
