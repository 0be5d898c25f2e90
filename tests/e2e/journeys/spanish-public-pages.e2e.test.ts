/**
 * The public pages in Spanish show no English: the home page, a hub, a city landing page, the
 * search with its results and a provider's profile, opened under /es/ as a Spanish link gives them. The
 * visible text (names of providers and the brand left out) is checked against common English words
 * (journeys/english-words.ts, as the portal and staff screens are).
 * The header's switcher opens the same page in English and back, and keeps the query.
 */
import site from '@/generated/content/site';
import { messageIn } from '@/domain/messages';
import { DEFAULT_LOCALE } from '@/domain/locale';
import { routeById } from '@/generated/routes';
import { localizedContent } from '@/domain/translations';
import { baseUrl, useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { englishInForms, englishOn, type NotCopy } from './english-words';

/**
 * What a public page shows that is not copy besides the names it marks translate="no" (providers'): the brand, and what
 * a provider wrote about themselves (their profile's about text, in the language they wrote it).
 */
const NOT_COPY: NotCopy = {
  elements: '.provider-profile__about',
  texts: [site.brand.name],
};

async function spanishProfilePath(): Promise<string> {
  const providers = await (await fetch(`${baseUrl()}/sitemaps/es/providers-1.xml`)).text();
  return new URL(/<loc>([^<]+)<\/loc>/.exec(providers)![1]!).pathname;
}

describe('the public pages in Spanish', () => {
  const session = useBrowser({ locale: 'es-MX' });

  it('show no English outside names and brand: home, a hub, a landing page, the search and a profile', async () => {
    const { page } = session();
    const pages: Record<string, string> = {
      home: '/es/',
      hub: '/es/therapists',
      landing: '/es/therapists/tx/austin',
      search: '/es/app/providers?state=TX&location=Austin%2C+TX',
      profile: await spanishProfilePath(),
    };
    const english: Record<string, string[]> = {};
    await withFailureShot(page, 'spanish-public-pages', async () => {
      for (const [kind, path] of Object.entries(pages)) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        if (kind === 'search') await page.locator('.provider-card').first().waitFor();
        expect(await page.getAttribute('html', 'lang')).toBe('es');
        await page.getByRole('contentinfo').getByText(localizedContent(site, 'es').footer.note).waitFor();
        // What the provider wrote is read in the language they wrote it in (WCAG 3.1.2): the seeded texts are English.
        if (kind === 'profile') expect(await page.locator('.provider-profile__about').getAttribute('lang')).toBe(DEFAULT_LOCALE);
        const words = await englishOn(page, NOT_COPY);
        if (words.length) english[kind] = words;
      }
    });
    expect(english).toEqual({});
  });

  it("the header's switcher opens the same page in English, with its query, and back in Spanish", async () => {
    const { page } = session();
    await withFailureShot(page, 'spanish-switcher', async () => {
      await page.goto('/es/therapists/tx?page=2');
      await page
        .getByRole('navigation', { name: messageIn('es', 'ui.layout.language') })
        .getByRole('link', { name: 'English' })
        .click();
      await page.waitForURL((u) => u.pathname === '/therapists/tx' && u.search === '?page=2');
      expect(await page.getAttribute('html', 'lang')).toBe('en-US');
      await page.getByRole('contentinfo').getByText(site.footer.note).waitFor();
      // The choice is kept: the English page does not send this Spanish browser back to Spanish.
      await page.reload();
      expect(new URL(page.url()).pathname).toBe('/therapists/tx');
      await page
        .getByRole('navigation', { name: messageIn('en-US', 'ui.layout.language') })
        .getByRole('link', { name: 'Español' })
        .click();
      await page.waitForURL((u) => u.pathname === '/es/therapists/tx' && u.search === '?page=2');
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      // The site's links stay in Spanish: the header's search link opens the Spanish search.
      await page
        .getByRole('banner')
        .getByRole('link', { name: localizedContent(site, 'es').nav[0]!.label })
        .first()
        .click();
      await page.waitForURL((u) => u.pathname === '/es/app/providers');
      expect(await page.getAttribute('html', 'lang')).toBe('es');
    });
  });

  it('the sign-in form, reached from the header, asks and answers in Spanish, sent empty too', async () => {
    const { page } = session();
    await withFailureShot(page, 'spanish-sign-in-form', async () => {
      await page.goto('/es/');
      await page
        .getByRole('banner')
        .getByRole('link', { name: messageIn('es', 'ui.account.signIn') })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: messageIn('es', 'ui.login.heading') }).waitFor();
      await page.waitForFunction(() => document.documentElement.dataset.flags === 'ready');
      const english = await englishInForms(page);
      const form = page
        .locator('form')
        .filter({ has: page.locator('input') })
        .first();
      await form.locator('button[type="submit"]').first().click();
      await form.locator('.field__error').first().waitFor();
      english.push(...(await englishInForms(page)));
      expect(english).toEqual([]);
      // The same reading finds the English sign-in form's words: the check reads what the form shows.
      await page.goto(routeById.login.path);
      await page.getByRole('heading', { level: 1, name: messageIn(DEFAULT_LOCALE, 'ui.login.heading') }).waitFor();
      expect((await englishInForms(page)).length).toBeGreaterThan(0);
    });
  });
});
