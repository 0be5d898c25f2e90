/**
 * A new visitor books a self-pay session from each front door, then finds it in the portal:
 * - from the home page's search, on a phone-sized screen (390 x 844);
 * - through a provider's profile, reached from the search results;
 * - through a city landing page (/therapists/tx/austin; the home page does not link to city pages).
 * Each: search, choose a time, confirm who they are with a new account and the e-mailed code, keep
 * the service the search asked for, add themselves, sign the consent, pay with a test card, see the
 * confirmation and the session under upcoming sessions. Only clicks and typing.
 */
import landingCity from '@/generated/content/landing-city';
import profileCopy from '@/generated/content/provider-profile';
import { routeById } from '@/generated/routes';
import { useBrowser } from '../harness';
import { axeViolations, isoDaysAgo, withFailureShot } from '../booking-helpers';
import {
  chooseSelfAndSign,
  bookingPageShows,
  chooseTime,
  newPerson,
  nextFromBookingPage,
  nextFromPatientInformation,
  paySelfPayAndBook,
  providerWithTimes,
  resultsShown,
  searchFromHome,
  seeOpenTimes,
  sessionInPortal,
  verifyAsNewVisitor,
} from './booking-steps';

const THERAPY = 'Individual Counseling';
const austin = { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };

describe('a new visitor on a phone books from the home page', () => {
  const session = useBrowser({ viewport: { width: 390, height: 844 } });

  it('searches Austin, TX, chooses a time, verifies with a code, pays self-pay and sees the session in the portal', async () => {
    const { page } = session();
    const person = newPerson('phone', isoDaysAgo(34));
    await withFailureShot(page, 'journey-home-phone', async () => {
      await searchFromHome(page, 'Austin, TX');
      expect(await axeViolations(page)).toEqual([]);
      const { card, name } = await providerWithTimes(page, 0);
      await chooseTime(await seeOpenTimes(page, card), 0);
      await verifyAsNewVisitor(page, person);
      expect(await bookingPageShows(page, name)).toBe(THERAPY);
      expect(await axeViolations(page)).toEqual([]);
      await nextFromBookingPage(page);
      await chooseSelfAndSign(page, person);
      await nextFromPatientInformation(page);
      await paySelfPayAndBook(page, austin);
      const booked = await sessionInPortal(page, name);
      expect(await booked.innerText()).toContain(name);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});

describe('a new visitor books through a profile or a landing page', () => {
  const session = useBrowser();

  it('opens a provider profile from the search, chooses a time there, and books', async () => {
    const { page } = session();
    const person = newPerson('profile', isoDaysAgo(41));
    await withFailureShot(page, 'journey-profile', async () => {
      await searchFromHome(page, 'Austin, TX');
      const { card, name } = await providerWithTimes(page, 1);
      await card.getByRole('link', { name }).click();
      await page.getByRole('heading', { level: 1, name: new RegExp(`^${name}`) }).waitFor();
      const times = page.getByRole('region', { name: profileCopy.availability });
      await chooseTime(times, 1);
      await verifyAsNewVisitor(page, person);
      expect(await bookingPageShows(page, name)).not.toBe('');
      await nextFromBookingPage(page);
      await chooseSelfAndSign(page, person);
      await nextFromPatientInformation(page);
      await paySelfPayAndBook(page, austin);
      await sessionInPortal(page, name);
    });
  });

  it('starts on the Austin therapists page, keeps therapy (not psychiatry) as the service, and books', async () => {
    const { page } = session();
    const person = newPerson('landing', isoDaysAgo(29));
    await withFailureShot(page, 'journey-landing', async () => {
      await page.goto('/therapists/tx/austin');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: landingCity.callToAction.button }).first().click();
      await resultsShown(page);
      expect(new URL(page.url()).searchParams.getAll('counseling_type')).toEqual([THERAPY]);
      const { card, name } = await providerWithTimes(page, 2);
      await chooseTime(await seeOpenTimes(page, card), 2);
      await verifyAsNewVisitor(page, person);
      // A therapy search books therapy: the booking page keeps the service searched for.
      expect(await bookingPageShows(page, name)).toBe(THERAPY);
      await nextFromBookingPage(page);
      await chooseSelfAndSign(page, person);
      await nextFromPatientInformation(page);
      await paySelfPayAndBook(page, austin);
      const booked = await sessionInPortal(page, name);
      expect(await booked.innerText()).not.toMatch(/Medication/);
      expect(new URL(page.url()).pathname).toBe(routeById.patientSessionsUpcoming.path);
    });
  });
});
