/**
 * An expired one-time code and an expired sign-in link, in a real browser. This file starts its
 * own server whose codes and links expire at once (TEST_SIGN_IN_LIFETIME_SECONDS=0, a test-only
 * setting), so no test has to wait ten minutes or reach into the database.
 */
import { errorCatalogue } from '@/generated/errors';
import oneTimeCodeForm from '@/generated/forms/one-time-code';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { baseUrl, useBrowser } from './harness';
import { useOwnServer } from './server-process';
import { codeIn, latestMail, linkIn, wcagViolations } from './signin-support';

const account = demoAccounts.find((a) => a.role === 'Support agent')!;
describe('expired sign-in codes and links', () => {
  // While it runs, this worker's base URL is this server's (useOwnServer): pages and mail are read from it.
  useOwnServer({ TEST_SIGN_IN_LIFETIME_SECONDS: '0' });
  const session = useBrowser();

  it('refuses an expired one-time code with the spec message', async () => {
    const { page, problems } = session();
    problems.allow(/Failed to load resource: the server responded with a status of 401/);
    await page.goto(routeById.login.path);
    await page.waitForFunction(() => document.documentElement.dataset.flags !== 'waiting');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: message('ui.login.sendCode') }).click();
    await page.waitForURL(`**${routeById.verifyOtp.path}`);
    await page.getByLabel('One-time code').fill(codeIn(await latestMail(account.email, 'sign-in-code')));
    await page.getByRole('button', { name: oneTimeCodeForm.submitLabel }).click();
    await page.getByRole('alert').filter({ hasText: errorCatalogue.OTP_INVALID.message }).waitFor();
    expect(new URL(page.url()).pathname).toBe(routeById.verifyOtp.path);
    expect(await wcagViolations(page)).toEqual([]);
  });

  it('refuses an expired sign-in link with the spec message', async () => {
    const { page, problems } = session();
    problems.allow(/Failed to load resource: the server responded with a status of 401/);
    const res = await fetch(`${baseUrl()}/api/auth/send-magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email }),
    });
    expect(res.status).toBe(200);
    await page.goto(linkIn(await latestMail(account.email, 'sign-in-link')));
    await page.getByRole('alert').filter({ hasText: errorCatalogue.LOGIN_LINK_INVALID.message }).waitFor();
  });
});
