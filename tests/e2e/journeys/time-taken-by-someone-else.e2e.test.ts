/**
 * Journey ("what is offered can be booked"): two new visitors search the same city from the
 * home page and open the same provider's open times. The second chooses the first time and confirms who they
 * are, so the time is held for them. The first, on the page still open in their browser, chooses that same
 * time and is told someone is booking it (held), not that it was booked. The second books it. The first then
 * searches again from the home page: the card's "Next available" and its "See open times" no longer offer
 * that time. The server keeps the rendered search page and the times fragment; a kept page sent once more
 * while it renders again offered the taken time, and this journey fails on that. Only clicks and typing.
 */
import type { Locator, Page } from 'playwright-core';
import { errorCatalogue } from '@/generated/errors';
import { newSession, useBrowser } from '../harness';
import { isoDaysAgo, withFailureShot } from '../booking-helpers';
import { useOwnServer } from '../server-process';
import {
  bookedConfirmation,
  bookingPageShows,
  chooseSelfAndSign,
  newPerson,
  nextFromBookingPage,
  nextFromPatientInformation,
  paySelfPayAndBook,
  providerWithTimes,
  resultsShown,
  searchFromHome,
  seeOpenTimes,
  verifyAsNewVisitor,
} from './booking-steps';

const CITY = 'Austin, TX';
const austin = { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };

/** The provider's card among the results on screen, by the name it shows. */
function cardOf(page: Page, name: string): Locator {
  return page
    .locator('.provider-card')
    .filter({ has: page.locator('.provider-card__name a', { hasText: name }) })
    .first();
}

/** Where each open time of a "See open times" dialog leads (one address per time). */
async function timeLinks(dialog: Locator): Promise<string[]> {
  const slots = dialog.locator('.slot-button');
  await slots.first().waitFor();
  return slots.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? a.textContent ?? ''));
}

describe('a time someone else is booking is never offered as open', () => {
  useOwnServer();
  const session = useBrowser();

  it('held: said so when chosen from a page already open; booked: gone from the card and its open times on the next search', async () => {
    const { page: first, problems } = session();
    // The first visitor's hold of the time someone else holds is refused (409): that refusal is the point.
    problems.allow(/\[POST \/api\/appointments\/holds → 409\]/);
    const firstPerson = newPerson('offered-first', isoDaysAgo(33));
    const secondPerson = newPerson('offered-second', isoDaysAgo(41));
    let name = '';
    let nextAvailable = '';
    let taken = '';
    let firstDialog: Locator | undefined;

    await withFailureShot(first, 'journey-taken-first-looks', async () => {
      await searchFromHome(first, CITY);
      await resultsShown(first);
      const found = await providerWithTimes(first, 0);
      name = found.name;
      nextAvailable = (await found.card.locator('.provider-card__first').innerText()).trim();
      firstDialog = await seeOpenTimes(first, found.card);
      taken = (await timeLinks(firstDialog))[0] ?? '';
      expect(taken).toBeTruthy();
    });

    const secondSession = await newSession();
    const second = secondSession.page;
    try {
      await withFailureShot(second, 'journey-taken-second-holds', async () => {
        await searchFromHome(second, CITY);
        await resultsShown(second);
        const dialog = await seeOpenTimes(second, cardOf(second, name));
        expect((await timeLinks(dialog))[0]).toBe(taken);
        await dialog.locator('.slot-button').first().click();
        await verifyAsNewVisitor(second, secondPerson);
        await bookingPageShows(second, name);
      });

      // The first visitor's dialog, open since before, still shows the time: choosing it says it is being booked.
      await withFailureShot(first, 'journey-taken-first-meets-hold', async () => {
        await firstDialog!.locator('.slot-button').first().click();
        await verifyAsNewVisitor(first, firstPerson);
        await first.getByRole('alert').getByText(errorCatalogue.SLOT_HELD.message).waitFor();
        expect(await first.getByText(errorCatalogue.SLOT_ALREADY_BOOKED.message).count()).toBe(0);
      });

      await withFailureShot(second, 'journey-taken-second-books', async () => {
        await nextFromBookingPage(second);
        await chooseSelfAndSign(second, secondPerson);
        await nextFromPatientInformation(second);
        await paySelfPayAndBook(second, austin);
        await bookedConfirmation(second);
      });
      secondSession.problems.assertNone();
    } finally {
      await secondSession.context.close();
    }

    // A new search from the home page: the booked time is offered nowhere.
    await withFailureShot(first, 'journey-taken-first-searches-again', async () => {
      await searchFromHome(first, CITY);
      await resultsShown(first);
      const card = cardOf(first, name);
      expect((await card.locator('.provider-card__first').innerText()).trim()).not.toBe(nextAvailable);
      const dialog = await seeOpenTimes(first, card);
      expect(await timeLinks(dialog)).not.toContain(taken);
    });
    // Two people's journeys one after the other, on a machine shared with other tests.
  }, 420_000);
});
