/**
 * Journey: the demo patient, who has an upcoming session with the demo clinician,
 * signs in from the home page, finds the PHQ-9 check-in among their to-dos, answers it with item 9
 * answered "Several days", sees the crisis screen first, goes on, and sees their score and band; then the clinician signs in, opens
 * "Measurement-based care" from the care area's navigation and sees the patient's score, band and the
 * urgent flag, and resolves the alert with a note (required), after which the flag is gone. Only
 * clicks and typing.
 */
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { newSession, useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { signInFromHome, screenHeading } from './front-door';

const phq9 = constants.measureInstruments.phq9;
// Items 1-8: 1, 2, 1, 1, 2, 1, 1, 0; item 9: 1 (Several days). Total 10: Moderate, and urgent.
const answers = [1, 2, 1, 1, 2, 1, 1, 0, 1];

describe('a patient completes a PHQ-9 from the portal to-do and the clinician sees it', () => {
  const session = useBrowser();

  it('answers item 9, sees the score; the clinician sees score, band and the urgent flag', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-check-in-patient', async () => {
      await signInFromHome(page, 'jordan.rivera@example.com');
      await screenHeading(page);
      const start = page.getByRole('button', { name: message('ui.patient.checkIn.start', { instrument: phq9.name }) }).first();
      await start.click();
      const dialog = page.getByRole('dialog');
      for (const [i, value] of answers.entries()) {
        const label = constants.measureAnswerOptions.find((o) => o.value === value)!.label;
        const radio = dialog.getByRole('group', { name: `${i + 1}. ${phq9.questions[i]}` }).getByRole('radio', { name: label, exact: true });
        if (i < 8) await radio.check();
        // A click, not check(): item 9 above 0 puts the crisis screen in the questionnaire's place at once.
        else await radio.click();
      }
      const crisis = dialog.getByRole('alert').filter({ has: page.getByRole('heading', { name: messages['ui.crisis.heading'] }) });
      await crisis.waitFor();
      expect(await crisis.getByRole('link', { name: messages['ui.layout.crisis.call988'] }).getAttribute('href')).toBe('tel:988');
      expect(await dialog.getByRole('button', { name: messages['ui.patient.checkIn.submit'] }).count()).toBe(0);
      await crisis.getByRole('button', { name: messages['ui.crisis.continue'] }).click();
      await dialog.getByRole('button', { name: messages['ui.patient.checkIn.submit'] }).click();
      await dialog.getByText(message('ui.patient.checkIn.result', { instrument: phq9.name, total: '10', band: 'Moderate' })).waitFor();
      await dialog.getByText(messages['ui.patient.checkIn.urgent']).waitFor();
      // Sent: the way out is "Close", no longer "Not now".
      expect(await dialog.getByRole('button', { name: messages['ui.patient.checkIn.cancel'] }).count()).toBe(0);
      await dialog.getByRole('button', { name: messages['ui.patient.close'], exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    const clinician = await newSession();
    try {
      const other = clinician.page;
      await withFailureShot(other, 'journey-check-in-clinician', async () => {
        await signInFromHome(other, 'morgan.lee@example.com');
        expect(await screenHeading(other)).toBe(routeById.careSchedule.title);
        await other.getByRole('navigation', { name: messages['ui.care.nav.label'] }).getByRole('link', { name: routeById.careMbcDashboard.title }).click();
        await other.getByRole('heading', { level: 1, name: routeById.careMbcDashboard.title }).waitFor();
        const row = other.getByRole('listitem', { name: 'Jordan Rivera' });
        await row.getByText(message('ui.care.clients.measure', { instrument: phq9.name, total: '10', band: 'Moderate' })).waitFor();
        await row.getByText(messages['ui.care.clients.urgent']).waitFor();

        // The clinician handles it and closes the alert with a note (required): the urgent flag clears.
        const resolve = row.getByRole('button', { name: messages['ui.care.alert.resolve'] });
        await resolve.first().click();
        await row.getByText(messages['ui.care.alert.noteRequired']).first().waitFor();
        while ((await resolve.count()) > 0) {
          const before = await resolve.count();
          const form = row.getByRole('region', { name: new RegExp(`^${messages['ui.care.alert.resolve']}:`) }).first();
          await form.getByLabel('How was this alert handled?').fill('Called Jordan the same day; safety plan reviewed.');
          await form.getByRole('button', { name: messages['ui.care.alert.resolve'] }).click();
          await other.getByRole('status').filter({ hasText: messages['ui.care.alert.resolved'] }).first().waitFor();
          await other.waitForFunction(([name, n]) => document.querySelectorAll(`li[aria-label="${name}"] form`).length < n, ['Jordan Rivera', before] as const);
        }
        await row.getByText(message('ui.care.clients.measure', { instrument: phq9.name, total: '10', band: 'Moderate' })).waitFor();
        expect(await row.getByText(messages['ui.care.clients.urgent']).count()).toBe(0);
      });
      clinician.problems.assertNone();
    } finally {
      await clinician.context.close();
    }
  });
});
