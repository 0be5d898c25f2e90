import { constants } from '@/generated/constants';
import { endpointRoutes } from '@/generated/client/api';
import searchCopy from '@/generated/content/provider-search';
import { routeById } from '@/generated/routes';
import { useBrowser } from './harness';
import { until } from './signin-support';

const flagPath = `**/api${endpointRoutes.getFrontendFlags.path}*`;

describe('feature flags in a real browser', () => {
  const session = useBrowser();

  it('with the flag endpoint unreachable, the app works on the decisions the server sent with the page, silently', async () => {
    const { page, problems } = session();
    // The browser itself reports the refused request; the app must add nothing to it.
    problems.allow(/Failed to load resource: net::ERR_FAILED/);
    let attempts = 0;
    await page.route(flagPath, (route) => {
      attempts += 1;
      return route.abort('failed');
    });
    // Provider search: the first page of the app a visitor reaches (home and landing pages are documents, without the app).
    await page.goto(routeById.providerSearch.path);
    await until(() => attempts > 0);
    // The flag clients' wait runs out; the page's decisions stay (never fallback to control).
    await page.waitForTimeout(constants.flagReadyWaitMs * 2);
    expect(await page.evaluate(() => document.documentElement.dataset.flags)).toBe('ready');
    await page.getByRole('textbox', { name: searchCopy.location.label }).fill('43215');
    await page.getByRole('button', { name: searchCopy.location.submit }).click();
    await page.waitForURL((u) => u.searchParams.has('state'));
    await page.locator('.provider-card').first().waitFor();
  });

  it('with the endpoint up, the anonymous client is keyed by the visitor id and gets the served treatments', async () => {
    const { page, context } = session();
    const requests: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api${endpointRoutes.getFrontendFlags.path}`)) requests.push(new URL(r.url()));
    });
    await page.goto(routeById.providerSearch.path);
    // The page came with the server's decisions (ready at once); the flag client asks when its code is in.
    await until(() => requests.length > 0);
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
