/**
 * Journey ("who looked at my record"): the demo support agent signs in from the home page and
 * opens the demo patient's account from the support dashboard; then the patient, on a device in Pacific time,
 * signs in, goes to their account and "Who looked at my record", and finds that look: the agent's role and
 * first name, the time in the patient's zone (named), and the outcome. They report it to support, and the
 * entry says so; in Spanish (chosen in the settings) the same look reads in Spanish. The agent then finds the report
 * under "Reported record access" on the support dashboard, with the entry as recorded and the patient's words, and
 * closes it with a note. Only clicks and typing.
 */
import findAccountForm from '@/generated/forms/support-find-account';
import closeForm from '@/generated/forms/support-close-access-report';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import { enumLabelOf } from '@/domain/translations';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { formatWhen } from '@/domain/date-format';
import { message, messageIn } from '@/domain/messages';
import { DEFAULT_LOCALE, localeDefinition, localizedPath, type Locale } from '@/domain/locale';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { wcagViolations } from '../a11y';
import { newSession, useBrowser } from '../harness';
import { useOwnServer } from '../server-process';
import { withFailureShot } from '../booking-helpers';
import { screenHeading, signInFromHome } from './front-door';
import * as peopleEnums from '@/generated/enums/people';
import * as recordAccessEnums from '@/generated/enums/record-access';

const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const patient = demoAccounts.find((a) => a.role === 'Patient')!;
const PACIFIC = 'America/Los_Angeles';
const MINUTE = 60_000;
const note = 'I did not call support that day.';

/** Every way the page may write a moment between the two instants, to the minute, in the zone. */
function timesBetween(from: number, to: number, zone: string, locale: Locale = DEFAULT_LOCALE): string[] {
  const shown: string[] = [];
  for (let at = Math.floor(from / MINUTE) * MINUTE; at <= to; at += MINUTE) shown.push(formatWhen(new Date(at), zone, locale));
  return shown;
}

