/**
 * Journey (recurring sessions): the server's clock is set to Wednesday 3 March 2027, eleven days before the United
 * States move their clocks forward (Sunday 14 March). The demo clinician opens 10:00 to 12:00 every day; a new visitor
 * searches the clinician's city from the home page, chooses the first time, and on the payment step chooses "Every
 * week" for 8 sessions: the page lists the 8 dates at 10:00 in the visitor's zone, before and after the change. Booked,
 * the portal shows the 8 sessions at 10:00, the confirmation mail lists them at 10:00 and attaches one repeating event
 * at 10:00 local; nobody else is offered any of those times any more; the series' estimate covers the 8.
 */
import { routeById } from '@/generated/routes';
import { errorCatalogue } from '@/generated/errors';
import { enumLabelOf } from '@/domain/translations';
import { message } from '@/domain/messages';
import { formatSessionTime, formatWhen } from '@/domain/date-format';
import { wallClockIn } from '@/domain/dates';
import { baseUrl, eventually, newSession, useBrowser } from '../harness';
import { useOwnServer } from '../server-process';
import { serverClockAt } from '../server-clock';
import { apiAsPage, isoDaysAgo, withFailureShot } from '../booking-helpers';
import { latestMail, mailMoment } from '../mailbox';
import { signInFromHome, screenHeading } from './front-door';
import { openCareCalendar, openSameHoursEveryDay } from './care-steps';
import * as careEnums from '@/generated/enums/care';
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
const BOOKED_ON = Date.parse('2027-03-03T16:00:00Z');
const CHANGE = Date.parse('2027-03-14T12:00:00Z');

