/**
 * Sign-in with a magic link in a real browser: asked for on the sign-in page (one-time-code flag
 * off), opened from the e-mail; a used link refused with the spec's message; the date-of-birth
 * popup of a partner member; each role of §6 landing where it belongs.
 */
import { errorCatalogue } from '@/generated/errors';
import findAccountForm from '@/generated/forms/support-find-account';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { postLoginPath } from '@/domain/roles';
import { demoAccounts, type DemoAccount } from '@/server/db/seed/demo-accounts';
import { permissionsFrom } from '@/domain/permissions';
import { destinationPaths, withQuery } from '@/client/runtime/navigation/places';
import { useBrowser } from './harness';
import { visitedPaths } from './journeys/front-door';
import { latestMail, linkIn, mailMoment, screenshots, signInLinkFor, until, wcagViolations } from './signin-support';
import { answerFlagVariant } from './flag-override';

const byRole = (role: string) => demoAccounts.find((a) => a.role === role)!;
const member = demoAccounts.find((a) => a.dobCheckRequired)!;

/** Where §6 sends this account after sign-in (a third-party agent with its partnership code). */
function destinationOf(account: DemoAccount): string {
  const path = postLoginPath(permissionsFrom(account.groups), destinationPaths);
  return account.userType === 'third_party_support' ? withQuery(path, { partnershipCode: account.partnershipCode }) : path;
}

describe('sign-in with a magic link', () => {
  const session = useBrowser();

  it('sends a link from the sign-in page when the one-time-code flag is off, and the link signs in', async () => {
    const { page } = session();
    const clinician = byRole('Clinician');
    // The flag service answers emailOtpLogin: off for this visitor.
    await answerFlagVariant(page, 'emailOtpLogin', 'off');
    await page.goto(routeById.login.path);
    await page.waitForFunction(() => document.documentElement.dataset.flags === 'ready');
    const since = mailMoment();
    await page.getByLabel('Email').fill(clinician.email);
    await page.getByRole('button', { name: message('ui.login.sendLink') }).click();
    await page.waitForURL(`**${routeById.loginEmailSent.path}`);
    await page.getByText(message('ui.emailSent.text', { email: clinician.email })).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await screenshots(page, 'email-sent');

    await page.goto(linkIn(await latestMail(clinician.email, 'sign-in-link', since)));
    await page.waitForURL(`**${destinationOf(clinician)}`);
  });

  it('refuses a link that was used already, with the spec message and a way to ask for a new one', async () => {
    const { page, context, problems } = session();
    problems.allow(/Failed to load resource: the server responded with a status of 401/);
    const developer = byRole('Software developer');
    const link = await signInLinkFor(developer.email);
    await page.goto(link);
    await page.waitForURL(`**${destinationOf(developer)}`);
    await context.clearCookies();
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: errorCatalogue.LOGIN_LINK_INVALID.message }).waitFor();
    await page.getByRole('link', { name: message('ui.magicLink.requestNew') }).waitFor();
    expect(new URL(page.url()).pathname).toBe(routeById.magicLinkLogin.path);
    expect(await wcagViolations(page)).toEqual([]);
    await screenshots(page, 'magic-link-used');
  });

  it('asks a partner member for the date of birth, refuses a wrong one, and signs in with the right one', async () => {
    const { page, problems } = session();
    problems.allow(/Failed to load resource: the server responded with a status of 403/);
    await page.goto(await signInLinkFor(member.email));
    const dialog = page.getByRole('dialog', { name: message('ui.verifyDob.heading') });
    await dialog.waitFor();
    const dob = dialog.getByLabel('Date of birth', { exact: true });
    // The field takes the focus; keyboard users type the date straight away.
    expect(await dob.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await wcagViolations(page)).toEqual([]);
    await screenshots(page, 'verify-dob');
    await dob.fill('1990-01-01');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').filter({ hasText: errorCatalogue.DOB_REQUIRED.message }).waitFor();
    await dob.fill(member.dateOfBirth!);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${destinationOf(member)}`);
  });

  it.each(demoAccounts.filter((a) => !a.dobCheckRequired).map((a) => [a.role, a] as const))('lands a %s where §6 says', async (_role, account) => {
    const { page } = session();
    const visited = visitedPaths(page);
    const partnerLookups: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/business-partners/partnershipCode/')) partnerLookups.push(r.status());
    });
    await page.goto(await signInLinkFor(account.email));
    const destination = destinationOf(account);
    await until(() => visited.includes(destination));
    // A third-party agent's partner details are loaded (and stored for booking); nobody else's.
    expect(partnerLookups).toEqual(account.userType === 'third_party_support' ? [200] : []);
    if (destination === routeById.loginDashboard.path) {
      await page.getByRole('heading', { name: message('ui.loginDashboard.heading') }).waitFor();
      expect(await wcagViolations(page)).toEqual([]);
      await screenshots(page, 'login-dashboard');
    }
    if (destination === routeById.careSchedule.path) {
      // The demo clinician is a provider of the marketplace: their schedule shows, or says it is empty.
      await page.getByRole('heading', { level: 1, name: routeById.careSchedule.title }).waitFor();
      await page.getByRole('heading', { name: messages['ui.care.schedule.upcoming'] }).waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      expect(await wcagViolations(page)).toEqual([]);
      await screenshots(page, 'care-schedule');
    }
    if (destination === routeById.supportDashboard.path) {
      // Support staff find a caller's account from where they land, and see who is on it.
      const patient = demoAccounts.find((a) => a.role === 'Patient')!;
      await page.getByRole('heading', { level: 1, name: routeById.supportDashboard.title }).waitFor();
      expect(await wcagViolations(page)).toEqual([]);
      await page.getByLabel(/email/i).fill(patient.email);
      await page.getByRole('button', { name: findAccountForm.submitLabel }).click();
      await page.getByRole('heading', { level: 1, name: `${patient.firstName} ${patient.lastName}` }).waitFor();
      await page.getByRole('heading', { name: messages['ui.support.user.people'] }).waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      expect(await wcagViolations(page)).toEqual([]);
      await screenshots(page, `support-account-${account.role.replace(/\W+/g, '-').toLowerCase()}`);
    }
  });
});
