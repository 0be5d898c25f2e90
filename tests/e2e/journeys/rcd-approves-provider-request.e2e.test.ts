/**
 * Journey: the demo clinician signs in from the home page, lands on their schedule
 * and asks their RCD for a new state licence under "Requests to your RCD" (first without the state,
 * which the form refuses with its message). The demo RCD signs in from the home page in a browser of
 * their own and lands on "Provider requests", finds the clinician's request, approves it with a reason
 * and sees it under "Decided". Back on the clinician's schedule, the request reads approved with the
 * RCD's reason. Only clicks and typing.
 */
import { enums } from '@/generated/enums';
import decideForm from '@/generated/forms/care-rcd-decide-request';
import licenceForm from '@/generated/forms/care-request-licence';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { newSession, useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { wcagViolations } from '../a11y';
import { screenshots } from '../signin-support';
import { signInFromHome, screenHeading } from './front-door';

const CLINICIAN = 'morgan.lee@example.com';
const RCD = 'riley.chen@example.com';
const LICENCE = `WY-${Date.now() % 100000}`;
const REASON = 'Licence verified with the state board';

describe("an RCD lands on provider requests and approves a clinician's new licence", () => {
  const session = useBrowser();

  it('the clinician asks; the RCD approves with a reason; the clinician sees the decision', async () => {
    const { page, problems } = session();
    // The form's refusals (no state, a state held already) are answers the journey provokes.
    problems.allow(/\[POST \/api\/care\/provider-requests → 400\]/);
    await withFailureShot(page, 'journey-clinician-asks-rcd', async () => {
      await signInFromHome(page, CLINICIAN);
      expect(await screenHeading(page)).toBe(routeById.careSchedule.title);
      const panel = page.getByRole('region', { name: messages['ui.care.requests.heading'] });
      await panel.getByLabel(messages['ui.care.requests.kind']).selectOption({ label: enums.providerRequestKind.labels.licence_added });
      await panel.getByLabel('Licence number').fill(LICENCE);
      await panel.getByLabel('Tell your RCD about it').fill('I am now licensed in a new state.');
      await panel.getByRole('button', { name: licenceForm.submitLabel }).click();
      await panel.getByText(messages['providerRequest.stateRequired']).waitFor();
      // A state the clinician does not hold yet: the form says so for one they hold.
      for (const state of ['Wyoming', 'Vermont', 'North Dakota', 'Alaska']) {
        await panel.getByLabel('State of the new licence').selectOption({ label: state });
        await panel.getByRole('button', { name: licenceForm.submitLabel }).click();
        const sent = page.getByRole('status').filter({ hasText: messages['ui.care.requests.sent'] });
        const held = panel.getByText(messages['providerRequest.alreadyLicensed']);
        await sent.or(held).first().waitFor();
        if (await sent.count()) break;
      }
      await panel.getByRole('listitem').filter({ hasText: LICENCE }).getByText(messages['ui.care.requests.waiting']).waitFor();
      await screenshots(page, 'journey-clinician-provider-request');
    });

    const rcd = await newSession();
    try {
      const other = rcd.page;
      await withFailureShot(other, 'journey-rcd-approves', async () => {
        await signInFromHome(other, RCD);
        expect(await screenHeading(other)).toBe(routeById.careProviderRequests.title);
        expect(new URL(other.url()).pathname).toBe(routeById.careProviderRequests.path);
        const card = other.getByRole('listitem').filter({ hasText: LICENCE });
        await card.waitFor();
        expect(await card.getByRole('heading', { level: 3 }).innerText()).toContain(`${enums.providerRequestKind.labels.licence_added} · Morgan Lee`);
        expect(await wcagViolations(other, { within: '#main' })).toEqual([]);
        await screenshots(other, 'journey-rcd-provider-requests');
        // A decision needs a reason.
        await card.getByRole('button', { name: decideForm.submitLabel }).click();
        await card.getByText(messages['ui.rcd.requests.reasonRequired'], { exact: true }).waitFor();
        await card.getByLabel('Reason for your decision').fill(REASON);
        await card.getByRole('button', { name: decideForm.submitLabel }).click();
        await other
          .getByRole('status')
          .filter({ hasText: /^Approved: Licence added for Morgan Lee/ })
          .first()
          .waitFor();
        await card.waitFor({ state: 'detached' });
        await other.getByRole('button', { name: messages['ui.rcd.requests.decided'] }).click();
        const decided = other.getByRole('listitem').filter({ hasText: LICENCE });
        await decided.getByText(new RegExp(`^Approved by Riley Chen on .+: ${REASON}$`)).waitFor();
      });
      rcd.problems.assertNone();
    } finally {
      await rcd.context.close();
    }

    await withFailureShot(page, 'journey-clinician-sees-approval', async () => {
      await page.getByRole('navigation', { name: messages['ui.care.nav.label'] }).getByRole('link', { name: routeById.careCalendar.title }).click();
      await page.getByRole('heading', { level: 1, name: routeById.careCalendar.title }).waitFor();
      await page.getByRole('navigation', { name: messages['ui.care.nav.label'] }).getByRole('link', { name: routeById.careSchedule.title }).click();
      const mine = page.getByRole('region', { name: messages['ui.care.requests.heading'] }).getByRole('listitem').filter({ hasText: LICENCE });
      await mine.getByText(new RegExp(`^Approved on .+: ${REASON}$`)).waitFor();
    });
  });
});