describe('journey: a patient books 8 weekly sessions across the March 2027 clock change', () => {
  useOwnServer();
  const session = useBrowser();

  it('the same 10:00 for all 8 on the booking page, in the portal, the mail and the calendar file; nobody else gets them; one estimate of 8', async () => {
    const { page, problems } = session();
    problems.allow(/\[PUT \/api\/care\/availability → 409\]/);
    await serverClockAt(BOOKED_ON);
    let city = '';
    await withFailureShot(page, 'journey-series-clinician', async () => {
      await signInFromHome(page, CLINICIAN);
      expect(await screenHeading(page)).toBe(routeById.careSchedule.title);
      city = await openCareCalendar(page);
      await openSameHoursEveryDay(page, { slotMinutes: '60', start: '10:00', end: '12:00' });
    });

    const findClinician = async (p: typeof page) =>
      eventually(
        async () => {
          await searchFromHome(p, city);
          await resultsShown(p);
          const found = p.locator('.provider-card').filter({ has: p.locator('.provider-card__name a', { hasText: NAME }) });
          return (await found.count()) ? found.first() : undefined;
        },
        () => `${NAME} among the first results for ${city}`,
      );

    const visitorSession = await newSession();
    const visitor = newPerson('series', isoDaysAgo(40));
    let starts: string[] = [];
    let providerId = '';
    let takenTime = '';
    let staleLink = '';
    try {
      const other = visitorSession.page;
      await withFailureShot(other, 'journey-series-visitor', async () => {
        const times = await seeOpenTimes(other, await findClinician(other));
        // What the first time says (time, mode, day for screen readers): nobody may be offered it again.
        takenTime = (await times.locator('.slot-button').first().textContent())?.trim() ?? '';
        expect(await chooseTime(times, 0)).toBe('10:00 AM');
        await other.waitForURL((u) => u.pathname === routeById.bookingVerifyUser.path);
        staleLink = other.url();
        const since = mailMoment();
        await verifyAsNewVisitor(other, visitor);
        await bookingPageShows(other, NAME);
        await nextFromBookingPage(other);
        await chooseSelfAndSign(other, visitor);
        await nextFromPatientInformation(other);

        // Every week, 8 sessions: the dates before paying, each at 10:00 in the visitor's zone.
        await other.getByRole('radio', { name: enumLabelOf(careEnums.sessionRepeat, 'week') }).check();
        await other.getByLabel(message('ui.booking.series.sessions')).fill('8');
        const dates = other.getByRole('list', { name: message('ui.booking.series.datesTitle', { count: 8 }) }).getByRole('listitem');
        await eventually(
          async () => ((await dates.count()) === 8 ? true : undefined),
          () => '8 dates listed',
        );
        for (const text of await dates.allTextContents()) expect(text).toContain('10:00 AM');

        await paySelfPayAndBook(other, { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' });
        await sessionInPortal(other, NAME);

        const { items } = await apiAsPage<{
          items: { id: string; start: string; timeZone: string; provider: { id: string }; series: { id: string; index: number } | null }[];
        }>(other, '/appointments?when=upcoming');
        const series = items.filter((a) => a.series).sort((a, b) => a.series!.index - b.series!.index);
        expect(series).toHaveLength(8);
        const zone = series[0]!.timeZone;
        starts = series.map((a) => a.start);
        providerId = series[0]!.provider.id;
        // Across the change: the first before it, the last after it, all at 10:00 on the visitor's clock.
        expect(Date.parse(starts[0]!)).toBeLessThan(CHANGE);
        expect(Date.parse(starts[7]!)).toBeGreaterThan(CHANGE);
        for (const start of starts) expect(wallClockIn(new Date(start), zone).minute).toBe(10 * 60);

        // The portal shows the 8, each at 10:00.
        const cards = other.getByRole('article').filter({ hasText: NAME });
        await eventually(
          async () => ((await cards.count()) >= 8 ? true : undefined),
          () => '8 sessions in the portal',
        );
        for (const start of starts) await other.getByRole('article', { name: formatSessionTime(start, zone) }).waitFor();

        // The mail lists the 8 at 10:00 and attaches one repeating event at 10:00 local.
        const confirmation = await latestMail(visitor.email, 'appointment-confirmation', since);
        for (const start of starts) expect(confirmation.text).toContain(formatWhen(start, zone));
        const ics = (confirmation.attachments ?? [])
          .map((a) => a.content)
          .join('')
          .replace(/\r\n[ \t]/g, '');
        expect(ics).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=8');
        expect(ics).toMatch(new RegExp(`DTSTART;TZID=${zone}:\\d{8}T100000`));
        expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);

        // One estimate, of the 8 sessions.
        const estimate = await latestMail(visitor.email, 'good-faith-estimate', since);
        expect(estimate.text).toMatch(/\b8\b/);
      });
      visitorSession.problems.assertNone();
    } finally {
      await visitorSession.context.close();
    }

    // A second person, in a browser of their own: the provider's open times no longer offer the series' first time
    // (the 11:00 beside it still is); the address the first visitor followed, opened again, is refused with the catalogue's words.
    const secondSession = await newSession();
    const second = newPerson('series-second', isoDaysAgo(45));
    try {
      const p = secondSession.page;
      secondSession.problems.allow(/\[POST \/api\/appointments\/holds → 409\]/);
      await withFailureShot(p, 'journey-series-second-person', async () => {
        const times = await seeOpenTimes(p, await findClinician(p));
        const offered = (await times.locator('.slot-button').allTextContents()).map((t) => t.trim());
        expect(takenTime).toContain('10:00 AM');
        expect(offered).not.toContain(takenTime);
        expect(offered).toContain(takenTime.replace('10:00 AM', '11:00 AM'));

        await p.goto(staleLink);
        await verifyAsNewVisitor(p, second);
        await p.getByRole('alert').getByText(errorCatalogue.SLOT_ALREADY_BOOKED.message).waitFor();
      });
      secondSession.problems.assertNone();
    } finally {
      await secondSession.context.close();
    }

    // Anyone else (the public open-times listing every visitor's slot table reads) is offered none of the series' times,
    // while the 11:00 beside each is still open.
    const days = starts.map((start) => start.slice(0, 10));
    const query = new URLSearchParams({ providerId, startDate: days[0]!, endDate: days[7]! });
    const open = (await (await fetch(`${baseUrl()}/api/slots/get?${query.toString()}`)).json()) as { slots: { start: string }[] };
    const offered = new Set(open.slots.map((s) => new Date(s.start).toISOString()));
    for (const start of starts) {
      expect(offered.has(new Date(start).toISOString())).toBe(false);
      expect(offered.has(new Date(Date.parse(start) + 3_600_000).toISOString())).toBe(true);
    }
  });
});
