/**
 * Journey: a caller with no account phones support. The demo support agent signs in from the home page,
 * looks the caller's e-mail up (no account), books a session for them from provider search, creating
 * their account on the way. The caller, in their own browser in Chicago, opens the invitation mail's
 * link: the first-time screen suggests their device's zone, a wrong date of birth is refused, the right
 * one signs them in; the screen shows the session booked for them in Central time and what is left to
 * sign, which they sign through the consent steps. Only clicks and typing.
 */
import type { Page } from 'playwright-core';
import bookingFlow from '@/generated/flows/booking';
import searchCopy from '@/generated/content/provider-search';
import findAccountForm from '@/generated/forms/support-find-account';
import bookingEmailForm from '@/generated/forms/booking-email';
import claimForm from '@/generated/forms/claim-account';
import verification from '@/generated/flows/verification';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { routeTitle } from '@/domain/translations';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { wcagViolations } from '../a11y';
import { newSession, useBrowser } from '../harness';
import { fillNewTestCard, withFailureShot } from '../booking-helpers';
import { latestMail, mailMoment } from '../mailbox';
import { signInFromHome } from './front-door';
import { bookedConfirmation, chooseTime, newPerson, providerWithTimes, resultsShown, seeOpenTimes } from './booking-steps';

const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const caller = newPerson('caller.claims', '1986-04-12');
const callerName = `${caller.firstName} ${caller.lastName}`;
const payCopy = bookingFlow.steps.find((s) => s.id === 'pay')!.copy as Record<string, string>;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const consentCopy = (id: string) => (verification.steps.find((s) => s.id === id)?.copy ?? {}) as { heading?: string; sign?: string };

/** The agent books the caller's session, creating the account; answers the provider's name. */
async function agentBooksForNewCaller(page: Page): Promise<string> {
  await signInFromHome(page, agent.email);
  await page.waitForURL(`**${routeById.supportDashboard.path}`);
  const find = page.getByRole('region', { name: messages['ui.support.find.heading'] });
  await find.getByLabel('Email').fill(caller.email);
  await find.getByRole('button', { name: findAccountForm.submitLabel }).click();
  await page.waitForURL((u) => u.pathname === routeById.supportUserAccountNotFound.path);
  // The page's own action (the header may also offer "Find a provider").
  await page.locator('#main').getByRole('link', { name: messages['ui.support.book.action'] }).click();

  await page.waitForURL((u) => u.pathname === routeById.providerSearch.path);
  await page.getByRole('textbox', { name: searchCopy.location.label }).fill('Columbus, OH');
  await page.getByRole('button', { name: searchCopy.location.submit }).click();
  await resultsShown(page);
  const { card: providerCard, name: providerName } = await providerWithTimes(page, 5);
  await chooseTime(await seeOpenTimes(page, providerCard), 0);

  await page.waitForURL((u) => u.pathname === routeById.booking.path);
  const service = page.getByLabel('Service type');
  await service.waitFor();
  if (!(await service.inputValue())) await service.selectOption({ index: 1 });
  await page.getByRole('button', { name: messages['ui.booking.next'] }).click();

  // The caller's e-mail has no account: the agent creates it with the caller's name and date of birth.
  await page.waitForURL((u) => u.pathname === routeById.supportBookingEmail.path);
  await page.getByLabel('Email').fill(caller.email);
  await page.getByRole('button', { name: bookingEmailForm.submitLabel }).click();
  await page.getByText(messages['ui.support.userAccountNotFound']).waitFor();
  await page.getByLabel('First name').fill(caller.firstName);
  await page.getByLabel('Last name').fill(caller.lastName);
  await page.getByLabel('Your date of birth').fill(caller.dateOfBirth);
  await page.getByLabel('Your date of birth').press('Enter');

  await page.waitForURL((u) => u.pathname === routeById.supportBookingPatientInfo.path);
  const self = page.getByRole('checkbox', { name: new RegExp(`^${callerName}`) });
  await self.waitFor();
  if (!(await self.isChecked())) await self.check();
  await page.getByRole('checkbox', { name: new RegExp(`^I agree to the consent for ${callerName}`) }).check();
  await page.getByRole('button', { name: messages['ui.booking.next'] }).click();

  await page.waitForURL((u) => u.pathname === routeById.supportBookingPayment.path);
  await page.getByRole('radio', { name: new RegExp(escaped(constants.selfPayLabel.full)) }).check();
  await page.getByRole('checkbox', { name: payCopy.consent }).check();
  const card = await fillNewTestCard(page, {
    number: '4111111111111111',
    expiration: '12/30',
    cvc: '123',
    line1: '5 Oak Ave',
    city: 'Columbus',
    state: 'OH',
    zip: '43215',
  });
  await card.getByLabel('Zip code').press('Enter');
  await bookedConfirmation(page, 'en', message('ui.booking.support.successHeading', { caller: callerName }));
  return providerName;
}

