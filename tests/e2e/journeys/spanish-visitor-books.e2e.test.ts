/**
 * A Spanish-speaking visitor books a session. Their browser asks for Spanish, so the home page
 * sends them to /es/; from there, only clicking and typing: search Austin, TX, open a provider's profile,
 * choose a time, confirm who they are with a new account and the e-mailed code, add themselves, sign the
 * consent, pay self-pay with a test card. Every page on the way stays under /es/ and says it is Spanish
 * (<html lang="es">); the confirmation is in Spanish, the confirmation mail in the dev mailbox is written in
 * Spanish, and the receipt downloaded from Billing is a PDF in Spanish. No form on the way shows an English word
 *: each form's labels, placeholders, options and hints are read from the page before typing, and again
 * with its errors after it is sent empty.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import profileCopy from '@/generated/content/provider-profile';
import { mailTemplates } from '@/generated/mail';
import { routeById } from '@/generated/routes';
import { messageIn } from '@/domain/messages';
import { localizedContent, mailTemplateIn } from '@/domain/translations';
import { pdfText } from '@tests/support/pdf';
import { useBrowser } from '../harness';
import { isoDaysAgo, withFailureShot } from '../booking-helpers';
import { latestMail, mailMoment } from '../mailbox';
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
  verifyAsNewVisitor,
  type BeforeTyping,
} from './booking-steps';
import { englishInForms } from './english-words';
import { pathIn } from './words';

const ES = 'es';
const austin = { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };

/** A sentence of a template with its {placeholders} as wildcards. */
function templatePattern(template: string): RegExp {
  const parts = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\/]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]+?')}$`);
}

/** The page is a Spanish page: under /es/ and <html lang="es">. */
async function inSpanish(page: Page): Promise<void> {
  const url = new URL(page.url());
  expect(url.pathname === '/es' || url.pathname.startsWith('/es/')).toBe(true);
  expect(await page.getAttribute('html', 'lang')).toBe(ES);
}

describe('a Spanish-speaking visitor', () => {
  const session = useBrowser({ locale: 'es-MX' });

  it('is sent to /es/, searches, opens a profile, books self-pay, and gets the confirmation, its mail and its receipt in Spanish', async () => {
    const { page } = session();
    const person = newPerson('spanish', isoDaysAgo(36));
    const english: string[] = [];
    const readForms = async (step: string) => english.push(...(await englishInForms(page)).map((found) => `${step}: ${found}`));
    // A form before typing: its words, then sent empty, its errors.
    const readFormAndErrors: BeforeTyping = async (form) => {
      await readForms(new URL(page.url()).pathname);
      await form.locator('button[type="submit"]').first().click();
      await form.locator('.field__error').first().waitFor();
      await readForms(`${new URL(page.url()).pathname}, sent empty`);
    };
    await withFailureShot(page, 'journey-spanish-books', async () => {
      // A first visit follows the browser's language.
      await page.goto('/');
      await page.waitForURL((u) => u.pathname === '/es/');
      await inSpanish(page);

      const since = mailMoment();
      await searchFromHome(page, 'Austin, TX', { locale: ES });
      await inSpanish(page);
      const { card, name } = await providerWithTimes(page, 4);
      await card.getByRole('link', { name }).click();
      await page.getByRole('heading', { level: 1, name: new RegExp(`^${name}`) }).waitFor();
      await inSpanish(page);
      const times = page.getByRole('region', { name: localizedContent(profileCopy, ES).availability });
      await chooseTime(times, 2);

      await verifyAsNewVisitor(page, person, ES, readFormAndErrors);
      await inSpanish(page);
      await bookingPageShows(page, name, ES);
      await readForms('booking');
      await nextFromBookingPage(page, ES);
      await chooseSelfAndSign(page, person, ES);
      await readForms('patient information');
      await nextFromPatientInformation(page, ES);
      await inSpanish(page);
      await paySelfPayAndBook(page, austin, ES, undefined, readFormAndErrors);
      expect(english).toEqual([]);
      // The confirmation, in Spanish.
      await inSpanish(page);
      await page.getByText(messageIn(ES, 'ui.booking.successText')).waitFor();
      expect(messageIn(ES, 'ui.booking.successHeading')).not.toBe(messageIn('en-US', 'ui.booking.successHeading'));

      // The confirmation mail, written in Spanish.
      const mail = await latestMail(person.email, 'appointment-confirmation', since);
      const spanishMail = mailTemplateIn(mailTemplates['appointment-confirmation'], ES);
      expect(spanishMail.subject).not.toBe(mailTemplates['appointment-confirmation'].subject);
      expect(mail.subject).toMatch(templatePattern(spanishMail.subject));
      expect(mail.text).toContain(name);

      // The receipt, from Billing in the portal, as a PDF in Spanish.
      await page.getByRole('link', { name: messageIn(ES, 'ui.booking.confirm.sessions') }).click();
      await page.waitForURL((u) => u.pathname === pathIn(routeById.patientSessionsUpcoming.path, ES));
      await page
        .getByRole('navigation', { name: messageIn(ES, 'ui.patient.navLabel') })
        .getByRole('link', { name: messageIn(ES, 'ui.patient.nav.billing') })
        .click();
      await page.waitForURL((u) => u.pathname === pathIn(routeById.patientBilling.path, ES));
      await inSpanish(page);
      const [receipt] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByRole('button', { name: messageIn(ES, 'ui.patient.billing.receipt') })
          .first()
          .click(),
      ]);
      const receiptText = (await pdfText(readFileSync(await receipt.path()))).text;
      expect(receiptText).toContain(messageIn(ES, 'document.receipt.title'));
      expect(receiptText).not.toContain(messageIn('en-US', 'document.receipt.title'));
      expect(receiptText).toContain(`${person.firstName} ${person.lastName}`);
    });
  });
});
