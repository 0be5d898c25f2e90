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
import { message } from '@/domain/messages';
import { mailMoment, oneTimeCodeFor } from '../mailbox';
import { fillNewTestCard, settledCardSection } from '../booking-helpers';

export const payCopy = bookingFlow.steps.find((s) => s.id === 'pay')!.copy as Record<string, string>;
export const patientCopy = bookingFlow.steps.find((s) => s.id === 'patient-information')!.copy as Record<string, string>;
export const selfPayChoice = new RegExp(`^${constants.selfPayLabel.full.replace(/[/]/g, '\\/')}`);

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
export async function searchFromHome(page: Page, location: string, options: { insurance?: string; viaBrand?: boolean } = {}): Promise<void> {
  if (options.viaBrand) await page.getByRole('link', { name: site.brand.name }).first().click();
  else await page.goto('/');
  await page.getByRole('heading', { level: 1, name: home.hero.heading }).waitFor();
  await page.getByLabel(home.hero.locationLabel).fill(location);
  if (options.insurance) {
    const insurance = page.getByLabel(home.hero.insuranceLabel, { exact: true });
    await insurance.locator('option', { hasText: options.insurance }).waitFor({ state: 'attached' });
    await insurance.selectOption({ label: options.insurance });
  }
  await page.getByRole('button', { name: home.hero.submitLabel }).click();
  await resultsShown(page);
}

/** Provider search has answered with providers and their next open times. */
export async function resultsShown(page: Page): Promise<void> {
  await page.waitForURL((u) => u.pathname === routeById.providerSearch.path && u.searchParams.has(constants.providerSearchParams.state));
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
export async function seeOpenTimes(page: Page, card: Locator): Promise<Locator> {
  await card.getByRole('button', { name: searchCopy.card.seeTimes }).click();
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

/** Identity verification for a new visitor, verify first: e-mail, the code from the mailbox, then the new account's details; back on the booking. */
export async function verifyAsNewVisitor(page: Page, person: NewPerson): Promise<void> {
  await page.waitForURL((u) => u.pathname === routeById.bookingVerifyUser.path);
  await page.getByRole('heading', { level: 1, name: messages['ui.booking.verifyHeading'] }).waitFor();
  const since = mailMoment();
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: messages['ui.booking.verify.sendCode'] }).click();
  await page.getByLabel('One-time code').fill(await oneTimeCodeFor(person.email, since));
  await page.getByRole('button', { name: messages['ui.booking.verify.confirm'] }).click();
  await page.getByRole('heading', { name: messages['ui.booking.verify.newAccountHeading'] }).waitFor();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Your date of birth').fill(person.dateOfBirth);
  // Enter submits from the keyboard (a click right after editing a date field can be lost in Chromium).
  await page.getByLabel('Your date of birth').press('Enter');
  await verifiedOnBookingPage(page);
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

async function verifiedOnBookingPage(page: Page): Promise<void> {
  await page.waitForURL((u) => u.pathname === routeById.booking.path && u.searchParams.get('showSuccessModal') === 'true');
  await page.getByText(messages['ui.booking.verified']).waitFor();
}

/** The booking page: the chosen time with its provider, held for the person; answers the service the page chose. */
export async function bookingPageShows(page: Page, providerName: string): Promise<string> {
  await page.getByRole('heading', { level: 1, name: messages['ui.booking.heading'] }).waitFor();
  const summary = page.getByRole('region', { name: messages['ui.booking.slot.heading'] });
  await summary.getByText(providerName, { exact: false }).waitFor();
  await page.getByTestId('hold-countdown').waitFor();
  return page.getByLabel('Service type').inputValue();
}

export async function nextFromBookingPage(page: Page): Promise<void> {
  await page.getByRole('button', { name: messages['ui.booking.next'] }).click();
  await page.waitForURL((u) => u.pathname === routeById.userBookingPatientInfo.path);
}

/** Patient information: who attends, chosen from the people on the account. */
export async function choosePatient(page: Page, fullName: string): Promise<void> {
  const who = page.getByRole('checkbox', { name: new RegExp(`^${fullName}`) });
  await who.waitFor();
  if (!(await who.isChecked())) await who.check();
}

/** Patient information for a new account: the holder is on the account already (Self); they attend and sign the consent. */
export async function chooseSelfAndSign(page: Page, person: NewPerson): Promise<void> {
  const me = `${person.firstName} ${person.lastName}`;
  await choosePatient(page, me);
  await page.getByRole('checkbox', { name: message('ui.booking.consent.self', { patient: me }) }).check();
}

export async function nextFromPatientInformation(page: Page): Promise<void> {
  await page.getByRole('button', { name: messages['ui.booking.next'] }).click();
  await page.waitForURL((u) => u.pathname === routeById.userBookingPayment.path);
  await page.getByRole('heading', { level: 1, name: payCopy.heading }).waitFor();
}

/** Self-pay with the card on file or a new test card, the consent to book; then the confirmation. */
export async function paySelfPayAndBook(page: Page, address: { line1: string; city: string; state: string; zip: string }): Promise<void> {
  const selfPay = page.getByRole('radio', { name: selfPayChoice });
  if (!(await selfPay.isChecked())) await selfPay.check();
  await page.getByRole('checkbox', { name: payCopy.consent }).check();
  const { card, savedCardOffered } = await settledCardSection(page);
  if (savedCardOffered) await card.getByRole('button', { name: payCopy.submit }).click();
  else await (await fillNewTestCard(page, { number: '4111111111111111', expiration: '12/30', cvc: '123', ...address })).getByLabel('Zip code').press('Enter');
  await bookedConfirmation(page);
}

export async function bookedConfirmation(page: Page): Promise<void> {
  await page.getByRole('heading', { name: messages['ui.booking.successHeading'] }).waitFor({ timeout: 30000 });
}

/** "See your sessions" from the confirmation: the upcoming sessions list the one just booked, with its provider. */
export async function sessionInPortal(page: Page, providerName: string): Promise<Locator> {
  await page.getByRole('link', { name: messages['ui.booking.confirm.sessions'] }).click();
  await page.waitForURL((u) => u.pathname === routeById.patientSessionsUpcoming.path);
  const session = page.getByRole('article').filter({ hasText: providerName });
  await session.first().waitFor();
  return session.first();
}