/** The invitation's link, as a path of the app (the mail names PUBLIC_URL, which tests do not browse). */
function invitationPath(text: string): string {
  const link = /https?:\/\/\S+\/app\/first-time-user\?claimToken=\S+/.exec(text)?.[0];
  if (!link) throw new Error('No invitation link in the mail.');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

describe('journey: a caller claims the account support started for them', () => {
  const session = useBrowser();

  it('support books for a new caller → the invitation → date of birth, zone → the booked session → the consent signed', async () => {
    const { page } = session();
    const since = mailMoment();
    let providerName = '';
    await withFailureShot(page, 'journey-caller-claims-agent', async () => {
      providerName = await agentBooksForNewCaller(page);
    });
    const invitation = await latestMail(caller.email, 'account-invitation', since);

    // The caller's own browser, on a device in Chicago.
    const own = await newSession({ timezoneId: 'America/Chicago' });
    own.problems.allow(/Failed to load resource: the server responded with a status of 422/);
    const callerPage = own.page;
    try {
      await withFailureShot(callerPage, 'journey-caller-claims', async () => {
        await callerPage.goto(invitationPath(invitation.text));
        await callerPage.getByRole('heading', { level: 1, name: routeTitle('firstTimeUser') }).waitFor();
        await callerPage.getByText(messages['ui.firstTime.intro']).waitFor();
        const zone = callerPage.getByLabel(messages['ui.firstTime.zoneLabel']);
        expect(await zone.inputValue()).toBe('America/Chicago');
        expect(await callerPage.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
        expect(await wcagViolations(callerPage, { within: '#main' })).toEqual([]);

        // A wrong date is refused and nothing else happens.
        const dob = callerPage.getByLabel('Date of birth');
        await dob.fill('1986-04-13');
        await callerPage.getByRole('button', { name: claimForm.submitLabel }).click();
        await callerPage.getByRole('alert').filter({ hasText: errorCatalogue.DOB_MISMATCH.message }).waitFor();
        expect(new URL(callerPage.url()).pathname).toBe(routeById.firstTimeUser.path);

        await dob.fill(caller.dateOfBirth);
        await callerPage.getByRole('button', { name: claimForm.submitLabel }).click();
        await callerPage.getByRole('heading', { level: 2, name: message('ui.firstTime.readyHeading', { name: caller.firstName }) }).waitFor();
        expect(new URL(callerPage.url()).search).toBe('');

        // The session support booked, in the caller's zone.
        const booked = callerPage.getByRole('region', { name: messages['ui.firstTime.booked'] });
        const session = booked.getByRole('listitem').filter({ hasText: providerName });
        await session.waitFor();
        // Central time (the provider's practice is in Ohio, Eastern time).
        expect(await session.innerText()).toMatch(/\bC[SD]T\b/);

        // What is left to sign opens the consent steps.
        const pending = callerPage.getByRole('region', { name: messages['ui.firstTime.pending'] });
        const todo = pending.getByRole('listitem').filter({ hasText: message('ui.patient.consentNeeded', { patient: callerName }) });
        await todo.getByRole('link', { name: messages['ui.patient.home.signConsent'] }).click();
        await callerPage.waitForURL(`**${routeById.verifyUserConsent.path}?*`);
        await callerPage.getByLabel('Date of birth').fill(caller.dateOfBirth);
        await callerPage.getByRole('button', { name: /confirm/i }).click();
        await callerPage.waitForURL(`**${routeById.verifyConsent.path}?*`);
        await callerPage.getByRole('heading', { level: 1, name: consentCopy('consent').heading }).waitFor();
        await callerPage.getByRole('button', { name: consentCopy('consent').sign }).click();
        await callerPage.waitForURL(`**${routeById.verifySuccess.path}?*`);
        await callerPage.getByRole('heading', { level: 1, name: consentCopy('done').heading }).waitFor();
      });
      own.problems.assertNone();
    } finally {
      await own.context.close();
    }
  });
});
