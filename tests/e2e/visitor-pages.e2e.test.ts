/**
 * Public pages rendered on the server: provider profiles (base and friendly addresses), a removed
 * provider, landing pages and home. Their HTML carries the content without scripts (search engines),
 * they hydrate without errors, and axe finds no WCAG 2.1 AA violations.
 */
import profileCopy from '@/generated/content/provider-profile';
import cityFaq from '@/generated/content/city-faq';
import home from '@/generated/content/home';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { fillContent } from '@/domain/content-text';
import { providerProfilePath } from '@/domain/landing-urls';
import { openTestDatabase } from '../support/database';
import { baseUrl, useBrowser } from './harness';
import { sidewaysOverflow, wcagViolations } from './a11y';

interface ProviderOut {
  id: string;
  firstName: string;
  lastName: string;
  title: string;
  about: { text: string };
  practice: { id: string; city: string; state: string; addressLine1: string };
  providerSlugs: { path: string }[];
}

const PROFILE_BASE = routeById.providerProfile.path.split('/:')[0]!;

async function someProvider(): Promise<ProviderOut> {
  const res = await fetch(`${baseUrl()}/api/providers/search?state_code=OH`);
  return ((await res.json()) as { items: ProviderOut[] }).items[0]!;
}

/** The demo marketplace is seeded the same everywhere: a removed provider of the seed, from a seeded test database. */
async function removedProvider(): Promise<{ id: string; practiceId: string; firstName: string; lastName: string; city: string; state: string }> {
  const db = await openTestDatabase({ state: 'seeded' });
  try {
    const [row] = await db.database.query<{ id: string; practice_id: string; first_name: string; last_name: string; city: string; state: string }>(
      'SELECT p.id, p.practice_id, p.first_name, p.last_name, pr.city, pr.state FROM providers p JOIN practices pr ON pr.id = p.practice_id WHERE p.removed_at IS NOT NULL ORDER BY p.id LIMIT 1',
    );
    if (!row) throw new Error('The demo marketplace has no removed provider.');
    return { id: row.id, practiceId: row.practice_id, firstName: row.first_name, lastName: row.last_name, city: row.city, state: row.state };
  } finally {
    await db.close();
  }
}

describe('server-rendered public pages', () => {
  const session = useBrowser();

  it('sends a profile as HTML with the provider in it, its head tags and its data for hydration', async () => {
    const p = await someProvider();
    const path = providerProfilePath(p, PROFILE_BASE);
    const res = await fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1 translate="no">${p.firstName} ${p.lastName}</h1>`);
    expect(html).toContain(p.practice.addressLine1);
    expect(html).toMatch(new RegExp(`<title>${p.firstName} ${p.lastName}, ${p.title}[^<]*</title>`));
    expect(html).toContain(`<link rel="canonical" href="`);
    expect(html).toContain('application/ld+json');
    // A document page: no app state travels with it (nothing hydrates).
    expect(html).not.toContain('id="query-state"');
  });

  it('opens the profile as a document (nothing fetched for it in the browser), shows open times and the pay rate, and passes axe', async () => {
    const { page } = session();
    const p = await someProvider();
    const profileCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/providers/profile')) profileCalls.push(r.url());
    });
    await page.goto(providerProfilePath(p, PROFILE_BASE));
    await page.getByRole('heading', { level: 1, name: `${p.firstName} ${p.lastName}` }).waitFor();
    await page.getByRole('heading', { name: profileCopy.payRate }).waitFor();
    await page.locator('.slot-button').first().waitFor();
    expect(profileCalls).toEqual([]);
    expect(await page.getByRole('link', { name: profileCopy.directions }).getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\//);
    expect(await wcagViolations(page)).toEqual([]);
  });

  it('serves the friendly profile address', async () => {
    const { page } = session();
    const p = await someProvider();
    const friendly = p.providerSlugs[0]!.path;
    expect(friendly).toMatch(/^\/(provider|psychiatrist|therapist)\/[a-z]{2}\/[a-z0-9-]+$/);
    const html = await (await fetch(`${baseUrl()}${friendly}`)).text();
    expect(html).toContain(`<h1 translate="no">${p.firstName} ${p.lastName}</h1>`);
    await page.goto(friendly);
    await page.getByRole('heading', { level: 1, name: `${p.firstName} ${p.lastName}` }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
  });

  it('tells that a removed provider is no longer available (410, not indexed)', async () => {
    const { page, problems } = session();
    problems.allow(/Failed to load resource: .* 410/);
    const removed = await removedProvider();
    const path = providerProfilePath(
      {
        id: removed.id,
        firstName: removed.firstName,
        lastName: removed.lastName,
        practice: { id: removed.practiceId, city: removed.city, state: removed.state },
      },
      PROFILE_BASE,
    );
    const res = await fetch(`${baseUrl()}${path}`);
    expect(res.status).toBe(410);
    const html = await res.text();
    expect(html).toContain(errorCatalogue.PROVIDER_DELETED.message);
    expect(html).toContain('<meta name="robots" content="noindex">');
    await page.goto(path);
    await page.getByText(errorCatalogue.PROVIDER_DELETED.message).waitFor();
    await page.getByRole('link', { name: profileCopy.searchAgain }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    // The first run builds the seeded template database the removed provider is read from.
  }, 240_000);

  it('renders a city landing page with its FAQ filled in, and passes axe', async () => {
    const { page } = session();
    const res = await fetch(`${baseUrl()}/therapists/oh/columbus`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(fillContent(cityFaq.items[0]!.question, { city: 'Columbus', state: 'OH' }).replace(/'/g, '&#x27;'));
    expect(html).not.toContain('{{');
    expect(html).toContain('<link rel="canonical"');
    expect((await fetch(`${baseUrl()}/therapists/zz`)).status).toBe(404);
    await page.goto('/therapists/oh/columbus');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
  });

  it('shows the call center status on home and passes axe on both screen sizes', async () => {
    const { page } = session();
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const open = messages['ui.callCenter.open'].split('{')[0]!;
    const closed = messages['ui.callCenter.closed'].split('{')[0]!;
    expect(html.includes(open.replace(/'/g, '&#x27;')) || html.includes(closed.replace(/'/g, '&#x27;'))).toBe(true);
    await page.goto('/');
    await page.getByRole('heading', { name: home.callCenter.heading }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await wcagViolations(page)).toEqual([]);
  });

  it('reflows at 320 px (a 1280 px screen at 400 % zoom, WCAG 1.4.10): no public page scrolls sideways', async () => {
    const { page } = session();
    await page.setViewportSize({ width: 320, height: 640 });
    const p = await someProvider();
    const found: string[] = [];
    for (const path of [
      '/',
      routeById.login.path,
      routeById.partnerDirectory.path,
      '/therapists/oh/columbus',
      providerProfilePath(p, PROFILE_BASE),
      `${routeById.providerSearch.path}?state=OH`,
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const past of await sidewaysOverflow(page)) found.push(`${path}: ${past}`);
    }
    expect(found).toEqual([]);
  });
});
