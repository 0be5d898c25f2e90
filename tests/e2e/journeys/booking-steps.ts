/**
 * What people do on the way to a booked session, as steps the booking journeys share. Every step
 * only clicks and types on what the page shows (the one-time code is read from the dev mailbox, as a
 * person reads their e-mail); none opens an address it built.
 */
import type { Locator, Page } from 'playwright-core';
import home from '@/generated/content/home';
import site from '@/generated/content/site';
import searchCopy from '@/generated/content/provider-search';
import bookingFlow from '@/generated/flows/booking';
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message, messageIn } from '@/domain/messages';
import { DEFAULT_LOCALE, type Locale } from '@/domain/locale';
import { constantIn, localizedContent } from '@/domain/translations';
import bookingCardForm from '@/generated/forms/booking-card';
import bookingEmailForm from '@/generated/forms/booking-email';
import bookingNewAccountForm from '@/generated/forms/booking-new-account';
import oneTimeCodeForm from '@/generated/forms/one-time-code';
import serviceSelectionForm from '@/generated/forms/service-selection';
import { mailMoment, oneTimeCodeFor } from '../mailbox';
import { fillNewTestCard, settledCardSection } from '../booking-helpers';
import { expectAnnounced, expectFocusOnHeading } from '../a11y';
import { fieldLabel, flowStepCopy, pathIn } from './words';

export const payCopy = bookingFlow.steps.find((s) => s.id === 'pay')!.copy as Record<string, string>;
export const patientCopy = bookingFlow.steps.find((s) => s.id === 'patient-information')!.copy as Record<string, string>;
/** The self-pay option of the booking's payment step, in a language. */
export const selfPayChoiceIn = (locale: Locale) => new RegExp(`^${constantIn('selfPayLabel', locale).full.replace(/[/]/g, '\\/')}`);
export const selfPayChoice = selfPayChoiceIn(DEFAULT_LOCALE);

