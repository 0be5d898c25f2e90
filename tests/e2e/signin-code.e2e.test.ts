/**
 * Sign-in with a one-time code in a real browser against the real server: the code read from the
 * e-mail the server sent, keyboard only; a wrong code and the code rules refused with the spec's
 * messages; the account menu and sign-out; no WCAG 2.1 AA violations on the pages on the way.
 */
import { constants } from '@/generated/constants';
import oneTimeCodeForm from '@/generated/forms/one-time-code';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { useBrowser } from './harness';
import { codeIn, latestMail, mailMoment, screenshots, until, wcagViolations } from './signin-support';

const patient = demoAccounts.find((a) => a.role === 'Patient')!;
const rcd = demoAccounts.find((a) => a.role === 'RCD')!;

describe('sign-in with a one-time code', () => {
  const session = useBrowser();

  it('signs a patient in with the e-mailed code, using the keyboard only, after refusing a wrong code', async () => {
    const { page, problems } = session();
    // The browser reports the API's 401 for the wrong code; the page shows it as it should.
    problems.allow(/Failed to load resource: the server responded with a status of 401/);
    await page.goto(routeById.login.path);
    await page.getByRole('heading', { level: 1, name: message('ui.login.heading') }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.flags !== 'waiting');
    expect(await wcagViolations(page)).toEqual([]);
    await screenshots(page, 'login');

    // The heading has the focus; the e-mail field is next.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('email');
    const since = mailMoment();
    await page.keyboard.type(patient.email);
    await page.keyboard.press('Enter');

    await page.waitForURL(`**${routeById.verifyOtp.path}`);
    await page.getByText(message('ui.verifyOtp.text', { email: patient.email })).waitFor();
    // The code field takes the focus by itself.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('one-time-code');
    const code = codeIn(await latestMail(patient.email, 'sign-in-code', since));
    const wrong = code === '000000' ? '111111' : '000000';
    await page.keyboard.type(wrong);
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: errorCatalogue.OTP_INVALID.message }).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await screenshots(page, 'verify-otp-wrong-code');

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${routeById.patientHome.path}`);
    // The landing screen is up (it may take the focus when it opens).
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
    // The token is in an HttpOnly, SameSite cookie the server set: no script of the page can read it.
    const tokenCookie = (await page.context().cookies()).find((c) => c.name === constants.accessTokenCookie);
    expect(tokenCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain(`${constants.accessTokenCookie}=`);
    expect(await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }))).not.toContain(tokenCookie!.value);

    // The account menu names the person; sign-out ends the session and goes to sign-in.
    const menu = page.getByRole('button', { name: new RegExp(`${message('ui.account.menuLabel')}: ${patient.firstName}`) });
    const who = page.getByText(message('ui.account.signedInAs', { email: patient.email }));
    await menu.press('Enter');
    await who.waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await screenshots(page, 'account-menu-open');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // Enter on the menu button again, then on Sign out.
    await menu.press('Enter');
    await page
      .getByRole('banner')
      .getByRole('button', { name: message('ui.account.signOut') })
      .press('Enter');
    await page.getByRole('heading', { level: 1, name: message('ui.login.heading') }).waitFor();
    // Signed out to plain sign-in: the next person is not sent back to this patient's page.
    expect(new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe(routeById.login.path);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === constants.accessTokenCookie)).toBeUndefined();
    expect(cookies.find((c) => c.name === constants.signedInHintCookie)).toBeUndefined();
  });

  it('checks the code with the spec messages, sends a new one on request, and only the newest works', async () => {
    const { page, problems } = session();
    problems.allow(/Failed to load resource: the server responded with a status of 401/);
    await page.goto(routeById.login.path);
    await page.waitForFunction(() => document.documentElement.dataset.flags !== 'waiting');
    const since = mailMoment();
    await page.getByLabel('Email').fill(rcd.email);
    await page.getByRole('button', { name: message('ui.login.sendCode') }).click();
    await page.waitForURL(`**${routeById.verifyOtp.path}`);
    const first = codeIn(await latestMail(rcd.email, 'sign-in-code', since));

    const signIn = page.getByRole('button', { name: oneTimeCodeForm.submitLabel });
    await signIn.click();
    await page.getByText(messages['validation.otp.required']).waitFor();
    await page.getByLabel('One-time code').fill('123');
    await signIn.click();
    await page.getByText(messages['validation.otp.length']).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await screenshots(page, 'verify-otp-rules');

    const resentSince = mailMoment();
    await page.getByRole('button', { name: message('ui.verifyOtp.resend') }).click();
    await page.getByText(message('ui.verifyOtp.resent', { email: rcd.email })).waitFor();
    const second = codeIn(await latestMail(rcd.email, 'sign-in-code', resentSince));
    if (first !== second) {
      await page.getByLabel('One-time code').fill(first);
      await signIn.click();
      await page.getByRole('alert').filter({ hasText: errorCatalogue.OTP_INVALID.message }).waitFor();
    }
    const visited: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
    await page.getByLabel('One-time code').fill(second);
    await signIn.click();
    // An RCD lands on providers' requests, the screen of their role (src/domain/roles.ts).
    await until(() => visited.includes(routeById.careProviderRequests.path));
  });
});
