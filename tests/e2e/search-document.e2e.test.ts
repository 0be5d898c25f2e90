/**
 * Provider search with a place is a document page: the home page's search form
 * leads to results rendered on the server, which work with JavaScript off (filters and paging as
 * plain HTML); with JavaScript on, only the islands load, and "See open times" opens the
 * provider's times in a dialog (loaded alone, a fragment) whose times lead into booking. A signed-in
 * person's header is right in the HTML itself (no "Sign in" before a script runs), also when they
 * arrive from another site (the session cookie withheld, the signed-in hint sent).
 */
import { chromium, type Browser } from 'playwright-core';
import home from '@/generated/content/home';
import copy from '@/generated/content/provider-search';
import { constants } from '@/generated/constants';
import { enums } from '@/generated/enums';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { accountFaceHtml } from '@/client/islands/account-face';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { resolveChromium } from '../support/chromium';
import { baseUrl, browserTimeZone, useBrowser } from './harness';
import { signInFromHome } from './journeys/front-door';

const P = constants.providerSearchParams;

async function searchFromHome(page: import('playwright-core').Page, place: string): Promise<void> {
  await page.goto(`${baseUrl()}/`);
  await page.getByLabel(home.hero.locationLabel).fill(place);
  await page.getByRole('button', { name: home.hero.submitLabel }).click();
  await page.waitForURL((u) => u.pathname === routeById.providerSearch.path);
}

