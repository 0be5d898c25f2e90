/**
 * The Chromium inside the @sparticuz/chromium dev dependency is what `npm test` falls back to on a
 * machine without a system Chromium. Driving the app with it here, on every run, keeps that fallback
 * working even where the system's Chromium is installed and the other browser tests use it.
 */
import { chromium, type Browser } from 'playwright-core';
import home from '@/generated/content/home';
import { resolveChromium } from '../support/chromium';
import { baseUrl, PageProblems } from './harness';

describe('the Chromium shipped in the npm package', () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it('is found without a system Chromium and serves a visitor the home page', async () => {
    const { source, launchOptions } = await resolveChromium({ env: { CHROMIUM_SOURCE: 'package' } });
    expect(source).toBe('@sparticuz/chromium');
    browser = await chromium.launch({ ...launchOptions, headless: true });
    const context = await browser.newContext({ baseURL: baseUrl() });
    const page = await context.newPage();
    const problems = new PageProblems();
    problems.watch(page);

    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1, name: home.hero.heading });
    await heading.waitFor();
    // Text is laid out with a real font (the package brings its own when the machine has none).
    expect((await heading.boundingBox())?.width).toBeGreaterThan(50);
    await page.getByLabel(home.hero.locationLabel).fill('43215');
    await page.getByLabel(home.hero.serviceLabel).selectOption({ index: 1 });
    await page.getByRole('button', { name: home.hero.submitLabel }).click();
    await page.waitForURL(/\/app\/providers\?/);
    problems.assertNone();
    await context.close();
  });
});
