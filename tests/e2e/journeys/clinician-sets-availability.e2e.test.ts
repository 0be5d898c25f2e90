/**
 * Journey: the demo clinician signs in from the home page, lands on their schedule,
 * opens "Calendar", adds weekly hours every day from 7:15 in 30-minute sessions and saves; the page
 * says how many new times opened. Then a new visitor searches the clinician's city from the home page,
 * finds the clinician (with so many open times they lead "most available"), chooses one of the new
 * times (a quarter past the hour, which the seeded slots never are) and books it self-pay; the
 * clinician's calendar then shows the session, and their queue of new clients needing attention
 * (/care/v1/nena) names the visitor, who has not done the intake check-in. Only clicks and typing.
 */
import { enums } from '@/generated/enums';
import { messages } from '@/generated/messages';
import { screenshots } from '../signin-support';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { eventually, newSession, useBrowser } from '../harness';
import { isoDaysAgo, withFailureShot } from '../booking-helpers';
import { signInFromHome, screenHeading } from './front-door';
import { openCareCalendar, openSameHoursEveryDay } from './care-steps';
import {
  bookingPageShows,
  chooseSelfAndSign,
  newPerson,
  nextFromBookingPage,
  nextFromPatientInformation,
  paySelfPayAndBook,
  resultsShown,
  searchFromHome,
  sessionInPortal,
  verifyAsNewVisitor,
} from './booking-steps';
import searchCopy from '@/generated/content/provider-search';

const CLINICIAN = 'morgan.lee@example.com';
const NAME = 'Morgan Lee';

describe('a clinician sets weekly availability and a visitor books one of the new times', () => {
  const session = useBrowser();

  it('saves hours on the calendar; search offers them; a visitor books one; the calendar shows the session', async () => {
    const { page, problems } = session();
    // The first save of weekly hours is refused with the number of the practice's open times it removes (409), then agreed to.
    problems.allow(/\[PUT \/api\/care\/availability → 409\]/);
    let city = '';
    await withFailureShot(page, 'journey-clinician-availability', async () => {
      await signInFromHome(page, CLINICIAN);
      expect(await screenHeading(page)).toBe(routeById.careSchedule.title);
      city = await openCareCalendar(page);
      const { saved } = await openSameHoursEveryDay(page, { slotMinutes: '30', start: '07:15', end: '20:45' });
      expect(Number(/^Saved\. (\d+) new times/.exec(await saved.innerText())?.[1])).toBeGreaterThan(100);
    });

    // A visitor, in a browser of their own.
    const visitorSession = await newSession();
    const visitor = newPerson('availability', isoDaysAgo(36));
    try {
      const other = visitorSession.page;
      await withFailureShot(other, 'journey-visitor-books-new-time', async () => {
        const card = await eventually(
          async () => {
            await searchFromHome(other, city);
            await resultsShown(other);
            const found = other.locator('.provider-card').filter({ has: other.locator('.provider-card__name a', { hasText: NAME }) });
            return (await found.count()) ? found.first() : undefined;
          },
          () => `${NAME} among the first results for ${city}`,
        );
        await card.getByRole('button', { name: searchCopy.card.seeTimes }).click();
        const quarterPast = other
          .getByRole('dialog')
          .locator('.slot-button')
          .filter({ hasText: /:(15|45)\s?[AP]M/ });
        await quarterPast.first().waitFor();
        expect((await quarterPast.first().locator('span').first().innerText()).trim()).toMatch(/^\d{1,2}:(15|45)/);
        await quarterPast.first().click();
        await verifyAsNewVisitor(other, visitor);
        await bookingPageShows(other, NAME);
        await nextFromBookingPage(other);
        await chooseSelfAndSign(other, visitor);
        await nextFromPatientInformation(other);
        await paySelfPayAndBook(other, { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' });
        await sessionInPortal(other, NAME);
      });
      visitorSession.problems.assertNone();
    } finally {
      await visitorSession.context.close();
    }

    // Back in the clinician's browser: the calendar shows the booked session.
    await withFailureShot(page, 'journey-clinician-sees-booking', async () => {
      const nav = page.getByRole('navigation', { name: messages['ui.care.nav.label'] });
      await nav.getByRole('link', { name: routeById.careSchedule.title }).click();
      await page.getByRole('heading', { level: 1, name: routeById.careSchedule.title }).waitFor();
      await nav.getByRole('link', { name: routeById.careCalendar.title }).click();
      const who = page.getByText(message('ui.care.calendar.session', { names: `${visitor.firstName} ${visitor.lastName}` }));
      // The session is at least slotSearchMinLeadDays ahead: this week or one of the next.
      const settled = page.locator('.care-calendar[aria-busy="false"]');
      for (let week = 0; week < 3; week += 1) {
        await settled.waitFor();
        if (await who.count()) break;
        const range = await page.getByRole('heading', { level: 2 }).first().innerText();
        await page.getByRole('button', { name: messages['ui.care.calendar.next'] }).click();
        await page.getByRole('heading', { level: 2, name: range, exact: true }).waitFor({ state: 'detached' });
      }
      await who.first().waitFor();
    });

    // The visitor is a new client whose first session is ahead, without the intake check-in: the
    // clinician's queue of new clients needing attention names them and what they need.
    await withFailureShot(page, 'journey-clinician-nena', async () => {
      await page.getByRole('navigation', { name: messages['ui.care.nav.label'] }).getByRole('link', { name: routeById.careNena.title }).click();
      await page.getByRole('heading', { level: 1, name: routeById.careNena.title }).waitFor();
      const client = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `${visitor.firstName} ${visitor.lastName}` }) });
      await client.getByText(enums.nenaNeed.labels.intake_check_in).waitFor();
      await screenshots(page, 'journey-clinician-nena');
      await client.getByRole('link', { name: `${visitor.firstName} ${visitor.lastName}` }).click();
      await page.getByRole('heading', { level: 1, name: `${visitor.firstName} ${visitor.lastName}` }).waitFor();
    });
  });
});
