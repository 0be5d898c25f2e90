/**
 * Journeys of "what a person notices on the way", each from where a person starts:
 * - a therapy search's open times say the service they book, and the booking page shows it and lets
 *   it be changed (from the Austin therapists page);
 * - a zip code typed key by key on the payment step is not called invalid once it is valid;
 * - a cancelled session leaves the upcoming list for its own "Cancelled" list; past sessions say they
 *   took place; a late cancellation without a card on file says the fee will be due (not "pay");
 * - the support agent's view of an account says what became of past sessions;
 * - the hubs link to their states and cities, the home page to the partner directory;
 * - the demo patient's to-dos name the insurance they are about;
 * - the portal's tabs fit a 360-px screen;
 * - provider search has a skip link to the results; a page change moves focus to the new heading.
 * Only clicks and typing (the hubs' links are also read from the server's HTML, as a crawler reads them).
 */
import type { Page } from 'playwright-core';
import cityPage from '@/generated/content/landing-city';
import home from '@/generated/content/home';
import searchCopy from '@/generated/content/provider-search';
import findAccountForm from '@/generated/forms/support-find-account';
import { constants } from '@/generated/constants';
import { enums } from '@/generated/enums';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { useBrowser } from '../harness';
import { isoDaysAgo, settledCardSection, withFailureShot } from '../booking-helpers';
import { signInFromHome } from './front-door';
import {
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
  selfPayChoice,
  sessionInPortal,
  verifyAsNewVisitor,
} from './booking-steps';

const THERAPY = constants.questionnaireServiceSearch.individual.counselingType;
const CANCELLED = enums.appointmentStatus.labels.cancelled;
const TOOK_PLACE = messages['ui.patient.sessions.outcome.tookPlace'];
const jordan = demoAccounts.find((a) => a.role === 'Patient')!;
const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const austin = { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };
const zipInvalid = messages['validation.address.zipcode.invalid'];

function portalNav(page: Page) {
  return page.getByRole('navigation', { name: messages['ui.patient.navLabel'] });
}

