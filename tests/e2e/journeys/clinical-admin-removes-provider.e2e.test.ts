/**
 * Journey: the demo clinical admin signs in from the home page, lands on the login
 * dashboard and opens "Care administration", searches providers by name and opens one to edit, saves
 * a new "About" text, then removes the provider with a removal reason of product-spec §3. The toast
 * counts the sessions sent to the red-alert queue, and "View public profile" opens the profile, which
 * now answers 410 with the page for a provider who left. Only clicks and typing.
 */
import profileForm from '@/generated/forms/care-admin-provider-profile';
import removeProviderForm from '@/generated/forms/care-admin-remove-provider';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import profileCopy from '@/generated/content/provider-profile';
import { message } from '@/domain/messages';
import { useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { wcagViolations } from '../a11y';
import { screenshots } from '../signin-support';
import { signInFromHome, screenHeading } from './front-door';

const ADMIN = 'casey.nguyen@example.com';

describe('a clinical admin edits and removes a provider, whose profile then answers 410', () => {
  const session = useBrowser();

  it('login dashboard → care administration → search → edit → remove → profile gone', async () => {
    const { page, problems } = session();
    // Provoked on purpose: the removed provider's profile.
    problems.allow(/\[GET \/(therapist|psychiatrist)\/[a-z]{2}\/[a-z0-9-]+ → 410\]/);
    await withFailureShot(page, 'journey-clinical-admin', async () => {
      await signInFromHome(page, ADMIN);
      expect(await screenHeading(page)).toBe(message('ui.loginDashboard.heading'));
      await page.getByRole('navigation', { name: routeById.loginDashboard.title }).getByRole('link', { name: routeById.careAdmin.title }).click();
      await page.getByRole('heading', { level: 1, name: routeById.careAdmin.title }).waitFor();
      await page.getByLabel(messages['ui.care.admin.search']).fill('ar');
      const rows = page.locator('ul.care__list[aria-busy="false"] > li');
      await rows.first().waitFor();
      // The last of the matches, with an Edit button (not removed yet).
      const row = rows.filter({ has: page.getByRole('link', { name: /^Edit / }) }).last();
      const name = (await row.locator('.care__when').innerText()).split(',')[0]!.trim();
      await screenshots(page, 'journey-care-admin');
      await row.getByRole('link', { name: /^Edit / }).click();

      await page.getByRole('heading', { level: 1, name: new RegExp(`^${name},`) }).waitFor();
      const form = page.getByRole('region', { name: routeById.careAdminEdit.title });
      await form.getByLabel('About', { exact: true }).fill('');
      await form.getByRole('button', { name: profileForm.submitLabel }).click();
      // Stopped in the browser: the field says what is missing.
      await form.getByText(messages['providerAdmin.aboutRequired']).waitFor();
      await form.getByLabel('About', { exact: true }).fill('Calm, practical therapy for anxiety and stress.');
      await form.getByRole('button', { name: profileForm.submitLabel }).click();
      await page
        .getByRole('status')
        .filter({ hasText: message('ui.care.admin.saved', { name }) })
        .waitFor();
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);
      await screenshots(page, 'journey-care-admin-edit');

      const remove = page.getByRole('region', { name: messages['ui.care.admin.removeHeading'] });
      await remove.getByLabel('Reason for removal').selectOption('Incorrect Practitioner Type');
      await remove.getByLabel('Note for support (optional)').fill('Please offer the clients another provider.');
      await remove.getByRole('button', { name: removeProviderForm.submitLabel }).click();
      await page
        .getByRole('status')
        .filter({ hasText: new RegExp(`^${name} was removed; \\d+ upcoming sessions went to the red-alert queue\\.`) })
        .waitFor();
      await page.getByText(message('ui.care.admin.isRemoved', { reason: 'Incorrect Practitioner Type' })).waitFor();

      const [document] = await Promise.all([
        page.waitForResponse((r) => r.request().resourceType() === 'document'),
        page.getByRole('link', { name: messages['ui.care.admin.viewProfile'] }).click(),
      ]);
      expect(document.status()).toBe(410);
      await page.getByRole('heading', { level: 1, name: profileCopy.deletedHeading }).waitFor();
    });
  });
});
