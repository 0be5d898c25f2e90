/**
 * Journey (issue 24): a new visitor books a self-pay session from the home page and pays with a test
 * card; the provider cannot make it, so the support agent signs in from the home page, finds the
 * patient's account by e-mail and cancels the session for the practice; the patient signs in from
 * the home page and Billing shows the whole payment refunded. Only clicks and typing.
 */
import type { Page } from 'playwright-core';
import findAccountForm from '../../../src/generated/forms/support-find-account';
import { enums } from '../../../src/generated/enums';
import { messages } from '../../../src/generated/messages';
import { routeById } from '../../../src/generated/routes';
import { demoAccounts } from '../../../src/server/db/seed/demo-accounts';
import { useBrowser } from '../harness';
import { isoDaysAgo, withFailureShot } from '../booking-helpers';
import { signInFromHome } from './front-door';
import {
  bookingPageShows, chooseSelfAndSign, chooseTime, newPerson, nextFromBookingPage, nextFromPatientInformation, paySelfPayAndBook, providerWithTimes,
  searchFromHome, seeOpenTimes, sessionInPortal,
  verifyAsNewVisitor,
} from './booking-steps';

const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const person = newPerson('practice-cancel', isoDaysAgo(41));
const denver = { line1: '1437 Bannock St', city: 'Denver', state: 'CO', zip: '80202' };

async function billingRow(page: Page, kind: 'payment' | 'refund') {
  return page.getByRole('listitem').filter({ hasText: `${enums.billingTransactionKind.labels[kind]} · ${enums.paymentStatus.labels.refunded}` }).first();
}

describe('journey: a session the practice cancels is refunded', () => {
  const session = useBrowser();

  it('a new visitor books self-pay from the home page', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-practice-cancel-book', async () => {
      await searchFromHome(page, 'Denver, CO');
      const { card, name } = await providerWithTimes(page, 2);
      await chooseTime(await seeOpenTimes(page, card), 1);
      await verifyAsNewVisitor(page, person);
      await bookingPageShows(page, name);
      await nextFromBookingPage(page);
      await chooseSelfAndSign(page, person);
      await nextFromPatientInformation(page);
      await paySelfPayAndBook(page, denver);
      await sessionInPortal(page, name);
    });
  });

  it('support: home → sign in → find the patient → cancel the session for the practice', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-practice-cancel-support', async () => {
      await signInFromHome(page, agent.email);
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      const find = page.getByRole('region', { name: messages['ui.support.find.heading'] });
      await find.getByLabel('Email').fill(person.email);
      await find.getByRole('button', { name: findAccountForm.submitLabel }).click();
      await page.waitForURL((u) => u.pathname === routeById.supportUser.path);
      const upcoming = page.getByRole('region', { name: messages['ui.support.user.upcoming'] });
      await upcoming.getByRole('button', { name: messages['ui.support.practiceCancel.open'] }).first().click();
      await upcoming.getByRole('group', { name: messages['ui.support.practiceCancel.open'] }).getByRole('button', { name: messages['ui.support.practiceCancel.confirm'] }).click();
      await page.getByRole('status').filter({ hasText: messages['ui.support.practiceCancel.done'] }).waitFor();
    });
  });

  it('the patient: home → sign in → Billing shows the payment refunded in full', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-practice-cancel-patient', async () => {
      await signInFromHome(page, person.email);
      await page.getByRole('navigation', { name: messages['ui.patient.navLabel'] }).getByRole('link', { name: messages['ui.patient.nav.billing'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.patientBilling.path);
      const refund = await billingRow(page, 'refund');
      await refund.waitFor();
      const payment = await billingRow(page, 'payment');
      await payment.waitFor();
    });
  });
});
