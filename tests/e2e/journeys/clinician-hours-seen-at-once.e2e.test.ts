/**
 * Journey ("A change of availability is not seen by visitors"): a visitor finds the demo clinician
 * from the home page's search and opens her public profile, so both pages are rendered and kept by the
 * server with the practice's open times (on the hour and half hour). The clinician signs in from the home
 * page and saves weekly hours from 7:15 in 30-minute sessions (times a quarter past or to the hour, which the
 * practice's never are); before anything is saved she is told how many of the practice's open times go, and
 * agrees. Right after, the visitor reloads the profile and the search: every time offered (the profile's, the
 * card's "Next available", the card's "See open times") is one of the new ones, none of the removed ones.
 * The journey fails on a server that sends the kept pages once more while it renders them again. Only
 * clicks and typing; the file has its own server (a fresh demo database, where her hours were never saved).
 */
import type { Locator, Page } from 'playwright-core';
import searchCopy from '@/generated/content/provider-search';
import { routeById } from '@/generated/routes';
import { newSession, useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { useOwnServer } from '../server-process';
import { screenHeading, signInFromHome } from './front-door';
import { openCareCalendar, openSameHoursEveryDay } from './care-steps';
import { resultsShown, searchFromHome } from './booking-steps';

const CLINICIAN = 'morgan.lee@example.com';
const NAME = 'Morgan Lee';
/** A time of the new hours: a quarter past or to the hour ("7:15 AM", "7:45 AM"). */
const NEW_TIME = /\b\d{1,2}:(15|45)\s?[AP]M\b/;

/** The times a list of slot buttons offers ("10:00 AM"), as shown. */
async function offeredTimes(slots: Locator): Promise<string[]> {
  await slots.first().waitFor();
  return (await slots.allInnerTexts()).map((t) => /\d{1,2}:\d{2}\s?[AP]M/.exec(t)?.[0] ?? t.trim());
}

/** The clinician's card among the search results on screen. */
function clinicianCard(page: Page): Locator {
  return page
    .locator('.provider-card')
    .filter({ has: page.locator('.provider-card__name a', { hasText: NAME }) })
    .first();
}

describe("a clinician's new hours are what visitors are offered, right after saving", () => {
  useOwnServer();
  const session = useBrowser();

  it('profile and search card offer the new times and none of the removed ones; the removal was announced before saving', async () => {
    const { page: clinician, problems } = session();
    // The first save of weekly hours is refused with the number of the practice's open times it removes (409), then agreed to.
    problems.allow(/\[PUT \/api\/care\/availability → 409\]/);
    const visitorSession = await newSession();
    const visitor = visitorSession.page;
    let profileUrl = '';
    let searchUrl = '';
    try {
      let city = '';
      await withFailureShot(clinician, 'journey-hours-clinician-signs-in', async () => {
        await signInFromHome(clinician, CLINICIAN);
        expect(await screenHeading(clinician)).toBe(routeById.careSchedule.title);
        city = await openCareCalendar(clinician);
      });

      // Before: the visitor's search and the clinician's profile offer the practice's times (and the server keeps both pages).
      await withFailureShot(visitor, 'journey-hours-visitor-before', async () => {
        await searchFromHome(visitor, city);
        await resultsShown(visitor);
        searchUrl = visitor.url();
        const card = clinicianCard(visitor);
        expect(await card.locator('.provider-card__first').innerText()).not.toMatch(NEW_TIME);
        await card.locator('.provider-card__name a').click();
        await visitor.getByRole('heading', { level: 1, name: new RegExp(NAME) }).waitFor();
        profileUrl = visitor.url();
        const before = await offeredTimes(visitor.locator('.slot-button'));
        expect(before.filter((t) => !NEW_TIME.test(t)).length).toBeGreaterThan(0);
      });

      await withFailureShot(clinician, 'journey-hours-clinician-saves', async () => {
        const { saved, warning } = await openSameHoursEveryDay(clinician, { slotMinutes: '30', start: '07:15', end: '20:45' });
        // Told before saving how many of the practice's open times the new hours remove.
        expect(Number(/removes (\d+) open times your practice set up/.exec(warning ?? '')?.[1])).toBeGreaterThan(0);
        expect(await saved.innerText()).toMatch(/^Saved\. \d+ new times opened, [1-9]\d* removed/);
      });

      // Right after: the same pages, loaded again, offer only the new times.
      await withFailureShot(visitor, 'journey-hours-visitor-after', async () => {
        await visitor.goto(profileUrl);
        await visitor.getByRole('heading', { level: 1, name: new RegExp(NAME) }).waitFor();
        const onProfile = await offeredTimes(visitor.locator('.slot-button'));
        expect(onProfile.filter((t) => !NEW_TIME.test(t))).toEqual([]);

        await visitor.goto(searchUrl);
        await resultsShown(visitor);
        const card = clinicianCard(visitor);
        expect(await card.locator('.provider-card__first').innerText()).toMatch(NEW_TIME);
        await card.getByRole('button', { name: searchCopy.card.seeTimes }).click();
        const inDialog = await offeredTimes(visitor.getByRole('dialog').locator('.slot-button'));
        expect(inDialog.filter((t) => !NEW_TIME.test(t))).toEqual([]);
      });
      visitorSession.problems.assertNone();
    } finally {
      await visitorSession.context.close();
    }
    // Two people's journeys one after the other, on a machine shared with other tests.
  }, 420_000);
});
