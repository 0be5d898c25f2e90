/**
 * The search's filters as one disclosure (from the search page's load, 63 Tabs to the first "See open
 * times", 47 of them filters). On a wide screen they open beside the results; a keyboard user closes them with one
 * key and from then on they are one Tab stop, on every page of the visit; axe passes open and closed.
 */
import type { Page } from 'playwright-core';
import copy from '@/generated/content/provider-search';
import { constants } from '@/generated/constants';
import { enums } from '@/generated/enums';
import { routeById } from '@/generated/routes';
import { useBrowser } from './harness';
import { tabTo, wcagViolations } from './a11y';

const P = constants.providerSearchParams;
const searchPath = `${routeById.providerSearch.path}?${P.state}=TX`;
const FILTERS = new RegExp(`^${copy.filters.heading}`);

/** How many Tab presses from the top of the page reach the first control named `name`. */
async function tabsFromTopTo(page: Page, name: string, limit = 120): Promise<number> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  for (let presses = 1; presses <= limit; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => (document.activeElement?.textContent ?? '').trim());
    if (focused === name) return presses;
  }
  throw new Error(`Tab did not reach "${name}" within ${limit} presses`);
}

const disclosureOpen = (page: Page) => page.locator('details.filters-disclosure').evaluate((d) => (d as HTMLDetailsElement).open);

/** The search page with its script running: the cards' "See open times" buttons are woken by it. */
async function openSearch(page: Page): Promise<void> {
  await page.goto(searchPath);
  await page.getByRole('button', { name: copy.card.seeTimes }).first().waitFor();
}

describe('the search filters as one disclosure', () => {
  const session = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('on a wide screen: open beside the results; one key closes them, and the first "See open times" is then far fewer Tabs away', async () => {
    const { page } = session();
    await openSearch(page);
    await page.waitForFunction(() => (document.querySelector('details.filters-disclosure') as HTMLDetailsElement | null)?.open === true);
    await page.locator('.search-layout__filters').getByLabel(enums.appointmentMode.labels.online, { exact: true }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    const throughFilters = await tabsFromTopTo(page, copy.card.seeTimes);

    // A keyboard user closes the filters on their summary.
    await openSearch(page);
    await page.waitForFunction(() => (document.querySelector('details.filters-disclosure') as HTMLDetailsElement | null)?.open === true);
    await tabTo(page, FILTERS);
    await page.keyboard.press('Enter');
    expect(await disclosureOpen(page)).toBe(false);
    await page.locator('.search-layout__filters').getByLabel(enums.appointmentMode.labels.online, { exact: true }).waitFor({ state: 'hidden' });
    expect(await wcagViolations(page)).toEqual([]);

    // Closed they stay for the visit (the next search page too): one Tab stop instead of every filter.
    await openSearch(page);
    expect(await disclosureOpen(page)).toBe(false);
    const pastFilters = await tabsFromTopTo(page, copy.card.seeTimes);
    expect(pastFilters).toBeLessThan(throughFilters - 20);
    expect(pastFilters).toBeLessThanOrEqual(25);

    // And open again with one key: the filters are all there.
    await tabTo(page, FILTERS);
    await page.keyboard.press('Enter');
    await page.locator('.search-layout__filters').getByLabel(enums.appointmentMode.labels.online, { exact: true }).waitFor();
    expect(await disclosureOpen(page)).toBe(true);
  });

  it('names how many filters are on in the summary', async () => {
    const { page } = session();
    await page.goto(`${searchPath}&availability_type=online&availability_type=in_person`);
    await page.locator('.filters-disclosure__summary').getByText(copy.filters.summaryWithCount.replace('{{count}}', '2'), { exact: true }).waitFor();
  });
});
