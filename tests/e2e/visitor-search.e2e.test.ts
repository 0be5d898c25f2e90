/**
 * The visitor's path up to choosing a slot, in Chromium against the real server and seeded database:
 * the child-therapy questionnaire, provider search with filters in the address, paging, the
 * availability modal and the start of a booking; by mouse and by keyboard alone; axe on every page.
 */
import flow from '@/generated/flows/search-questionnaire';
import copy from '@/generated/content/provider-search';
import { constants } from '@/generated/constants';
import { enums } from '@/generated/enums';
import { routeById } from '@/generated/routes';
import { fillContent } from '@/domain/content-text';
import { baseUrl, useBrowser } from './harness';
import { tabTo, wcagViolations } from './a11y';

const step = (id: string) => flow.steps.find((s) => s.id === id)!;
const stepCopy = (id: string) => step(id).copy as Readonly<Record<'heading' | 'note' | 'button' | 'fieldLabel' | 'carrierLabel' | 'hint', string>>;
const childCopy = (step('select-location') as { copyByVariant?: Record<string, { heading: string }> }).copyByVariant!['child-therapy']!;
const insuranceChoices = step('select-insurance').choices as { value: string; label: string }[];
const yes = insuranceChoices.find((c) => c.value === 'insurance')!.label;
const P = constants.providerSearchParams;
const ZIP = '78701';

async function apiTotal(query: URLSearchParams): Promise<number> {
  const api = new URLSearchParams();
  api.set('state_code', query.get(P.state)!);
  for (const type of enums.filterType.values) for (const v of query.getAll(type)) api.append(type, v);
  const res = await fetch(`${baseUrl()}/api/providers/search?${api.toString()}`);
  return ((await res.json()) as { total: number }).total;
}