describe('provider search with a place, as a document', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch((await resolveChromium()).launchOptions);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('with JavaScript off: the home search shows providers with their next times, filters with a plain form, pages with links', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: browserTimeZone, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await searchFromHome(page, 'Austin, TX');
    // The server geocoded the place: the results of Texas, each with its first open time.
    await page.getByRole('heading', { level: 1, name: /Texas/ }).waitFor();
    await page.locator('.provider-card').first().waitFor();
    expect(await page.locator('.provider-card').count()).toBe(constants.pageSize);
    expect(await page.locator('.provider-card__first, .provider-card .muted').count()).toBeGreaterThan(0);
    // The times' button needs the script: its place is held, and "View profile" leads to the same times.
    await expect(page.getByRole('button', { name: copy.card.seeTimes }).first().isVisible()).resolves.toBe(false);

    // The filters are one disclosure, closed as the server writes it; it opens without a script.
    const filters = page.locator('.search-layout__filters');
    await filters.getByText(copy.filters.heading, { exact: true }).click();
    await filters.getByLabel(enums.appointmentMode.labels.online, { exact: true }).check();
    await filters.getByRole('button', { name: copy.filters.apply }).click();
    await page.waitForURL((u) => u.searchParams.getAll('availability_type').includes('online') && u.searchParams.get(P.state) === 'TX');
    await expect(filters.getByLabel(enums.appointmentMode.labels.online, { exact: true }).isChecked()).resolves.toBe(true);
    await page.getByRole('link', { name: copy.filters.remove.replace('{{label}}', enums.appointmentMode.labels.online) }).waitFor();

    await page.getByRole('link', { name: copy.results.next }).click();
    await page.waitForURL((u) => u.searchParams.get(P.page) === '2');
    await page.getByRole('link', { name: copy.results.previous }).waitFor();

    // On a phone the filters cannot open in a dialog without the script: their disclosure, closed, is one line
    // above the results ("Filters (1 active)"), and opens in place.
    await page.setViewportSize({ width: 390, height: 844 });
    const phoneFilters = page.locator('.search-layout__filters');
    await phoneFilters.waitFor();
    const summary = phoneFilters.getByText(copy.filters.summaryWithCount.replace('{{count}}', '1'), { exact: true });
    await summary.waitFor();
    const [results, filtersBox] = await Promise.all([page.locator('.search-layout__results').boundingBox(), phoneFilters.boundingBox()]);
    expect(filtersBox!.y).toBeLessThan(results!.y);
    expect(filtersBox!.height).toBeLessThan(80);
    await summary.click();
    await expect(phoneFilters.getByLabel(enums.appointmentMode.labels.online, { exact: true }).isChecked()).resolves.toBe(true);
    await context.close();
  });

  it('with JavaScript on: no app on the page, a typed place shows its address, and the times open in a dialog that leads into booking', async () => {
    const context = await browser.newContext({ timezoneId: browserTimeZone, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await searchFromHome(page, 'Austin, TX');
    await page.waitForURL((u) => u.searchParams.get(P.state) === 'TX');
    const scripts = await page.locator('script[src]').evaluateAll((els) => els.map((e) => e.getAttribute('src')));
    expect(scripts).toHaveLength(1);
    expect(await page.locator('#query-state').count()).toBe(0);

    // Filters on a phone: a dialog; a ticked box shows its results and the dialog stays open at that box.
    await page.getByRole('button', { name: new RegExp(`^${copy.filters.open}`) }).click();
    const filters = page.getByRole('dialog', { name: copy.filters.heading });
    await filters.getByLabel(enums.appointmentMode.labels.online, { exact: true }).check();
    await page.waitForURL((u) => u.searchParams.getAll('availability_type').includes('online'));
    await filters.waitFor();
    await expect(filters.getByLabel(enums.appointmentMode.labels.online, { exact: true }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await filters.waitFor({ state: 'hidden' });

    const card = page
      .locator('.provider-card')
      .filter({ has: page.locator('.provider-card__first') })
      .first();
    const name = (await card.locator('.provider-card__name a').innerText()).trim();
    // The dialog loads the provider's times alone (a fragment), not the whole profile page.
    const times = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith(routeById.providerTimes.path.split('/:')[0]!));
    await card.getByRole('button', { name: copy.card.seeTimes }).click();
    const dialog = page.getByRole('dialog', { name: copy.availability.heading.replace('{{name}}', name) });
    await dialog.locator('.slot-button').first().waitFor();
    const fragment = await times;
    expect(fragment.status()).toBe(200);
    expect((await fragment.text()).match(/^<div [^>]*id="open-times"/) !== null && !(await fragment.text()).includes('<main')).toBe(true);
    for (const mode of await dialog.locator('.slot-button__mode').allTextContents()) expect(mode).toBe(enums.appointmentMode.labels.online);
    // Later days load in the dialog, not as a new page.
    const before = page.url();
    await dialog.getByRole('button', { name: copy.availability.later }).click();
    await dialog.locator('.slot-button, .notice').first().waitFor();
    expect(page.url()).toBe(before);
    await dialog.getByRole('button', { name: copy.availability.earlier }).waitFor();

    await dialog.locator('.slot-button').first().click();
    await page.waitForURL((u) => u.pathname === routeById.bookingVerifyUser.path);
    const returnTo = new URL(new URL(page.url()).searchParams.get('returnTo')!, baseUrl());
    expect(returnTo.pathname).toBe(routeById.booking.path);
    expect(returnTo.searchParams.get('availabilityType')).toBe('online');
    await context.close();
  });
});

describe('the header of a document page for a signed-in person', () => {
  const session = useBrowser();
  const patient = demoAccounts.find((a) => a.role === 'Patient')!;

  it('names their account in the HTML itself, before any script runs', async () => {
    const { page, context } = session();
    await signInFromHome(page, patient.email);
    // Drawn as the app's account button: the initial, and the name (with the label for screen readers).
    const signedInFace = accountFaceHtml({ label: message('ui.account.menuLabel'), name: patient.firstName });
    for (const path of ['/', '/therapists/tx/austin', `${routeById.providerSearch.path}?${P.state}=TX`]) {
      const html = await (await context.request.get(`${baseUrl()}${path}`, { headers: { accept: 'text/html' } })).text();
      expect({ path, signedIn: html.includes(`>${signedInFace}</a>`), signInLink: html.includes(`>${message('ui.account.signIn')}</a>`) }).toEqual({
        path,
        signedIn: true,
        signInLink: false,
      });
    }
    // A visitor's copy of the same page still offers "Sign in".
    const anonymous = await (await fetch(`${baseUrl()}/`, { headers: { accept: 'text/html' } })).text();
    expect(anonymous).toContain(`>${message('ui.account.signIn')}</a>`);
  });

  it('names their account when they arrive from another site, whose links the session cookie does not come with', async () => {
    const { page } = session();
    await signInFromHome(page, patient.email);
    const signedIn = `${message('ui.account.menuLabel')}: ${patient.firstName}`;
    const signedInFace = accountFaceHtml({ label: message('ui.account.menuLabel'), name: patient.firstName });
    const elsewhere = 'https://elsewhere.example/';
    await page.route(`${elsewhere}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Elsewhere</title><a href="${baseUrl()}/therapists/tx/austin">Find care</a>` }),
    );
    await page.goto(elsewhere);
    const arrival = page.waitForResponse((r) => r.url() === `${baseUrl()}/therapists/tx/austin`);
    await page.getByRole('link', { name: 'Find care' }).click();
    const response = await arrival;
    // The browser withheld the SameSite=Strict session: the page knew whom to name from the signed-in hint alone.
    const cookie = (await response.request().allHeaders()).cookie ?? '';
    expect(cookie).not.toContain(`${constants.accessTokenCookie}=`);
    expect(cookie).toContain(`${constants.signedInHintCookie}=`);
    const html = await response.text();
    expect({ signedIn: html.includes(`>${signedInFace}</a>`), signInLink: html.includes(`>${message('ui.account.signIn')}</a>`) }).toEqual({
      signedIn: true,
      signInLink: false,
    });
    // The island confirms it with the session (same-site now) and leaves it as it is.
    await page.waitForFunction(() => !document.querySelector('[data-account-hint]'));
    await expect(page.getByRole('link', { name: signedIn }).isVisible()).resolves.toBe(true);
  });
});
