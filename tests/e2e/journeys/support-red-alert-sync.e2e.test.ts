/**
 * Journey: the practice's FHIR server (the test stand-in) is down, answering 500. The demo support
 * agent (Sam) signs in from the home page and changes a caller's phone number from the caller's
 * session; the change goes through the sync outbox, is tried twice and fails for good, and a red
 * alert appears on the dashboard's Red alerts. Once the server is back, Sam retries: the alert is
 * resolved, and the sync audit shows the failed tries and the delivery. Only clicks and typing.
 */
import type { Page } from 'playwright-core';
import findAccountForm from '@/generated/forms/support-find-account';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { wcagViolations } from '../a11y';
import { eventually, useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { signInFromHome } from './front-door';
import { screenshots } from '../signin-support';

const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const caller = demoAccounts.find((a) => a.role === 'Patient')!;
const callerName = `${caller.firstName} ${caller.lastName}`;

/** The FHIR stand-in of this worker's server (tests/e2e/fhir-test-server.cjs) answers `status` from now on. */
async function practiceSystemAnswers(status: number): Promise<void> {
  const url = `${process.env.E2E_FHIR_URL}/__control/w${process.env.JEST_WORKER_ID ?? '1'}`;
  const res = await fetch(url, { method: 'POST', body: JSON.stringify({ status }) });
  if (!res.ok) throw new Error(`the FHIR stand-in refused the control request (${res.status})`);
}

async function openCallersSession(page: Page): Promise<void> {
  const find = page.getByRole('region', { name: messages['ui.support.find.heading'] });
  await find.getByLabel('Email').fill(caller.email);
  await find.getByRole('button', { name: findAccountForm.submitLabel }).click();
  await page.waitForURL((u) => u.pathname === routeById.supportUser.path);
  // Any of the caller's sessions will do (other journeys on this server cancel some of those to come).
  const upcoming = page.getByRole('region', { name: messages['ui.support.user.upcoming'] });
  const past = page.getByRole('region', { name: messages['ui.support.user.past'] });
  await upcoming.or(past).first().getByRole('listitem').first().waitFor();
  const session = (await upcoming.getByRole('listitem').count()) ? upcoming : past;
  await session.getByRole('listitem').first().getByRole('link').first().click();
  await page.waitForURL((u) => u.pathname === routeById.supportUserSession.path);
  await page
    .getByRole('main')
    .getByRole('heading', { level: 1, name: /^Session of / })
    .waitFor();
}

describe('journey: a delivery to a failing practice system raises a red alert; a retry after it recovers clears it', () => {
  const session = useBrowser();
  afterEach(async () => practiceSystemAnswers(200));

  it('home → sign in → a caller’s phone changed → red alert → retry once the server is back → sync audit', async () => {
    const { page, problems } = session();
    problems.allow(/Failed to load resource/);
    await withFailureShot(page, 'journey-support-red-alert', async () => {
      await practiceSystemAnswers(500);
      await signInFromHome(page, agent.email);
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      await openCallersSession(page);

      await page
        .getByRole('button', { name: message('ui.support.details.edit', { name: callerName }) })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      const phone = dialog.getByLabel(/Phone number/);
      await phone.fill('6145550177');
      await dialog.getByRole('button', { name: /^Save the (phone number|details)$/ }).click();
      await page.getByText(messages['ui.support.details.saved']).waitFor();

      // Back to the dashboard, to the red alerts: the worker tries twice, a second apart, then raises one.
      await page.getByRole('link', { name: messages['ui.support.back'] }).click();
      await page.getByRole('link', { name: messages['ui.support.nav.redAlert'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.supportRedAlert.path);
      const alert = page
        .getByRole('listitem')
        .filter({ hasText: "The patient's details could not be delivered to the practice's system: HTTP 500" })
        .filter({ hasText: callerName })
        .first();
      await eventually(
        async () => {
          if (await alert.isVisible()) return true;
          await page.reload();
          await page.getByRole('main').getByRole('heading', { level: 1, name: routeById.supportRedAlert.title }).waitFor();
          return undefined;
        },
        () => 'no red alert for the failed delivery appeared',
      );
      await alert.getByText(/^2 tries, last answer: HTTP 500/).waitFor();
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);
      await screenshots(page, 'support-red-alert');

      // Still down: the retry says so, the alert stays.
      await alert.getByRole('button', { name: messages['ui.support.redAlert.retry'] }).click();
      await alert.getByText(/^Still not delivered: HTTP 500/).waitFor();

      await practiceSystemAnswers(200);
      await alert.getByRole('button', { name: messages['ui.support.redAlert.retry'] }).click();
      await page.getByText(messages['ui.support.redAlert.delivered']).waitFor();
      await alert.waitFor({ state: 'detached' });

      await page.getByRole('link', { name: messages['ui.support.nav.syncAudit'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.supportRedAlertSyncAudit.path);
      const filters = page.getByRole('form', { name: messages['ui.support.syncAudit.filters'] });
      await filters.getByLabel(messages['ui.support.syncAudit.resourceType']).selectOption({ label: messages['ui.support.redAlert.resource.Patient'] });
      await filters.getByRole('button', { name: messages['ui.support.syncAudit.apply'] }).click();
      const rows = page.getByRole('row');
      await rows
        .filter({ hasText: `${agent.firstName} ${agent.lastName}` })
        .filter({ hasText: messages['ui.support.syncAudit.delivered'] })
        .first()
        .waitFor();
      await rows.filter({ hasText: messages['ui.support.syncAudit.worker'] }).filter({ hasText: 'HTTP 500' }).first().waitFor();
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);
      await screenshots(page, 'support-sync-audit');
    });
  });
});
