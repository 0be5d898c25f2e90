import { constants } from '../../src/generated/constants';
import { endpointRoutes } from '../../src/generated/client/api';
import home from '../../src/generated/content/home';
import { useBrowser } from './harness';

const flagPath = `**/api${endpointRoutes.getFrontendFlags.path}*`;

describe('feature flags in a real browser', () => {
  const session = useBrowser();

  it('with the flag endpoint unreachable, the app still works on control treatments, silently', async () => {
    const { page, problems } = session();
    // The browser itself reports the refused request; the app must add nothing to it.
    problems.allow(/Failed to load resource: net::ERR_FAILED/);
    let attempts = 0;
    await page.route(flagPath, (route) => {
      attempts += 1;
      return route.abort('failed');
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: home.hero.heading }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.flags === 'fallback');
    expect(attempts).toBeGreaterThan(0);
    await page.getByLabel(home.hero.locationLabel).fill('43215');
    await page.getByRole('button', { name: home.hero.submitLabel }).click();
    await page.waitForURL(/\/app\/providers\?/);
  });

  it('with the endpoint up, the anonymous client is keyed by the visitor id and gets the served treatments', async () => {
    const { page, context } = session();
    const requests: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api${endpointRoutes.getFrontendFlags.path}`)) requests.push(new URL(r.url()));
    });
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.flags === 'ready');
    const visitor = await page.evaluate((key) => window.localStorage.getItem(key), constants.visitorIdStorageKey);
    expect(visitor).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests[0]!.searchParams.get('userId')).toBe(visitor);
    const cookie = (await context.cookies()).find((c) => c.name === constants.visitorIdCookie);
    expect(cookie?.value).toBe(visitor);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.flags === 'ready');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), constants.visitorIdStorageKey)).toBe(visitor);
  });
});
