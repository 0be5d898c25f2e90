/**
 * Journey ("across a clock change too"): the server's clock is set to Wednesday 10 March
 * 2027, four days before the United States move their clocks forward (Sunday 14 March, 2 AM). The demo
 * clinician signs in from the home page and opens weekly hours of 10:00 to 12:00; a new visitor searches the
 * clinician's city from the home page and books the first time offered, which is after the change (slot
 * search starts slotSearchMinLeadDays ahead). The confirmation, sent in standard time, and the 24-hour
 * reminder both state the session at 10:00 in daylight time: the hour the clinician chose, kept across the
 * change. Only clicks and typing; the clock is the server's (POST /dev/clock), never the browser's.
 */
import moment from 'moment-timezone';
import { routeById } from '@/generated/routes';
import { formatWhen } from '@/domain/date-format';
import { appointmentEventUid } from '@/domain/calendar';
import { localStampIn } from '@/domain/calendar-zone';
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
const HOUR = 3_600_000;
/** Four days before the clocks go forward in the United States (Sunday 14 March 2027, 2 AM local). */
const BOOKED_ON = Date.parse('2027-03-10T16:00:00Z');

describe('journey: a reminder across a clock change states the hour that was booked', () => {
  // Its own server: the whole journey happens in March 2027 by the server's clock.
  useOwnServer();
  const session = useBrowser();

  it('clinician opens 10:00-12:00; a visitor books the first time, after the change; confirmation and reminder say 10:00 in daylight time', async () => {
    const { page, problems } = session();
    // The first save of weekly hours is refused with the number of the practice's open times it removes (409), then agreed to.
    problems.allow(/\[PUT \/api\/care\/availability → 409\]/);
    await serverClockAt(BOOKED_ON);
    let city = '';
    await withFailureShot(page, 'journey-dst-clinician', async () => {
      await signInFromHome(page, CLINICIAN);
      expect(await screenHeading(page)).toBe(routeById.careSchedule.title);
      city = await openCareCalendar(page);
      await openSameHoursEveryDay(page, { slotMinutes: '60', start: '10:00', end: '12:00' });
    });

    const visitorSession = await newSession();
    const visitor = newPerson('dst', isoDaysAgo(40));
    try {
      const other = visitorSession.page;
      await withFailureShot(other, 'journey-dst-visitor', async () => {
        // The clinician's hours are the only times on this server's March calendar (the demo's lie before it).
        const card = await eventually(
          async () => {
            await searchFromHome(other, city);
            await resultsShown(other);
            const found = other.locator('.provider-card').filter({ has: other.locator('.provider-card__name a', { hasText: NAME }) });
            return (await found.count()) ? found.first() : undefined;
          },
          () => `${NAME} among the first results for ${city}`,
        );
        const chosen = await chooseTime(await seeOpenTimes(other, card), 0);
        expect(chosen).toBe('10:00 AM');
        const since = mailMoment();
        await verifyAsNewVisitor(other, visitor);
        await bookingPageShows(other, NAME);
        await nextFromBookingPage(other);
        await chooseSelfAndSign(other, visitor);
        await nextFromPatientInformation(other);
        await paySelfPayAndBook(other, { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' });
        await sessionInPortal(other, NAME);

        const { items } = await apiAsPage<{ items: { id: string; start: string; timeZone: string; calendarSequence: number }[] }>(
          other,
          '/appointments?when=upcoming',
        );
        const booked = items[0]!;
        const zone = booked.timeZone;
        // Booked in standard time, for a session in daylight time: the change lies between.
        expect(moment.tz(BOOKED_ON, zone).isDST()).toBe(false);
        expect(moment.tz(booked.start, zone).isDST()).toBe(true);
        expect(moment.tz(booked.start, zone).format('HH:mm')).toBe('10:00');
        const local = formatWhen(booked.start, zone);
        expect(local).toContain('10:00 AM');
        const confirmation = await latestMail(visitor.email, 'appointment-confirmation', since);
        expect(confirmation.text).toContain(local);

        // A day before the session (the day before the change here is still standard time): the reminder.
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
        // The calendar entry names the same instant in the reader's zone: 10:00 local in daylight time, with the zone's rules.
        expect(ics).toContain(`DTSTART;TZID=${zone}:${localStampIn(zone, booked.start)}`);
        expect(ics).toContain(`TZID:${zone}`);
      });
      visitorSession.problems.assertNone();
    } finally {
      await visitorSession.context.close();
    }
  });
});
