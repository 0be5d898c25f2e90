/**
 * Journey: the demo patient signs in from the home page, starts their child's intake from the
 * portal's to-do, answers the pages the spec defines (reason, history, PHQ-9, GAD-7); answering the
 * PHQ-9 self-harm question above "Not at all" shows the crisis screen at once, then the questionnaire goes on with
 * the crisis resources in view; sending keeps the intake
 * and the to-do goes. The support agent then signs in and finds the stat red alert for the patient.
 * Only clicks and typing.
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
const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
// The intake is Leo's, a child on the demo account nobody books for: an intake records a PHQ-9, and one for
// the account holder would take away the check-in another journey on this server expects to be due.
const leo = patient.dependants!.find((d) => d.firstName === 'Leo')!;
const patientName = `${leo.firstName} ${leo.lastName}`;
const [reasonPage, historyPage] = constants.intakeQuestionnaire.pages;
const options = constants.measureAnswerOptions;

describe('journey: an intake with thoughts of self-harm shows crisis resources and raises a red alert', () => {
  const session = useBrowser();

  it('patient: home → sign in → to-do → intake pages → crisis resources at once → sent', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-intake-crisis', async () => {
      await signInFromHome(page, patient.email);
      await page.waitForURL(`**${routeById.patientHome.path}`);
      const tasks = page.getByRole('region', { name: messages['ui.patient.home.tasks'] });
      const todo = tasks.getByRole('listitem').filter({ hasText: message('ui.patient.home.intakeNeeded', { patient: patientName }) });
      await todo.getByRole('link', { name: messages['ui.patient.home.startIntake'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.formsort.path);
      await page.getByRole('heading', { level: 1, name: messages['ui.intake.heading'] }).waitFor();

      // Page 1: continuing without the required answer says what is missing.
      await page.getByRole('button', { name: messages['ui.intake.next'] }).click();
      await page.getByText(messages['ui.intake.required']).first().waitFor();
      await page.getByLabel(reasonPage!.questions[0]!.label).fill('Trouble sleeping and low mood since a move.');
      await page.getByRole('button', { name: messages['ui.intake.next'] }).click();

      // Page 2: the history choices.
      await page.getByRole('heading', { name: new RegExp(historyPage!.title) }).waitFor();
      await page.getByRole('group', { name: historyPage!.questions[0]!.label }).getByRole('radio', { name: 'Never' }).check();
      await page.getByRole('group', { name: historyPage!.questions[1]!.label }).getByRole('radio', { name: 'No' }).check();
      await page.getByRole('button', { name: messages['ui.intake.next'] }).click();

      // PHQ-9: "Several days" on item 9 shows the crisis screen before anything is sent, then the questionnaire again.
      const phq = constants.measureInstruments.phq9.questions;
      for (const [i, q] of phq.entries()) {
        await page
          .getByRole('group', { name: `${i + 1}. ${q}` })
          .getByRole('radio', { name: options[i === 8 ? 1 : 0]!.label })
          // Item 9 takes the questionnaire away at once (the crisis screen): a click, with no radio left to confirm.
          .click();
      }
      await page.getByRole('heading', { name: messages['ui.crisis.heading'] }).waitFor();
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);
      await page.getByRole('button', { name: messages['ui.crisis.continue'] }).click();
      await page.getByRole('alert').filter({ hasText: messages['ui.intake.crisis'] }).waitFor();
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);
      await page.getByRole('button', { name: messages['ui.intake.next'] }).click();

      const gad = constants.measureInstruments.gad7.questions;
      for (const [i, q] of gad.entries())
        await page
          .getByRole('group', { name: `${i + 1}. ${q}` })
          .getByRole('radio', { name: options[1]!.label })
          .check();
      await page.getByRole('button', { name: messages['ui.intake.submit'] }).click();
      await page.getByText(messages['ui.intake.done']).waitFor();
      await page.getByRole('alert').filter({ hasText: messages['ui.intake.crisis'] }).waitFor();

      await page.getByRole('link', { name: messages['ui.intake.backHome'] }).click();
      await page.waitForURL(`**${routeById.patientHome.path}`);
      // The to-do goes once the portal has read the intake again.
      await page.getByRole('region', { name: messages['ui.patient.home.tasks'] }).waitFor();
      await todo.waitFor({ state: 'detached' });
    });
  });

  it('support: home → sign in → red alerts → the intake alert for the patient', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-intake-crisis-support', async () => {
      await signInFromHome(page, agent.email);
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      await page.getByRole('link', { name: messages['ui.support.nav.redAlert'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.supportRedAlert.path);
      await page.getByRole('listitem').filter({ hasText: messages['task.redAlert.intakeCrisis'] }).filter({ hasText: patientName }).first().waitFor();
    });
  });
});
