/**
 * Journey: a new visitor books a self-pay session from the home page and pays with a test
 * card; the provider cannot make it, so the support agent signs in from the home page, finds the
 * patient's account by e-mail, opens the session (its Good Faith Estimate and the e-mails sent about it)
 * and cancels it with the practice's reason; the patient signs in from
 * the home page and Billing shows the whole payment refunded. Only clicks and typing.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { pdfText } from '@tests/support/pdf';
import findAccountForm from '@/generated/forms/support-find-account';
import { constants } from '@/generated/constants';
import { enums } from '@/generated/enums';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { useBrowser } from '../harness';
import { isoDaysAgo, withFailureShot } from '../booking-helpers';
import { signInFromHome } from './front-door';
import {
  bookingPageShows,
  chooseSelfAndSign,
  chooseTime,
  newPerson,
  nextFromBookingPage,
  nextFromPatientInformation,
  paySelfPayAndBook,
  providerWithTimes,
  searchFromHome,
  seeOpenTimes,
  sessionInPortal,
  verifyAsNewVisitor,
} from './booking-steps';

const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const practiceReason = constants.appointmentCancellationReasons.find((r) => r.id === constants.practiceCancellationReasonId)!;
const person = newPerson('practice-cancel', isoDaysAgo(41));
const denver = { line1: '1437 Bannock St', city: 'Denver', state: 'CO', zip: '80202' };

async function billingRow(page: Page, kind: 'payment' | 'refund') {
  return page
    .getByRole('listitem')
    .filter({ hasText: `${enums.billingTransactionKind.labels[kind]} · ${enums.paymentStatus.labels.refunded}` })
    .first();
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
      await upcoming.getByRole('listitem').first().getByRole('link').first().click();
      await page.waitForURL((u) => u.pathname === routeById.supportUserSession.path);

      // The self-pay session's Good Faith Estimate, as the patient has it; and the e-mails sent about it.
      const [estimate] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: messages['ui.support.session.estimate'] }).click(),
      ]);
      expect((await pdfText(readFileSync(await estimate.path()))).text).toContain(messages['document.gfe.title']);
      const mails = page.getByRole('region', { name: messages['ui.support.session.mails'] });
      await mails.getByText(messages['ui.support.mail.appointmentConfirmation']).waitFor();
      await mails.getByText(messages['ui.support.mail.goodFaithEstimate']).waitFor();
      await mails.getByText(`To ${person.email}`, { exact: false }).first().waitFor();

      await page.getByRole('button', { name: messages['ui.support.session.cancel'] }).click();
      const dialog = page.getByRole('dialog', { name: messages['ui.support.cancel.heading'] });
      await dialog.getByRole('radio', { name: practiceReason.label }).check();
      await dialog.getByText(messages['ui.support.cancel.practice']).waitFor();
      await dialog.getByRole('button', { name: messages['ui.support.cancel.confirm'] }).click();
      await page.getByRole('status').filter({ hasText: messages['ui.support.cancel.done'] }).waitFor();
      const timeline = page.getByRole('region', { name: messages['ui.support.session.timeline'] });
      await timeline.getByText(message('ui.support.session.reason', { reason: practiceReason.label })).waitFor();
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
      // The refund shown is the whole payment: the same amount, more than nothing.
      const amountOf = async (row: typeof payment) => (await row.innerText()).match(/\$[\d,]+\.\d{2}/)?.[0];
      const paid = await amountOf(payment);
      expect(paid).toMatch(/^\$[\d,]+\.\d{2}$/);
      expect(paid).not.toBe('$0.00');
      expect(await amountOf(refund)).toBe(paid);
    });
  });
});
