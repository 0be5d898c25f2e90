/**
 * Journey: on a phone, the home page already offers "Call 988", "Text 988" and "911" as links
 * that dial or text, outside any menu; the demo patient signs in from there, starts their child's intake from the
 * portal's to-do and, on the PHQ-9, answers the self-harm question first with "Nearly every day": the crisis
 * screen comes before anything else (no more questions, no next step), and the crisis line is still on top.
 * Nothing is sent (intake-crisis.e2e.test.ts sends one). Only clicks and typing.
 */
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { wcagViolations } from '../a11y';
import { useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { signInFromHome } from './front-door';

const patient = demoAccounts.find((a) => a.role === 'Patient')!;
// Mia's intake, not Leo's: intake-crisis sends Leo's, and this journey sends nothing, so each finds its to-do in
// whichever order the two run.
const mia = patient.dependants!.find((d) => d.firstName === 'Mia')!;
const [reasonPage, historyPage] = constants.intakeQuestionnaire.pages;
const nearlyEveryDay = constants.measureAnswerOptions[3]!.label;

describe('journey: a crisis answer shows the crisis screen before anything else', () => {
  const session = useBrowser();

  it('phone: home → crisis links in view → sign in → intake → PHQ-9 item 9 "nearly every day" → crisis screen first', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-crisis-first', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/');
      const line = page.getByRole('complementary', { name: messages['ui.layout.crisis.name'] });
      for (const [name, href] of [
        [messages['ui.layout.crisis.call988'], 'tel:988'],
        [messages['ui.layout.crisis.text988'], 'sms:988'],
        [messages['ui.layout.crisis.call911'], 'tel:911'],
      ] as const) {
        const link = line.getByRole('link', { name });
        expect(await link.isVisible()).toBe(true);
        expect(await link.getAttribute('href')).toBe(href);
      }

      await signInFromHome(page, patient.email);
      await page.waitForURL(`**${routeById.patientHome.path}`);
      const tasks = page.getByRole('region', { name: messages['ui.patient.home.tasks'] });
      await tasks
        .getByRole('listitem')
        .filter({ hasText: message('ui.patient.home.intakeNeeded', { patient: `${mia.firstName} ${mia.lastName}` }) })
        .getByRole('link', { name: messages['ui.patient.home.startIntake'] })
        .click();
      await page.waitForURL((u) => u.pathname === routeById.formsort.path);
      await page.getByLabel(reasonPage!.questions[0]!.label).fill('Low mood since the winter.');
      await page.getByRole('button', { name: messages['ui.intake.next'] }).click();
      await page.getByRole('heading', { name: new RegExp(historyPage!.title) }).waitFor();
      await page.getByRole('group', { name: historyPage!.questions[0]!.label }).getByRole('radio', { name: 'Never' }).check();
      await page.getByRole('group', { name: historyPage!.questions[1]!.label }).getByRole('radio', { name: 'No' }).check();
      await page.getByRole('button', { name: messages['ui.intake.next'] }).click();

      // The self-harm question first, before any other PHQ-9 answer.
      const itemNine = `9. ${constants.measureInstruments.phq9.questions[8]}`;
      // A click, not check(): the answer takes the questionnaire away at once, so there is no radio left to confirm.
      await page.getByRole('group', { name: itemNine }).getByRole('radio', { name: nearlyEveryDay }).click();
      const screenFirst = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: messages['ui.crisis.heading'] }) });
      await screenFirst.waitFor();
      expect(await screenFirst.getByRole('link', { name: messages['ui.layout.crisis.call988'] }).getAttribute('href')).toBe('tel:988');
      expect(await screenFirst.getByRole('link', { name: messages['ui.layout.crisis.text988'] }).getAttribute('href')).toBe('sms:988');
      expect(await screenFirst.getByRole('link', { name: messages['ui.layout.crisis.call911'] }).getAttribute('href')).toBe('tel:911');
      // Nothing of the flow but the way back: no questions, no next step.
      expect(await page.getByRole('group', { name: itemNine }).count()).toBe(0);
      expect(await page.getByRole('button', { name: messages['ui.intake.next'], exact: true }).count()).toBe(0);
      expect(await line.isVisible()).toBe(true);
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);
    });
  });
});
