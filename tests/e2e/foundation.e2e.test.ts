import home from '@/generated/content/home';
import system from '@/generated/content/system';
import { baseUrl, useBrowser } from './harness';

describe('the app shell in a real browser', () => {
  const session = useBrowser();

  it('serves the home page as server-rendered HTML, readable without scripts', async () => {
    const res = await fetch(`${baseUrl()}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(home.hero.heading);
    expect(html).toContain(home.howItWorks.heading);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
  });

  it('the home page (a document) sends its search form to provider search and nothing logs an error', async () => {
    const { page } = session();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: home.hero.heading }).waitFor();
    await page.getByLabel(home.hero.serviceLabel).selectOption({ index: 1 });
    await page.getByLabel(home.hero.locationLabel).fill('43215');
    await page.getByRole('button', { name: home.hero.submitLabel }).click();
    await page.waitForURL(/\/app\/providers\?/);
    expect(new URL(page.url()).searchParams.get('location')).toBe('43215');
  });

  it('fits a phone screen without sideways scrolling, in every language', async () => {
    const { page } = session();
    await page.setViewportSize({ width: 360, height: 740 });
    const overflowing: string[] = [];
    for (const path of ['/', '/es/']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) overflowing.push(`${path}: ${overflow}px`);
    }
    expect(overflowing).toEqual([]);
  });

  it('answers an unknown page with status 404 and the not-found screen', async () => {
    const { page, problems } = session();
    problems.allow(/no\/such\/page: Failed to load resource: .* 404/);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: system.notFound.heading }).waitFor();
  });

  it('shows the maintenance page', async () => {
    const { page } = session();
    const response = await page.goto('/app/under-maintenance');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: system.maintenance.heading }).waitFor();
  });

  it('answers the API beside the pages', async () => {
    const res = await fetch(`${baseUrl()}/api/health`);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'pglite' });
  });
});

describe('the browser harness', () => {
  const session = useBrowser();

  it('catches a console error on a page, so the test that caused it fails', async () => {
    const { page, problems } = session();
    await page.goto('/');
    await page.evaluate(() => console.error('something broke'));
    expect(() => problems.assertNone()).toThrow(/console error .*something broke/);
  });

  it('catches an uncaught exception on a page', async () => {
    const { page, problems } = session();
    await page.goto('/');
    // The harness listens first, so once the page error reaches this waiter it has been recorded.
    const thrown = page.waitForEvent('pageerror');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('kaboom');
      }, 0);
    });
    await thrown;
    expect(() => problems.assertNone()).toThrow(/uncaught exception .*kaboom/);
  });
});
