/**
 * Journey: staff work while the flag service is slow (it answers the browser only after 5 s, beyond the
 * flag clients' 1.5 s wait). The support agent signs in from the home page with an e-mailed code (not a
 * link), finds "Find a session" and "Insurance" on the dashboard, finds a caller's account, opens a session
 * and reloads it; a clinician signs in and opens measurement-based care, not "paused for maintenance".
 * What the screens show comes from the server's flag decisions, carried by the pages and the sign-in answers.
 * Only clicks and typing.
 */
import findAccountForm from '@/generated/forms/support-find-account';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { newSession, useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { slowFlagService } from '../flag-override';
import { signInFromHome } from './front-door';

const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const clinician = demoAccounts.find((a) => a.role === 'Clinician')!;
const caller = demoAccounts.find((a) => a.role === 'Patient')!;
const callerName = `${caller.firstName} ${caller.lastName}`;
const FLAG_SERVICE_DELAY_MS = 5_000;

describe('journey: staff screens stay whole while the flag service answers in 5 s', () => {
  const session = useBrowser();

  it('support agent: home → sign in with a code → dashboard tools → the account → a session, reloaded', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-staff-slow-flags', async () => {
      await slowFlagService(page, FLAG_SERVICE_DELAY_MS);
      // signInFromHome asks for a code and types it: a link instead would fail here.
      await signInFromHome(page, agent.email);
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 2, name: messages['ui.support.search.heading'] }).waitFor();
      await main.getByRole('link', { name: messages['ui.support.insurance.check'] }).waitFor();
      // Past the flag clients' wait, and still there.
      await page.waitForTimeout(FLAG_SERVICE_DELAY_MS);
      await main.getByRole('heading', { level: 2, name: messages['ui.support.search.heading'] }).waitFor({ timeout: 1_000 });
      await main.getByRole('link', { name: messages['ui.support.insurance.check'] }).waitFor({ timeout: 1_000 });

      const find = page.getByRole('region', { name: messages['ui.support.find.heading'] });
      await find.getByLabel('Email').fill(caller.email);
      await find.getByRole('button', { name: findAccountForm.submitLabel }).click();
      await page.waitForURL((u) => u.pathname === routeById.supportUser.path);
      await main.getByRole('heading', { level: 1, name: callerName }).waitFor();

      const upcoming = page.getByRole('region', { name: messages['ui.support.user.upcoming'] });
      await upcoming.getByRole('listitem').first().getByRole('link').first().click();
      await page.waitForURL((u) => u.pathname === routeById.supportUserSession.path);
      const sessionHeading = main.getByRole('heading', { level: 1, name: /^Session of / });
      await sessionHeading.waitFor();
      const sessionUrl = page.url();

      await page.reload();
      await sessionHeading.waitFor();
      await page.waitForTimeout(FLAG_SERVICE_DELAY_MS);
      expect(page.url()).toBe(sessionUrl);
      await sessionHeading.waitFor({ timeout: 1_000 });
    });
  });

  it('clinician: home → sign in with a code → measurement-based care opens (not paused for maintenance)', async () => {
    const other = await newSession();
    try {
      const { page } = other;
      await slowFlagService(page, FLAG_SERVICE_DELAY_MS);
      await signInFromHome(page, clinician.email);
      await page.waitForURL((u) => u.pathname === routeById.careSchedule.path);
      await page
        .getByRole('navigation', { name: message('ui.care.nav.label') })
        .getByRole('link', { name: routeById.careMbcDashboard.title })
        .click();
      await page.waitForURL((u) => u.pathname === routeById.careMbcDashboard.path);
      await page.getByRole('main').getByRole('heading', { level: 1, name: routeById.careMbcDashboard.title }).waitFor();
      await page.waitForTimeout(FLAG_SERVICE_DELAY_MS);
      expect(new URL(page.url()).pathname).toBe(routeById.careMbcDashboard.path);
    } finally {
      await other.context.close();
    }
  });
});