describe('what a person notices on the way (desktop)', () => {
  const session = useBrowser();

  it('a therapy search says "Individual Counseling" on its times and on the booking page, where it can be changed; a valid zip is never called invalid; a cancelled session moves out of upcoming', async () => {
    const { page } = session();
    const person = newPerson('notice', isoDaysAgo(33));
    await withFailureShot(page, 'journey-notice-booking', async () => {
      await page.goto('/therapists/tx/austin');
      await page.getByRole('main').getByRole('link', { name: cityPage.callToAction.button }).first().click();
      await resultsShown(page);
      const { card, name } = await providerWithTimes(page, 3);
      const times = await seeOpenTimes(page, card);
      // Every time offered says the service it books: the therapy searched for.
      const services = await times.locator('.slot-button__service').allInnerTexts();
      expect(services.length).toBe(await times.locator('.slot-button').count());
      expect(new Set(services)).toEqual(new Set([THERAPY]));
      await times.locator('.slot-button').nth(1).click();
      await verifyAsNewVisitor(page, person);
      expect(await bookingPageShows(page, name)).toBe(THERAPY);
      // The service can be changed on the booking page, and changed back.
      const service = page.getByLabel('Service type');
      const offered = await service.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      expect(offered).toContain(THERAPY);
      const other = offered.find((o) => o !== THERAPY);
      if (other) {
        await service.selectOption(other);
        expect(await service.inputValue()).toBe(other);
        await service.selectOption(THERAPY);
      }
      await nextFromBookingPage(page);
      await chooseSelfAndSign(page, person);
      await nextFromPatientInformation(page);

      // The zip code: a wrong one is called wrong on leaving the field; typing it right clears the
      // message at once, before the field is left.
      const selfPay = page.getByRole('radio', { name: selfPayChoice });
      if (!(await selfPay.isChecked())) await selfPay.check();
      const { card: cardSection } = await settledCardSection(page);
      const zip = cardSection.getByLabel('Zip code');
      await zip.waitFor();
      await zip.fill('');
      await zip.pressSequentially('787');
      await zip.press('Tab');
      await cardSection.getByText(zipInvalid).waitFor();
      await zip.click();
      await zip.press('End');
      await zip.pressSequentially('01', { delay: 50 });
      await cardSection.getByText(zipInvalid).waitFor({ state: 'detached', timeout: 5000 });
      expect(await zip.evaluate((el) => el === document.activeElement)).toBe(true);

      await paySelfPayAndBook(page, austin);
      const booked = await sessionInPortal(page, name);
      const when = (await booked.getAttribute('aria-label'))!;
      expect(await booked.innerText()).toContain(THERAPY);

      // Cancelled: the session leaves the upcoming list for the "Cancelled" list, marked with one spelling.
      await booked.getByRole('button', { name: messages['ui.patient.sessions.cancel'] }).click();
      const cancel = page.getByRole('dialog', { name: messages['ui.patient.cancel.heading'] });
      await cancel.getByLabel(constants.appointmentCancellationReasons[0]!.label).check();
      await cancel.getByRole('button', { name: /^Cancel( session|,| and pay)/ }).click();
      await page
        .getByRole('main')
        .getByRole('status')
        .filter({ hasText: message('ui.patient.cancel.done', { when }) })
        .first()
        .waitFor();
      const cancelledList = page.getByRole('region', { name: messages['ui.patient.sessions.cancelledHeading'] });
      await cancelledList.getByRole('article', { name: when, exact: true }).getByText(CANCELLED, { exact: true }).waitFor();
      expect(await page.getByRole('main').getByRole('article', { name: when, exact: true }).count()).toBe(1);
      expect(
        await page
          .getByRole('main')
          .getByText(/Canceled/)
          .count(),
      ).toBe(0);
    });
  });

  it('the demo patient: past sessions say they took place or were cancelled, a late cancellation without a card says the fee will be due, and each to-do names its insurance', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-notice-portal', async () => {
      await signInFromHome(page, jordan.email);
      await page.waitForURL(`**${routeById.patientHome.path}`);

      // To-dos about insurance cards name the carrier, so no two read the same.
      await page
        .getByRole('main')
        .locator('.task')
        .filter({ hasText: /^Add a photo of the / })
        .first()
        .waitFor();
      const tasks = (await page.getByRole('main').locator('.task p').allInnerTexts()).map((t) => t.trim());
      expect(tasks.length).toBeGreaterThan(0);
      expect(new Set(tasks).size).toBe(tasks.length);
      const cardTasks = tasks.filter((t) => t.startsWith('Add a photo of the '));
      for (const t of cardTasks) expect(t).not.toMatch(/^Add a photo of the insurance card/);

      // Past sessions: each says what became of it, none reads as booked.
      await portalNav(page).getByRole('link', { name: messages['ui.patient.nav.sessions'] }).click();
      await page.getByRole('heading', { level: 1, name: routeById.patientSessions.title }).waitFor();
      await page
        .getByRole('navigation', { name: messages['ui.patient.sessions.tabsLabel'] })
        .getByRole('link', { name: messages['ui.patient.sessions.past'] })
        .click();
      await page.waitForURL(`**${routeById.patientSessionsPast.path}`);
      const past = page.getByRole('main').getByRole('article');
      // The address changes before the past sessions arrive: wait for one of them, then read them all.
      await past.getByText(TOOK_PLACE, { exact: true }).first().waitFor();
      for (const text of await past.allInnerTexts()) expect(text).toMatch(new RegExp(`${TOOK_PLACE}|${CANCELLED}`));

      // A late cancellation: the words match whether a card is on file (charged now) or not (due later).
      await portalNav(page).getByRole('link', { name: messages['ui.patient.nav.billing'] }).click();
      await page.getByRole('heading', { level: 1, name: routeById.patientBilling.title }).waitFor();
      const noCard = page.getByText(messages['ui.patient.billing.noCards']);
      const cardLine = page.getByText(/ending in \d{4}/);
      await noCard.or(cardLine).first().waitFor();
      const cardOnFile = (await noCard.count()) === 0;
      await portalNav(page).getByRole('link', { name: messages['ui.patient.nav.sessions'] }).click();
      await page
        .getByRole('navigation', { name: messages['ui.patient.sessions.tabsLabel'] })
        .getByRole('link', { name: messages['ui.patient.sessions.upcoming'] })
        .click();
      const first = page
        .getByRole('main')
        .getByRole('article')
        .filter({ has: page.getByRole('button', { name: messages['ui.patient.sessions.cancel'] }) })
        .first();
      await first.getByRole('button', { name: messages['ui.patient.sessions.cancel'] }).click();
      const cancel = page.getByRole('dialog', { name: messages['ui.patient.cancel.heading'] });
      const fee = formatCents(constants.lateCancelFeeCents);
      await cancel.getByText(message('ui.patient.cancel.lateFee', { hours: constants.lateCancelWindowHours, fee })).waitFor();
      if (cardOnFile) {
        await cancel.getByRole('button', { name: message('ui.patient.cancel.confirmWithFee', { fee }) }).waitFor();
      } else {
        await cancel.getByText(message('ui.patient.cancel.feeWillBeDue', { fee })).waitFor();
        await cancel.getByRole('button', { name: message('ui.patient.cancel.confirmFeeDue', { fee }) }).waitFor();
        expect(await cancel.getByRole('button', { name: /pay/i }).count()).toBe(0);
      }
      await cancel.getByRole('button', { name: messages['ui.patient.cancel.keep'] }).click();
      await cancel.waitFor({ state: 'detached' });
    });
  });

  it('the support agent reads what became of an account’s past sessions', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-notice-support', async () => {
      await signInFromHome(page, agent.email);
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      const find = page.getByRole('region', { name: messages['ui.support.find.heading'] });
      await find.getByLabel('Email').fill(jordan.email);
      await find.getByRole('button', { name: findAccountForm.submitLabel }).click();
      await page.waitForURL((u) => u.pathname === routeById.supportUser.path);
      const past = page.getByRole('region', { name: messages['ui.support.user.past'] }).getByRole('listitem');
      await past.first().waitFor();
      const rows = await past.allInnerTexts();
      for (const row of rows) {
        expect(row).toMatch(new RegExp(`${TOOK_PLACE}|${CANCELLED}`));
        expect(row).not.toMatch(/Booked/);
      }
    });
  });

  it('the hubs link to their states and cities, and the home page to the partner directory', async () => {
    const { page } = session();
    for (const hub of [routeById.therapistsHub.path, routeById.psychiatristsHub.path, routeById.providersHub.path]) {
      // As a crawler reads it: the server's HTML has plain links to state and city pages.
      const html = await (await page.request.get(hub)).text();
      expect(html).toMatch(new RegExp(`href="${hub}/[a-z]{2}"`));
      expect(html).toMatch(new RegExp(`href="${hub}/[a-z]{2}/[^"/]+"`));
    }
    await page.goto(routeById.therapistsHub.path);
    const places = page.getByRole('region', { name: message('ui.landing.places.heading', { providerKind: 'therapists' }) });
    await places.getByRole('link', { name: 'Austin', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/therapists/tx/austin');
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();

    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: home.partners.link }).click();
    await page.waitForURL((u) => u.pathname === routeById.partnerDirectory.path);
    await page.getByRole('main').getByRole('heading', { level: 1, name: routeById.partnerDirectory.title }).waitFor();
  });

  it('keyboard: a skip link jumps past the filters to the results; a page change puts focus on the new heading', async () => {
    const { page } = session();
    await searchFromHome(page, 'Columbus, OH');
    await page.getByRole('textbox', { name: searchCopy.location.label }).focus();
    let presses = 0;
    const skip = page.getByRole('link', { name: messages['ui.search.skipToResults'] });
    while (!(await skip.evaluate((el) => el === document.activeElement).catch(() => false)) && presses < 6) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(presses).toBeLessThan(6);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('results-heading');
    // The next Tab stops inside the results, not in the filters.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.search-layout__results')))).toBe(true);

    // A client-side page change (the header's "Sign in"): focus is on the sign-in page's heading.
    await page
      .getByRole('banner')
      .getByRole('link', { name: message('ui.account.signIn') })
      .click();
    await page.getByRole('heading', { level: 1, name: message('ui.login.heading') }).waitFor();
    await page.waitForFunction((text) => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === text, message('ui.login.heading'), {
      timeout: 10_000,
    });
  });
});

describe('what a person notices on the way (a 360-px phone)', () => {
  const session = useBrowser({ viewport: { width: 360, height: 740 } });

  it('the portal’s tabs fit the screen: none cut off, nothing scrolls sideways out of sight', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-notice-phone', async () => {
      await signInFromHome(page, jordan.email);
      await page.waitForURL(`**${routeById.patientHome.path}`);
      const nav = portalNav(page);
      await nav.waitFor();
      expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      for (const tab of await nav.getByRole('link').all()) {
        const box = (await tab.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
      }
      await nav.getByRole('link', { name: messages['ui.patient.nav.insuranceCards'] }).click();
      await page.getByRole('heading', { level: 1, name: routeById.patientInsuranceCards.title }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });
  });
});