export interface NewPerson {
  email: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

let people = 0;
/** Letters for a number (names take letters only). */
function lettersOf(n: number): string {
  return n
    .toString(26)
    .split('')
    .map((digit) => String.fromCharCode(97 + parseInt(digit, 26)))
    .join('');
}

/** A person no test has used: a fresh address, and a name of letters only. */
export function newPerson(tag: string, dateOfBirth: string): NewPerson {
  people += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${people}`;
  return { email: `${tag}.${stamp}@example.com`, firstName: 'Avery', lastName: `Lane${lettersOf((Date.now() % 1e7) * 10 + people)}`, dateOfBirth };
}

/** The sign-in page: the e-mail address, then the code from the mailbox; the person lands where their role lands. */
export async function signInFromLoginPage(page: Page, email: string): Promise<void> {
  await page.goto(routeById.login.path);
  await page.getByRole('heading', { level: 1, name: message('ui.login.heading') }).waitFor();
  const since = mailMoment();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Email').press('Enter');
  await page.waitForURL((u) => u.pathname === routeById.verifyOtp.path);
  await page.getByLabel('One-time code').fill(await oneTimeCodeFor(email, since));
  await page.getByLabel('One-time code').press('Enter');
  await page.waitForURL((u) => u.pathname !== routeById.verifyOtp.path);
  await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
}

/**
 * The home page's search: where, optionally which insurance, then "Find providers"; the results are
 * shown. `viaBrand`: reached by the header's brand link from the page the person is on.
 */
export async function searchFromHome(page: Page, location: string, options: { insurance?: string; viaBrand?: boolean; locale?: Locale } = {}): Promise<void> {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const hero = localizedContent(home, locale).hero;
  if (options.viaBrand)
    await page
      .getByRole('link', { name: localizedContent(site, locale).brand.name })
      .first()
      .click();
  else await page.goto(pathIn('/', locale));
  await page.getByRole('heading', { level: 1, name: hero.heading }).waitFor();
  await page.getByLabel(hero.locationLabel).fill(location);
  if (options.insurance) {
    const insurance = page.getByLabel(hero.insuranceLabel, { exact: true });
    await insurance.locator('option', { hasText: options.insurance }).waitFor({ state: 'attached' });
    await insurance.selectOption({ label: options.insurance });
  }
  await page.getByRole('button', { name: hero.submitLabel }).click();
  await resultsShown(page, locale);
}

/** Provider search has answered with providers and their next open times. */
export async function resultsShown(page: Page, locale: Locale = DEFAULT_LOCALE): Promise<void> {
  await page.waitForURL((u) => u.pathname === pathIn(routeById.providerSearch.path, locale) && u.searchParams.has(constants.providerSearchParams.state));
  await page.locator('.provider-card__first').first().waitFor({ timeout: 30000 });
}

/** The nth provider card that shows a next open time, with the provider's name as the card shows it. */
export async function providerWithTimes(page: Page, nth: number): Promise<{ card: Locator; name: string }> {
  const card = page
    .locator('.provider-card')
    .filter({ has: page.locator('.provider-card__first') })
    .nth(nth);
  await card.waitFor();
  const name = (await card.locator('.provider-card__name a').innerText()).trim();
  return { card, name };
}

/** "See open times" on a card: the availability modal with its times. */
export async function seeOpenTimes(page: Page, card: Locator, locale: Locale = DEFAULT_LOCALE): Promise<Locator> {
  await card.getByRole('button', { name: localizedContent(searchCopy, locale).card.seeTimes }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('.slot-button').first().waitFor();
  return dialog;
}

/** Clicks the nth open time of a slot table; answers its label ("10:00 AM Video visit"). */
export async function chooseTime(table: Locator, nth: number): Promise<string> {
  const buttons = table.locator('.slot-button');
  await buttons.first().waitFor();
  const button = buttons.nth(Math.min(nth, (await buttons.count()) - 1));
  const label = (await button.locator('span').first().innerText()).trim();
  await button.click();
  return label;
}

/**
 * What a journey looks at on a form before typing into it (the form's element): the Spanish journey reads its words,
 * submits it empty and reads its errors.
 */
export type BeforeTyping = (form: Locator) => Promise<void>;

/** The form a field is in. */
const formOf = (field: Locator) => field.locator('xpath=ancestor::form[1]');

/** Identity verification for a new visitor, verify first: e-mail, the code from the mailbox, then the new account's details; back on the booking. */
export async function verifyAsNewVisitor(page: Page, person: NewPerson, locale: Locale = DEFAULT_LOCALE, beforeTyping?: BeforeTyping): Promise<void> {
  await page.waitForURL((u) => u.pathname === pathIn(routeById.bookingVerifyUser.path, locale));
  await page.getByRole('heading', { level: 1, name: messageIn(locale, 'ui.booking.verifyHeading') }).waitFor();
  const since = mailMoment();
  await beforeTyping?.(formOf(page.getByLabel(fieldLabel(bookingEmailForm, 'email', locale))));
  await page.getByLabel(fieldLabel(bookingEmailForm, 'email', locale)).fill(person.email);
  await page.getByRole('button', { name: messageIn(locale, 'ui.booking.verify.sendCode') }).click();
  await page.getByLabel(fieldLabel(oneTimeCodeForm, 'otp', locale)).fill(await oneTimeCodeFor(person.email, since));
  await page.getByRole('button', { name: messageIn(locale, 'ui.booking.verify.confirm') }).click();
  await page.getByRole('heading', { name: messageIn(locale, 'ui.booking.verify.newAccountHeading') }).waitFor();
  await beforeTyping?.(formOf(page.getByLabel(fieldLabel(bookingNewAccountForm, 'firstName', locale))));
  await page.getByLabel(fieldLabel(bookingNewAccountForm, 'firstName', locale)).fill(person.firstName);
  await page.getByLabel(fieldLabel(bookingNewAccountForm, 'lastName', locale)).fill(person.lastName);
  const birth = page.getByLabel(fieldLabel(bookingNewAccountForm, 'dateOfBirth', locale));
  await birth.fill(person.dateOfBirth);
  // Enter submits from the keyboard (a click right after editing a date field can be lost in Chromium).
  await birth.press('Enter');
  await verifiedOnBookingPage(page, locale);
}

/** Identity verification for someone with an account: e-mail, then the code from the mailbox. */
export async function verifyWithCode(page: Page, email: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === routeById.bookingVerifyUser.path);
  const since = mailMoment();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: messages['ui.booking.verify.sendCode'] }).click();
  await page.getByLabel('One-time code').fill(await oneTimeCodeFor(email, since));
  await page.getByRole('button', { name: messages['ui.booking.verify.confirm'] }).click();
  await verifiedOnBookingPage(page);
}

async function verifiedOnBookingPage(page: Page, locale: Locale = DEFAULT_LOCALE): Promise<void> {
  await page.waitForURL((u) => u.pathname === pathIn(routeById.booking.path, locale) && u.searchParams.get('showSuccessModal') === 'true');
  await page.getByText(messageIn(locale, 'ui.booking.verified')).waitFor();
}

/** The booking page: the chosen time with its provider, held for the person; answers the service the page chose. */
export async function bookingPageShows(page: Page, providerName: string, locale: Locale = DEFAULT_LOCALE): Promise<string> {
  await page.getByRole('heading', { level: 1, name: messageIn(locale, 'ui.booking.heading') }).waitFor();
  await expectFocusOnHeading(page, messageIn(locale, 'ui.booking.heading'));
  const summary = page.getByRole('region', { name: messageIn(locale, 'ui.booking.slot.heading') });
  await summary.getByText(providerName, { exact: false }).waitFor();
  await page.getByTestId('hold-countdown').waitFor();
  return page.getByLabel(fieldLabel(serviceSelectionForm, 'counselingType', locale)).inputValue();
}

export async function nextFromBookingPage(page: Page, locale: Locale = DEFAULT_LOCALE): Promise<void> {
  await page.getByRole('button', { name: messageIn(locale, 'ui.booking.next') }).click();
  await page.waitForURL((u) => u.pathname === pathIn(routeById.userBookingPatientInfo.path, locale));
  await expectFocusOnHeading(page, flowStepCopy(bookingFlow, 'patient-information', locale).heading!);
}

/** Patient information: who attends, chosen from the people on the account. */
export async function choosePatient(page: Page, fullName: string): Promise<void> {
  const who = page.getByRole('checkbox', { name: new RegExp(`^${fullName}`) });
  await who.waitFor();
  if (!(await who.isChecked())) await who.check();
}

/** Patient information for a new account: the holder is on the account already (Self); they attend and sign the consent. */
export async function chooseSelfAndSign(page: Page, person: NewPerson, locale: Locale = DEFAULT_LOCALE): Promise<void> {
  const me = `${person.firstName} ${person.lastName}`;
  await choosePatient(page, me);
  await page.getByRole('checkbox', { name: messageIn(locale, 'ui.booking.consent.self', { patient: me }) }).check();
}

export async function nextFromPatientInformation(page: Page, locale: Locale = DEFAULT_LOCALE): Promise<void> {
  await page.getByRole('button', { name: messageIn(locale, 'ui.booking.next') }).click();
  await page.waitForURL((u) => u.pathname === pathIn(routeById.userBookingPayment.path, locale));
  await page.getByRole('heading', { level: 1, name: flowStepCopy(bookingFlow, 'pay', locale).heading }).waitFor();
  await expectFocusOnHeading(page, flowStepCopy(bookingFlow, 'pay', locale).heading!);
}

/** Self-pay with the card on file or a new test card, the consent to book; then the confirmation. */
export async function paySelfPayAndBook(
  page: Page,
  address: { line1: string; city: string; state: string; zip: string },
  locale: Locale = DEFAULT_LOCALE,
  selfPayLabel: RegExp = selfPayChoiceIn(locale),
  beforeTyping?: BeforeTyping,
): Promise<void> {
  const pay = flowStepCopy(bookingFlow, 'pay', locale);
  const selfPay = page.getByRole('radio', { name: selfPayLabel });
  if (!(await selfPay.isChecked())) await selfPay.check();
  await page.getByRole('checkbox', { name: pay.consent }).check();
  const { card, savedCardOffered } = await settledCardSection(page, locale);
  if (!savedCardOffered) await beforeTyping?.(formOf(card.getByLabel(fieldLabel(bookingCardForm, 'number', locale))));
  if (savedCardOffered) await card.getByRole('button', { name: pay.submit }).click();
  else
    await (
      await fillNewTestCard(page, { number: '4111111111111111', expiration: '12/30', cvc: '123', ...address }, locale)
    )
      .getByLabel(fieldLabel(bookingCardForm, 'address.zipcode', locale))
      .press('Enter');
  await bookedConfirmation(page, locale);
}

/**
 * The confirmation that replaced the payment step: its heading has the keyboard focus and a status
 * line announces the booking to screen readers. `heading`: staff booking for a caller read the caller's.
 */
export async function bookedConfirmation(page: Page, locale: Locale = DEFAULT_LOCALE, heading = messageIn(locale, 'ui.booking.successHeading')): Promise<void> {
  await page.getByRole('heading', { name: heading }).waitFor({ timeout: 30000 });
  await expectFocusOnHeading(page, heading);
  await expectAnnounced(page, heading);
}

/** "See your sessions" from the confirmation: the upcoming sessions list the one just booked, with its provider. */
export async function sessionInPortal(page: Page, providerName: string): Promise<Locator> {
  await page.getByRole('link', { name: messages['ui.booking.confirm.sessions'] }).click();
  await page.waitForURL((u) => u.pathname === routeById.patientSessionsUpcoming.path);
  const session = page.getByRole('article').filter({ hasText: providerName });
  await session.first().waitFor();
  return session.first();
}