describe('the visitor finds a provider and picks a time', () => {
  const session = useBrowser();

  it('answers the child-therapy questionnaire, lands on search with the answers as filters, filters by video visit, opens the availability modal and starts a booking', async () => {
    const { page } = session();
    await page.goto(routeById.searchQuestionnaire.path);
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByRole('heading', { level: 1, name: stepCopy('select-service').heading }).waitFor();
    await page.getByText(stepCopy('select-service').note).waitFor();
    for (const label of enums.questionnaireService.options.map((o) => o.label)) await page.getByRole('button', { name: label }).waitFor();
    await page.getByRole('button', { name: enums.questionnaireService.labels.child }).click();

    await page.getByRole('heading', { level: 1, name: stepCopy('select-age-group').heading }).waitFor();
    for (const label of enums.clientAgeGroup.options.map((o) => o.label)) await page.getByRole('button', { name: label }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByRole('button', { name: enums.clientAgeGroup.labels['11-13'] }).click();

    // The child variant asks where *they* live.
    await page.getByRole('heading', { level: 1, name: childCopy.heading }).waitFor();
    await page.getByLabel(stepCopy('select-location').fieldLabel).fill(ZIP);
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByRole('button', { name: stepCopy('select-location').button }).click();

    await page.getByRole('heading', { level: 1, name: stepCopy('select-insurance').heading }).waitFor();
    await page.getByLabel(yes).check();
    const carrier = page.getByLabel(stepCopy('select-insurance').carrierLabel);
    await carrier.locator('option[value="AETNA"]').waitFor({ state: 'attached' });
    await carrier.selectOption('AETNA');
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByRole('button', { name: stepCopy('select-insurance').button }).click();

    await page.waitForURL(/\/app\/providers\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get(P.state)).toBe('TX');
    expect(url.searchParams.getAll('counseling_type')).toEqual([constants.questionnaireServiceSearch.child.counselingType]);
    expect(url.searchParams.getAll('client_age_group')).toEqual(['11-13']);
    expect(url.searchParams.getAll('insurance_id')).toEqual(['AETNA']);
    const heading = page.locator('#results-heading');
    const before = await apiTotal(url.searchParams);
    await page.getByRole('heading', { name: before === 1 ? copy.results.countOne : fillContent(copy.results.count, { count: before }) }).waitFor();

    // Video visit: one more filter, kept in the address.
    // click, not check: the search re-renders its filters from the new address, so the state is read from the URL below.
    await page.locator('.search-layout__filters').getByLabel(enums.appointmentMode.labels.online, { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.getAll('availability_type').includes('online'));
    const filtered = new URL(page.url()).searchParams;
    const after = await apiTotal(filtered);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(before);
    await heading.filter({ hasText: after === 1 ? copy.results.countOne : fillContent(copy.results.count, { count: after }) }).waitFor();
    // The filtered results, not the previous ones still shown (dimmed) while they load: the count may be the same.
    await page.locator('.results-list[aria-busy="false"]').waitFor();
    await page.locator('.provider-card__first').first().waitFor();
    expect(await wcagViolations(page)).toEqual([]);

    // The address is the search: a reload shows the same filters.
    await page.reload();
    await expect(page.locator('.search-layout__filters').getByLabel(enums.appointmentMode.labels.online, { exact: true }).isChecked()).resolves.toBe(true);

    // The availability modal: days as columns, at least slotTableMinRows rows, narrowed by session type.
    await page.getByRole('button', { name: copy.card.seeTimes }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.slot-button').first().waitFor();
    expect(await dialog.locator('.slot-table tbody tr').count()).toBeGreaterThanOrEqual(constants.slotTableMinRows);
    expect(await dialog.locator('.slot-table thead th').count()).toBeGreaterThan(0);
    expect(await wcagViolations(page)).toEqual([]);
    const modes = await dialog.locator('.slot-button__mode').allTextContents();
    expect(modes.length).toBeGreaterThan(0);
    expect(modes.every((m) => m === enums.appointmentMode.labels.online)).toBe(true);
    await dialog.getByLabel(copy.availability.timeOfDayLabel).selectOption('afternoon');
    await dialog.locator('.slot-button, .notice').first().waitFor();

    // Choosing a time starts the booking: not signed in, so identity verification first, returning to the booking.
    const firstSlot = dialog.locator('.slot-button').first();
    if ((await firstSlot.count()) === 0) await dialog.getByLabel(copy.availability.timeOfDayLabel).selectOption('');
    await dialog.locator('.slot-button').first().click();
    await page.waitForURL((u) => u.pathname === routeById.bookingVerifyUser.path);
    const returnTo = new URL(new URL(page.url()).searchParams.get('returnTo')!, baseUrl());
    expect(returnTo.pathname).toBe(routeById.booking.path);
    expect(returnTo.searchParams.get('showSuccessModal')).toBe('true');
    expect(returnTo.searchParams.get('availabilityType')).toBe('online');
    expect(returnTo.searchParams.get('counselingType')).toBe(constants.questionnaireServiceSearch.child.counselingType);
    expect(returnTo.searchParams.get('slotId')).toMatch(/^[0-9a-f-]{36}$/);
    expect(returnTo.searchParams.get('tz')).toMatch(/^America\//);
  });

  it('pages through results ten at a time, with the page in the address', async () => {
    const { page } = session();
    await page.goto(`${routeById.providerSearch.path}?${P.location}=${ZIP}`);
    await page.waitForURL((u) => u.searchParams.get(P.state) === 'TX');
    const total = await apiTotal(new URL(page.url()).searchParams);
    expect(total).toBeGreaterThan(constants.pageSize);
    await page
      .locator('.results-list > li')
      .nth(constants.pageSize - 1)
      .waitFor();
    expect(await page.locator('.results-list > li').count()).toBe(constants.pageSize);
    const firstOnPage1 = await page.locator('.provider-card__name a').first().textContent();
    await page.getByRole('link', { name: copy.results.next }).click();
    await page.waitForURL((u) => u.searchParams.get(P.page) === '2');
    await page.getByText(fillContent(copy.results.page, { page: 2, pages: Math.ceil(total / constants.pageSize) })).waitFor();
    await page.waitForFunction((name) => document.querySelector('.provider-card__name a')?.textContent !== name, firstOnPage1);
    // Focus moves to the results, for keyboard and screen-reader users.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('results-heading');
    await page.getByRole('link', { name: copy.results.previous }).click();
    await page.waitForURL((u) => !u.searchParams.has(P.page));
  });

  it('says what to do when nothing matches, and when a place is unknown', async () => {
    const { page } = session();
    await page.goto(
      `${routeById.providerSearch.path}?${P.state}=TX&language=American%20Sign%20Language&gender=Male&time_of_day=early_morning&availability_type=in_person&counseling_type=Psychological%20Testing%20%26%20Evaluation`,
    );
    await page.getByRole('heading', { name: copy.empty.heading }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await page.locator('.empty-state').getByRole('button', { name: copy.empty.clear }).click();
    await page.waitForURL((u) => !u.searchParams.has('language'));
    await page.locator('.provider-card').first().waitFor();

    await page.goto(`${routeById.providerSearch.path}?${P.location}=Nowhere%20Town%2C%20ZZ`);
    await page
      .getByRole('alert')
      .filter({ hasText: /location/i })
      .waitFor();
  });

  it('works by keyboard alone: questionnaire, filters, availability modal, choosing a time', async () => {
    const { page } = session();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${routeById.searchQuestionnaire.path}?${P.service}=individual`);
    // The service is known: the service flow asks the location, then insurance.
    await page.getByRole('heading', { level: 1, name: stepCopy('select-location').heading }).waitFor();
    await tabTo(page, stepCopy('select-location').fieldLabel);
    await page.keyboard.type('Austin, TX');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: stepCopy('select-insurance').heading }).waitFor();
    const no = insuranceChoices.find((c) => c.value === 'selfPay')!.label;
    // A radio group is one tab stop; the arrow keys choose within it.
    await tabTo(page, yes);
    await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel(no, { exact: true }).isChecked()).toBe(true);
    await tabTo(page, stepCopy('select-insurance').button);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === routeById.providerSearch.path && u.searchParams.get(P.selfPay) === 'true');
    await page.locator('.provider-card').first().waitFor();

    await tabTo(page, new RegExp(`^${copy.filters.open}`));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await tabTo(page, enums.appointmentMode.labels.online);
    await page.keyboard.press('Space');
    await page.waitForURL((u) => u.searchParams.getAll('availability_type').includes('online'));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await tabTo(page, copy.card.seeTimes);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').locator('.slot-button').first().waitFor();
    await tabTo(page, /^\d{1,2}:\d{2} [AP]M /);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === routeById.bookingVerifyUser.path);
  });
});