describe('journey: a patient sees that a support agent opened their record', () => {
  // Its own server: the list is read from its start, and the report leaves a task behind.
  useOwnServer();
  // The agent's device is in Eastern time; the patient's is elsewhere, so the time shown must be the patient's.
  const session = useBrowser();

  it("agent: home → sign in → find the patient's account; patient (Pacific): home → sign in → account → who looked → the agent's look, reported", async () => {
    const { page } = session();
    const before = Date.now();
    await withFailureShot(page, 'journey-who-looked-agent', async () => {
      await signInFromHome(page, agent.email);
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      const find = page.getByRole('region', { name: messages['ui.support.find.heading'] });
      await find.getByLabel('Email').fill(patient.email);
      await find.getByRole('button', { name: findAccountForm.submitLabel }).click();
      await page.waitForURL((u) => u.pathname === routeById.supportUser.path);
      await page
        .getByRole('main')
        .getByRole('heading', { level: 1, name: `${patient.firstName} ${patient.lastName}` })
        .waitFor();
    });
    const after = Date.now();

    const own = await newSession({ timezoneId: PACIFIC });
    const patientPage = own.page;
    try {
      await withFailureShot(patientPage, 'journey-who-looked-patient', async () => {
        await signInFromHome(patientPage, patient.email);
        await screenHeading(patientPage);
        await patientPage
          .getByRole('navigation')
          .getByRole('link', { name: message('ui.patient.nav.account') })
          .click();
        await patientPage.getByRole('link', { name: messages['ui.recordAccess.link'] }).click();
        await patientPage.waitForURL(`**${routeById.patientRecordAccess.path}`);
        expect(await screenHeading(patientPage)).toBe(routeById.patientRecordAccess.title);

        const who = message('ui.recordAccess.staff', { role: enumLabelOf(peopleEnums.permissionGroup, 'support'), name: agent.firstName });
        const look = patientPage.getByRole('listitem').filter({ hasText: who }).first();
        await look.waitFor();
        const text = (await look.textContent()) ?? '';
        expect(timesBetween(before, after, PACIFIC).some((t) => text.includes(t))).toBe(true);
        expect(text).toMatch(/P[SD]T/);
        expect(text).toContain(messages['ui.recordAccess.outcome.success']);
        expect(text).toContain(enumLabelOf(recordAccessEnums.recordAct, 'viewed'));
        expect(await wcagViolations(patientPage, { within: '#main' })).toEqual([]);

        await look.getByRole('button', { name: messages['ui.recordAccess.report'] }).click();
        const form = look.getByRole('form', { name: messages['ui.recordAccess.reportHeading'] });
        await form.getByLabel(messages['ui.recordAccess.reportNote']).fill(note);
        await form.getByRole('button', { name: messages['ui.recordAccess.reportSend'] }).click();
        await patientPage.getByRole('status').filter({ hasText: messages['ui.recordAccess.reportDone'] }).waitFor();
        await patientPage.getByRole('listitem').filter({ hasText: who }).first().getByText(messages['ui.recordAccess.reported']).waitFor();

        // In Spanish (chosen in the account settings): the same look, in Spanish words and the same zone.
        await patientPage
          .getByRole('link', { name: message('ui.patient.nav.account') })
          .first()
          .click();
        await patientPage.getByRole('link', { name: message('ui.patient.account.settings') }).click();
        const languages = patientPage.getByRole('region', { name: message('ui.patient.language.heading') });
        await languages.getByRole('radio', { name: localeDefinition('es').name }).check();
        await languages.getByRole('button', { name: message('ui.patient.language.save') }).click();
        await patientPage.waitForURL(`**${localizedPath(routeById.patientAccountSettings.path, 'es')}`);
        await patientPage
          .getByRole('link', { name: messageIn('es', 'ui.patient.nav.account') })
          .first()
          .click();
        await patientPage.getByRole('link', { name: messageIn('es', 'ui.recordAccess.link') }).click();
        await patientPage.waitForURL(`**${localizedPath(routeById.patientRecordAccess.path, 'es')}`);
        const quien = messageIn('es', 'ui.recordAccess.staff', { role: enumLabelOf(peopleEnums.permissionGroup, 'support', 'es'), name: agent.firstName });
        const mirada = patientPage.getByRole('listitem').filter({ hasText: quien }).first();
        await mirada.waitFor();
        const texto = (await mirada.textContent()) ?? '';
        expect(timesBetween(before, after, PACIFIC, 'es').some((t) => texto.includes(t))).toBe(true);
        expect(texto).toContain(messageIn('es', 'ui.recordAccess.outcome.success'));
        expect(texto).toContain(messageIn('es', 'ui.recordAccess.reported'));
      });
    } finally {
      await own.context.close();
    }

    // Support: the report waits on the dashboard's "Reported record access", with the entry as recorded; closed with a note.
    await withFailureShot(page, 'journey-who-looked-support-closes', async () => {
      await page.getByRole('link', { name: messages['ui.support.back'] }).click();
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      await page.getByRole('main').getByRole('link', { name: routeById.supportRecordAccessReports.title }).click();
      await page.waitForURL(`**${routeById.supportRecordAccessReports.path}`);
      const report = page.getByRole('listitem').filter({ hasText: message('ui.support.accessReports.patientSaid', { note }) });
      await report.waitFor();
      const entry = (await report.getByRole('region', { name: messages['ui.support.accessReports.entry'] }).textContent()) ?? '';
      expect(entry).toContain(`${agent.firstName} ${agent.lastName}`);
      expect(entry).toContain(agent.email);
      expect(entry).toContain(messages['ui.recordAccess.outcome.success']);
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);
      await report.getByRole('button', { name: specSubmitLabel(closeForm) }).click();
      await report.getByText(messages['ui.support.accessReports.noteRequired']).waitFor();
      await report.getByLabel(specFieldTitle(closeForm, 'note')).fill('It was my look, during a call the patient did not make: passed to the privacy officer.');
      await report.getByRole('button', { name: specSubmitLabel(closeForm) }).click();
      await page.getByText(messages['ui.support.accessReports.closed']).first().waitFor();
      await page.getByText(messages['ui.support.accessReports.empty']).waitFor();
    });
  });
});
