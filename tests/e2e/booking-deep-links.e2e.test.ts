/**
 * Deep links and reloads of the booking steps (not a journey: it reloads, goes back and forward, and
 * opens addresses a person bookmarked or copied):
 * - a reload of identity verification, the booking page, patient information and payment keeps the
 *   booking (the address carries the choice; stored answers are restored before a step decides);
 * - back from payment to patient information keeps who attends and their consent; browser back and
 *   forward too; then the booking is made;
 * - a bookmarked payment link opened in another browser asks to sign in, then resumes the same booking
 *   at patient information; a booking link without a booking says what to do.
 */
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { newSession, useBrowser } from './harness';
import { mailMoment, oneTimeCodeFor } from './mailbox';
import { axeViolations, isoDaysAgo, withFailureShot } from './booking-helpers';
import {
  chooseSelfAndSign,
  bookingPageShows,
  chooseTime,
  newPerson,
  nextFromBookingPage,
  nextFromPatientInformation,
  patientCopy,
  payCopy,
  paySelfPayAndBook,
  providerWithTimes,
  searchFromHome,
  seeOpenTimes,
  sessionInPortal,
  verifyAsNewVisitor,
} from './journeys/booking-steps';

const austin = { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };
const bookingIds = (url: string) => {
  const q = new URL(url).searchParams;
  return {
    providerId: q.get('providerId'),
    practiceId: q.get('practiceId'),
    slotId: q.get('slotId'),
    counselingType: q.get('counselingType'),
    availabilityType: q.get('availabilityType'),
  };
};

describe('reloading, going back and bookmarking booking steps', () => {
  const session = useBrowser();

  it('keeps the booking through a reload of every step, back from payment, and back/forward', async () => {
    const { page } = session();
    const person = newPerson('reload', isoDaysAgo(36));
    await withFailureShot(page, 'deep-links-reload', async () => {
      await searchFromHome(page, 'Austin, TX');
      const { card, name } = await providerWithTimes(page, 4);
      await chooseTime(await seeOpenTimes(page, card), 7);

      // Identity verification: a reload keeps where it returns to.
      await page.waitForURL((u) => u.pathname === routeById.bookingVerifyUser.path);
      const returnTo = new URL(page.url()).searchParams.get('returnTo');
      await page.reload();
      expect(new URL(page.url()).searchParams.get('returnTo')).toBe(returnTo);
      await verifyAsNewVisitor(page, person);

      // The booking page: a reload shows the same time, provider and service, held.
      const service = await bookingPageShows(page, name);
      const chosen = bookingIds(page.url());
      expect(chosen.providerId).toMatch(/^[0-9a-f-]{36}$/);
      expect(chosen.slotId).toMatch(/^[0-9a-f-]{36}$/);
      await page.reload();
      expect(await bookingPageShows(page, name)).toBe(service);

      await nextFromBookingPage(page);
      expect(bookingIds(page.url())).toEqual(chosen);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: patientCopy.heading }).waitFor();
      expect(bookingIds(page.url())).toEqual(chosen);
      await chooseSelfAndSign(page, person);
      await nextFromPatientInformation(page);
      expect(bookingIds(page.url())).toEqual(chosen);

      // Payment: a reload waits for the stored booking and stays on payment.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: payCopy.heading }).waitFor();
      await page.getByRole('radio', { name: /Self-Pay/ }).waitFor();
      expect(new URL(page.url()).pathname).toBe(routeById.userBookingPayment.path);

      // Back (the page's button) to patient information: who attends and their consent are kept.
      const me = `${person.firstName} ${person.lastName}`;
      await page.getByRole('button', { name: messages['ui.booking.back'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.userBookingPatientInfo.path);
      const attends = page.getByRole('checkbox', { name: new RegExp(`^${me}`) });
      const consent = page.getByRole('checkbox', { name: message('ui.booking.consent.self', { patient: me }) });
      await attends.waitFor();
      expect(await attends.isChecked()).toBe(true);
      expect(await consent.isChecked()).toBe(true);
      // ... and after a reload of patient information too.
      await page.reload();
      await attends.waitFor();
      expect(await attends.isChecked()).toBe(true);
      expect(await consent.isChecked()).toBe(true);
      expect(bookingIds(page.url())).toEqual(chosen);

      // The browser's back and forward.
      await nextFromPatientInformation(page);
      await page.goBack();
      await page.waitForURL((u) => u.pathname === routeById.userBookingPatientInfo.path);
      await attends.waitFor();
      expect(await attends.isChecked()).toBe(true);
      await page.goForward();
      await page.waitForURL((u) => u.pathname === routeById.userBookingPayment.path);
      await page.getByRole('heading', { level: 1, name: payCopy.heading }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await paySelfPayAndBook(page, austin);
      await sessionInPortal(page, name);
    });
  });

  it('a bookmarked payment link resumes the booking after sign-in in another browser; a link without a booking says what to do', async () => {
    const { page } = session();
    const person = newPerson('bookmark', isoDaysAgo(45));
    let bookmark = '';
    let name = '';
    await withFailureShot(page, 'deep-links-bookmark', async () => {
      await searchFromHome(page, 'Austin, TX');
      const found = await providerWithTimes(page, 5);
      name = found.name;
      await chooseTime(await seeOpenTimes(page, found.card), 8);
      await verifyAsNewVisitor(page, person);
      await bookingPageShows(page, name);
      await nextFromBookingPage(page);
      await chooseSelfAndSign(page, person);
      await nextFromPatientInformation(page);
      bookmark = new URL(page.url()).pathname + new URL(page.url()).search;
    });

    const other = await newSession();
    try {
      await withFailureShot(other.page, 'deep-links-bookmark-other', async () => {
        const p = other.page;
        // Another browser: the step asks to sign in first, and comes back to it.
        await p.goto(bookmark);
        await p.waitForURL((u) => u.pathname === routeById.login.path && u.searchParams.has('redirectTo'));
        const since = mailMoment();
        await p.getByLabel('Email').fill(person.email);
        await p.getByLabel('Email').press('Enter');
        await p.getByLabel('One-time code').fill(await oneTimeCodeFor(person.email, since));
        await p.getByLabel('One-time code').press('Enter');
        // Nothing of this booking is stored in this browser: it resumes at patient information, same booking.
        await p.waitForURL((u) => u.pathname === routeById.userBookingPatientInfo.path);
        await p.getByRole('heading', { level: 1, name: patientCopy.heading }).waitFor();
        expect(bookingIds(p.url())).toEqual(bookingIds(new URL(bookmark, 'http://x').toString()));

        // A booking step without a booking in its address explains what to do.
        await p.goto(routeById.userBookingPayment.path);
        await p.getByText(messages['ui.booking.slot.missing']).waitFor();
        await p.locator('#main').getByRole('link', { name: messages['ui.booking.slot.findProvider'] }).click();
        await p.waitForURL((u) => u.pathname === routeById.providerSearch.path);
      });
      other.problems.assertNone();
    } finally {
      await other.context.close();
    }
  });
});
