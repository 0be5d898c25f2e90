/**
 * Journey: the demo support agent (Sam) signs in from the home page, checks a caller's insurance
 * from the support dashboard (the caller's Oscar plan with a provider of a Columbus, OH practice:
 * not accepted, self-pay price shown), follows the answer to the verification queue and records the
 * decision (self-pay) with a note. The caller then signs in and their portal's insurance cards show
 * the decision. Only clicks and typing.
 */
import findAccountForm from '@/generated/forms/support-find-account';
import decisionForm from '@/generated/forms/support-insurance-decision';
import { enums } from '@/generated/enums';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { wcagViolations } from '../a11y';
import { newSession, useBrowser } from '../harness';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import { withFailureShot } from '../booking-helpers';
import { signInFromHome } from './front-door';

const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const caller = demoAccounts.find((a) => a.role === 'Patient')!;
const callerName = `${caller.firstName} ${caller.lastName}`;

describe('journey: a support agent checks an insurance and decides the queued inquiry; the patient sees the decision', () => {
  const session = useBrowser();

  it('home → sign in → check insurance → not accepted → the queue → self-pay with a note → the patient’s insurance cards', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-support-insurance', async () => {
      await signInFromHome(page, agent.email);
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      await page.getByRole('link', { name: messages['ui.support.insurance.check'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.supportCheckInsurance.path);

      const find = page.getByRole('region', { name: messages['ui.support.find.heading'] });
      await find.getByLabel('Email').fill(caller.email);
      await find.getByRole('button', { name: findAccountForm.submitLabel }).click();
      await page.getByRole('heading', { level: 2, name: callerName }).waitFor();
      await page.getByLabel(messages['ui.support.check.patient'], { exact: true }).selectOption({ label: callerName });
      const insurance = page.getByLabel(messages['ui.support.check.insurance'], { exact: true });
      await insurance.locator('option', { hasText: 'Oscar' }).waitFor({ state: 'attached' });
      await insurance.selectOption({ label: (await insurance.locator('option', { hasText: 'Oscar' }).textContent())! });
      await page.getByLabel(messages['ui.support.check.state'], { exact: true }).selectOption({ label: 'Ohio' });
      const practice = page.getByLabel(messages['ui.support.check.practice'], { exact: true });
      await practice.locator('option', { hasText: 'Columbus' }).first().waitFor({ state: 'attached' });
      await practice.selectOption({ label: (await practice.locator('option', { hasText: 'Columbus' }).first().textContent())! });
      const provider = page.getByLabel(messages['ui.support.check.provider'], { exact: true });
      await provider.locator('option').nth(1).waitFor({ state: 'attached' });
      await provider.selectOption({ index: 1 });
      await page.getByRole('button', { name: messages['ui.support.check.run'] }).click();

      const result = page.getByRole('region', { name: messages['ui.support.check.result'] });
      await result.getByText(enums.insuranceOutcome.labels.CARD_NOT_ACCEPTED_SELF_PAY_REQUIRED).waitFor();
      await result.getByText(messages['ui.support.session.selfPayPrice']).waitFor();
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);

      await result.getByRole('link', { name: messages['ui.support.check.openQueue'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.supportInsuranceVerification.path);
      const item = page.getByRole('listitem').filter({ hasText: callerName }).filter({ hasText: 'Oscar' }).first();
      await item.getByRole('radio', { name: enums.insuranceDecision.labels.selfPay }).check();
      await item.getByRole('button', { name: specSubmitLabel(decisionForm) }).click();
      await item.getByText(messages['ui.support.queue.noteRequired']).waitFor();
      await item.getByLabel(specFieldTitle(decisionForm, 'note')).fill('Oscar is not accepted here; the caller will pay out-of-pocket.');
      await item.getByRole('button', { name: specSubmitLabel(decisionForm) }).click();
      await page.getByText(message('ui.support.queue.decided', { name: callerName, decision: enums.insuranceDecision.labels.selfPay })).waitFor();
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);

      // The caller, on their own device, sees the decision on their insurance cards.
      const patient = await newSession();
      try {
        await signInFromHome(patient.page, caller.email);
        await patient.page.waitForURL((u) => u.pathname.startsWith('/app/patient/dashboard'));
        await patient.page
          .getByRole('navigation', { name: message('ui.patient.navLabel') })
          .getByRole('link', { name: messages['ui.patient.nav.insuranceCards'] })
          .click();
        await patient.page.waitForURL((u) => u.pathname === routeById.patientInsuranceCards.path);
        const oscar = patient.page.getByRole('listitem').filter({ hasText: 'Oscar' }).first();
        await oscar.getByText(/^Decided on .*: your sessions are self-pay; this insurance is not billed for them\.$/).waitFor();
      } finally {
        await patient.context.close();
      }
    });
  });
});
