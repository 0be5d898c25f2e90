/**
 * Journey: the demo support agent signs in from the home page, finds a caller's account
 * by e-mail, and refunds part of the payment of the caller's past session with a reason; then the
 * caller signs in from the home page and Billing lists that refund. Only clicks and typing.
 */
import type { Page } from 'playwright-core';
import findAccountForm from '@/generated/forms/support-find-account';
import refundForm from '@/generated/forms/support-refund';
import { enums } from '@/generated/enums';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import { useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { signInFromHome } from './front-door';

const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const caller = demoAccounts.find((a) => a.role === 'Patient')!;
const callerName = `${caller.firstName} ${caller.lastName}`;
const amount = '$12.34';

async function findCaller(page: Page): Promise<void> {
  const find = page.getByRole('region', { name: messages['ui.support.find.heading'] });
  await find.getByLabel('Email').fill(caller.email);
  await find.getByRole('button', { name: findAccountForm.submitLabel }).click();
  await page.waitForURL((u) => u.pathname === routeById.supportUser.path);
  await page.getByRole('main').getByRole('heading', { level: 1, name: callerName }).waitFor();
}

describe('journey: a staff partial refund reaches the patient', () => {
  const session = useBrowser();

  it('support: home → sign in → find the caller → refund part of a past session’s payment with a reason', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-staff-refund', async () => {
      await signInFromHome(page, agent.email);
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      await findCaller(page);
      const past = page.getByRole('region', { name: messages['ui.support.user.past'] });
      await past.getByRole('button', { name: messages['ui.support.refund.open'] }).first().click();
      // The one form open: its session's row holds the outcome.
      const form = past.getByRole('region', { name: messages['ui.support.refund.open'] });
      const paid = past.getByRole('listitem').filter({ has: page.getByRole('region', { name: messages['ui.support.refund.open'] }) });
      await form.waitFor();
      const title = (await paid.locator('.support__title').textContent())!;
      const row = past.getByRole('listitem').filter({ hasText: title });
      // A reason is required: the form says so and sends nothing.
      await form.getByLabel(specFieldTitle(refundForm, 'amount')).fill(amount.slice(1));
      await form.getByRole('button', { name: specSubmitLabel(refundForm) }).click();
      await form.getByText(messages['ui.support.refund.reasonRequired']).waitFor();
      await form.getByLabel(specFieldTitle(refundForm, 'reason')).fill('The session started twenty minutes late.');
      await form.getByRole('button', { name: specSubmitLabel(refundForm) }).click();
      await row
        .getByRole('status')
        .filter({ hasText: message('ui.support.refund.done', { amount }) })
        .waitFor();
      await row.getByText(message('ui.support.refund.refunded', { amount })).waitFor();
    });
  });

  it('the patient: home → sign in → Billing lists the refund', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-staff-refund-patient', async () => {
      await signInFromHome(page, caller.email);
      await page.getByRole('navigation', { name: messages['ui.patient.navLabel'] }).getByRole('link', { name: messages['ui.patient.nav.billing'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.patientBilling.path);
      await page.getByRole('listitem').filter({ hasText: enums.billingTransactionKind.labels.refund }).filter({ hasText: amount }).first().waitFor();
    });
  });
});
