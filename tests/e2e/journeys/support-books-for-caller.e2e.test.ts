/**
 * Journey: the demo support agent (Sam) signs in from the home page, finds a caller's account by
 * e-mail on the support dashboard, follows "Book for …" to provider search, types the caller's
 * city, chooses an open time of a provider, and books it on the caller's behalf through the support
 * steps (e-mail, patient information, payment: self-pay with a test card). The confirmation names
 * the caller and leads back to the caller's account, which lists the booking. Only clicks and typing.
 */
import type { Page } from 'playwright-core';
import bookingFlow from '@/generated/flows/booking';
import searchCopy from '@/generated/content/provider-search';
import findAccountForm from '@/generated/forms/support-find-account';
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { wcagViolations } from '../a11y';
import { useBrowser } from '../harness';
import { fillNewTestCard, withFailureShot } from '../booking-helpers';
import { signInFromHome } from './front-door';
import { bookedConfirmation, chooseTime, providerWithTimes, resultsShown, seeOpenTimes } from './booking-steps';

const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const caller = demoAccounts.find((a) => a.role === 'Patient')!;
const callerName = `${caller.firstName} ${caller.lastName}`;
const payCopy = bookingFlow.steps.find((s) => s.id === 'pay')!.copy as Record<string, string>;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The support dashboard's "Find a caller's account" with the caller's e-mail: their account page. */
async function findCaller(page: Page): Promise<void> {
  const find = page.getByRole('region', { name: messages['ui.support.find.heading'] });
  await find.getByLabel('Email').fill(caller.email);
  await find.getByRole('button', { name: findAccountForm.submitLabel }).click();
  await page.waitForURL((u) => u.pathname === routeById.supportUser.path);
  await page.getByRole('main').getByRole('heading', { level: 1, name: callerName }).waitFor();
}

describe('journey: a support agent finds a caller and books on their behalf', () => {
  const session = useBrowser();

  it('home → sign in → find the caller → provider search → a time → the support steps → booked, and on the caller’s account', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-support', async () => {
      await signInFromHome(page, agent.email);
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      await findCaller(page);

      await page.getByRole('link', { name: message('ui.support.user.book', { name: callerName }) }).click();
      await page.waitForURL((u) => u.pathname === routeById.providerSearch.path);
      await page.getByRole('textbox', { name: searchCopy.location.label }).fill('Columbus, OH');
      await page.getByRole('button', { name: searchCopy.location.submit }).click();
      await resultsShown(page);
      expect(new URL(page.url()).searchParams.get(constants.providerSearchParams.state)).toBe('OH');

      // A provider a little down the list (other tests book the first ones), and its first open time.
      const { card: providerCard, name: providerName } = await providerWithTimes(page, 3);
      await chooseTime(await seeOpenTimes(page, providerCard), 0);

      // The booking starts with the chosen provider and time: the service, then the support steps.
      await page.waitForURL((u) => u.pathname === routeById.booking.path);
      const service = page.getByLabel('Service type');
      await service.waitFor();
      if (!(await service.inputValue())) await service.selectOption({ index: 1 });
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();

      await page.waitForURL((u) => u.pathname === routeById.supportBookingEmail.path);
      await page.getByLabel('Email').fill(caller.email);
      await page.getByLabel('Email').press('Enter');

      await page.waitForURL((u) => u.pathname === routeById.supportBookingPatientInfo.path);
      const self = page.getByRole('checkbox', { name: new RegExp(`^${callerName}`) });
      await self.waitFor();
      // The caller is the account holder to the agent, not "(you)".
      expect(await self.getAttribute('aria-label')).toBeNull();
      const selfName = (await page.locator('label.choice-row', { has: self }).innerText()).trim();
      expect(selfName).toContain(messages['ui.booking.patients.accountHolder']);
      expect(selfName).not.toContain(`(${messages['ui.booking.patients.you']}`);
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
      // The confirmation speaks to the agent about the caller (not "your session", "your e-mail"), and leads back to the caller's account.
      await bookedConfirmation(page, 'en', message('ui.booking.support.successHeading', { caller: callerName }));
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);
      const main = page.getByRole('main');
      await main.getByText(providerName).first().waitFor();
      await main.getByText(message('ui.booking.support.successText', { caller: callerName, email: caller.email })).waitFor();
      expect(await main.innerText()).not.toContain(messages['ui.booking.successText']);
      await main.getByRole('link', { name: message('ui.booking.support.backToAccount', { caller: callerName }) }).click();

      // The caller's account lists the new session.
      await page.waitForURL((u) => u.pathname === routeById.supportUser.path);
      await page.getByRole('main').getByRole('heading', { level: 1, name: callerName }).waitFor();
      const upcoming = page.getByRole('region', { name: messages['ui.support.user.upcoming'] });
      await upcoming.getByRole('listitem').filter({ hasText: providerName }).first().waitFor();
    });
  });
});
