/**
 * A Spanish-speaking visitor (issue 22) opens the Spanish home page (/es/, as a Spanish link or ad
 * gives it): the page says it is Spanish (<html lang>), its frame is in Spanish,
 * the header's switcher opens the same page in English and back, and the site's own links stay in
 * Spanish. Only clicks. (A first visit following Accept-Language: src/server/pages/languages.int.test.ts.)
 */
import site from '@/generated/content/site';
import { translations } from '@/generated/translations';
import { messageIn } from '@/domain/messages';
import { useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';

const spanishSite = translations.es!.content.site as typeof site;

describe('a Spanish-speaking visitor', () => {
  const session = useBrowser();

  it('opens /es/, reads the frame in Spanish, switches to English and back, and follows a link in Spanish', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-spanish-visitor', async () => {
      await page.goto('/es/');
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      await page.getByRole('contentinfo').getByText(spanishSite.footer.note).waitFor();
      expect(await page.getByRole('link', { name: messageIn('es', 'ui.layout.skipToContent') }).count()).toBe(1);

      // The switcher keeps the page: English home, then Spanish home again.
      await page
        .getByRole('navigation', { name: messageIn('es', 'ui.layout.language') })
        .getByRole('link', { name: 'English' })
        .click();
      await page.waitForURL((u) => u.pathname === '/');
      expect(await page.getAttribute('html', 'lang')).toBe('en-US');
      await page.getByRole('contentinfo').getByText(site.footer.note).waitFor();
      await page
        .getByRole('navigation', { name: messageIn('en-US', 'ui.layout.language') })
        .getByRole('link', { name: 'Español' })
        .click();
      await page.waitForURL((u) => u.pathname === '/es/');

      // The site's links stay in Spanish: the header's "find a provider" opens the Spanish search.
      await page.getByRole('banner').getByRole('link', { name: spanishSite.nav[0]!.label }).first().click();
      await page.waitForURL((u) => u.pathname === '/es/app/providers');
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      await page.getByRole('contentinfo').getByText(spanishSite.footer.note).waitFor();
    });
  });
});
