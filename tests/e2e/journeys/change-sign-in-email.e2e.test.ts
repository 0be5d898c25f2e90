/**
 * Journey: a patient changes the e-mail they sign in with, from the sign-in page,
 * clicking and typing only: sign in with a code, open Account, Account settings, enter the new
 * address; the old one keeps working until the code mailed to the new address is entered; the old
 * address is told; then the new address signs in and the old one no longer does.
 */
import { randomBytes } from 'node:crypto';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { baseUrl, useBrowser } from '../harness';
import { codeIn, latestMail, mailMoment } from '../mailbox';
import { signUpWithCode } from '../portal-session';

describe('journey: change the sign-in e-mail', () => {
  const session = useBrowser();

  it('changes it only with the code sent to the new address, and the old address hears of it', async () => {
    const tag = randomBytes(4).toString('hex');
    const oldEmail = `journey.${tag}@example.com`;
    const newEmail = `journey.${tag}.new@example.org`;
    // Set-up: an account of its own, so no other test's account changes.
    const created = await signUpWithCode(oldEmail, { firstName: 'Journey', lastName: 'Person', dateOfBirth: '1990-05-01' });
    expect(created.user.email).toBe(oldEmail);

    const { page, problems } = session();
    // The wrong-code answer of the confirmation is a 400 the browser reports; the page shows it.
    problems.allow(/Failed to load resource: the server responded with a status of 400/);
    const signIn = async (email: string) => {
      await page.goto(routeById.login.path);
      await page.waitForFunction(() => document.documentElement.dataset.flags !== 'waiting');
      const since = mailMoment();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: message('ui.login.sendCode') }).click();
      await page.waitForURL(`**${routeById.verifyOtp.path}`);
      await page.getByLabel(/code/i).fill(codeIn(await latestMail(email, 'sign-in-code', since)));
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${routeById.patientHome.path}`);
    };

    await signIn(oldEmail);
    await page.getByRole('navigation').getByRole('link', { name: messages['ui.patient.nav.account'] }).first().click();
    await page.getByRole('link', { name: messages['ui.patient.account.settings'] }).click();
    await page.waitForURL(`**${routeById.patientAccountSettings.path}`);
    await page.getByLabel(/Phone number/).fill('(614) 555-0177');
    await page.getByLabel(/Address line 1/).fill('12 High St');
    await page.getByLabel(/City/).fill('Columbus');
    await page.getByLabel(/State/).selectOption('OH');
    await page.getByLabel(/Zip code/).fill('43215');
    const since = mailMoment();
    await page.getByLabel(/Email/).fill(newEmail);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(message('ui.patient.settings.emailPending', { email: newEmail, current: oldEmail }), { exact: false }).waitFor();
    // The old address is told, and keeps signing in until the code is entered.
    expect((await latestMail(oldEmail, 'email-change-requested', since)).text).toContain(newEmail);

    const code = codeIn(await latestMail(newEmail, 'email-change-code', since));
    await page.getByLabel(/Confirmation code/).fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm new e-mail' }).click();
    await page.getByText(errorCatalogue.EMAIL_CHANGE_CODE_INVALID.message).first().waitFor();
    await page.getByLabel(/Confirmation code/).fill(code);
    await page.getByRole('button', { name: 'Confirm new e-mail' }).click();
    await page.getByText(message('ui.patient.settings.emailChanged', { email: newEmail })).waitFor();
    expect((await latestMail(oldEmail, 'email-changed', since)).text).toContain(newEmail);

    // The new address signs in; the old one no longer reaches the account: its code only offers a new account.
    await page.context().clearCookies();
    await signIn(newEmail);
    const before = mailMoment();
    const json = { method: 'POST', headers: { 'content-type': 'application/json' } };
    const old = await fetch(`${baseUrl()}/api/auth/send-email-otp`, { ...json, body: JSON.stringify({ email: oldEmail }) });
    expect(old.status).toBe(200);
    const oldCode = codeIn(await latestMail(oldEmail, 'sign-in-code', before));
    const oldSignIn = await fetch(`${baseUrl()}/api/auth/verify-email-otp`, { ...json, body: JSON.stringify({ email: oldEmail, otp: oldCode }) });
    expect(((await oldSignIn.json()) as { errorCode: string }).errorCode).toBe('SIGN_UP_DETAILS_REQUIRED');
  });
});
