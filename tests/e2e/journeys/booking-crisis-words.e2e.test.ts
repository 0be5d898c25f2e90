/**
 * A new visitor writes crisis words in the booking's "What would you like help with?": the crisis screen
 * (988 and 911) comes before payment, focus on its heading; "Continue with my booking" goes on to pay and
 * book. Only clicks and typing, from the home page.
 */
import { routeById } from '@/generated/routes';
import { messages } from '@/generated/messages';
import { useBrowser } from '../harness';
import { isoDaysAgo, withFailureShot } from '../booking-helpers';
import {
  bookingPageShows,
  chooseSelfAndSign,
  chooseTime,
  newPerson,
  nextFromBookingPage,
  paySelfPayAndBook,
  providerWithTimes,
  searchFromHome,
  seeOpenTimes,
  verifyAsNewVisitor,
} from './booking-steps';

const austin = { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };

describe('a visitor who writes crisis words in the booking reason', () => {
  const session = useBrowser();

  it('sees the crisis screen before payment, then books', async () => {
    const { page } = session();
    const person = newPerson('crisis-reason', isoDaysAgo(39));
    await withFailureShot(page, 'journey-booking-crisis-words', async () => {
      await searchFromHome(page, 'Austin, TX');
      const { card, name } = await providerWithTimes(page, 0);
      await chooseTime(await seeOpenTimes(page, card), 0);
      await verifyAsNewVisitor(page, person);
      await bookingPageShows(page, name);
      await nextFromBookingPage(page);
      await chooseSelfAndSign(page, person);
      await page.getByRole('textbox', { name: messages['ui.booking.reason.label'] }).fill('Lately I want to die');
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();

      const heading = page.getByRole('heading', { name: messages['ui.crisis.heading'] });
      await heading.waitFor();
      expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(new URL(page.url()).pathname).toBe(routeById.userBookingPatientInfo.path);
      expect(await page.getByRole('link', { name: messages['ui.layout.crisis.call988'] }).first().getAttribute('href')).toBe('tel:988');
      expect(await page.getByText(messages['ui.crisis.bookingBody']).isVisible()).toBe(true);

      await page.getByRole('button', { name: messages['ui.crisis.continueBooking'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.userBookingPayment.path);
      await paySelfPayAndBook(page, austin);
    });
  });
});
