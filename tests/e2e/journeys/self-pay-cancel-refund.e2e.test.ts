/**
 * Journey (issue 24): a new visitor books a self-pay session days ahead from the home page's search,
 * pays with a test card, then cancels it from the portal well before the late-cancellation window:
 * the outcome says the payment goes back, and Billing lists the refund beside the payment. Only
 * clicks and typing.
 */
import providerSearch from '../../../src/generated/content/provider-search';
import { enums } from '../../../src/generated/enums';
import { messages } from '../../../src/generated/messages';
import { routeById } from '../../../src/generated/routes';
import { constants } from '../../../src/generated/constants';
import { useBrowser } from '../harness';
import { isoDaysAgo, withFailureShot } from '../booking-helpers';
import {
  bookingPageShows, chooseSelfAndSign, chooseTime, newPerson, nextFromBookingPage, nextFromPatientInformation, paySelfPayAndBook, providerWithTimes,
  searchFromHome, seeOpenTimes, sessionInPortal, verifyAsNewVisitor,
} from './booking-steps';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const [refundedBefore, refundedAfter] = messages['ui.patient.cancel.refunded'].split('{amount}') as [string, string];
/** The cancellation outcome's refund sentence; its group is the amount. */
const refundedLine = new RegExp(`${escape(refundedBefore)}(\\$[\\d,.]+)${escape(refundedAfter)}`);

const austin = { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };

describe('journey: a self-pay session cancelled days ahead is refunded', () => {
  const session = useBrowser();

  it('books self-pay from the home page, cancels from the portal, and Billing shows the refund', async () => {
    const { page } = session();
    const person = newPerson('refund', isoDaysAgo(37));
    await withFailureShot(page, 'journey-refund', async () => {
      await searchFromHome(page, 'Austin, TX');
      const { card, name } = await providerWithTimes(page, 3);
      const times = await seeOpenTimes(page, card);
      // Days later than the first few shown: well outside the late-cancellation window.
      await times.getByRole('button', { name: providerSearch.availability.later }).click();
      await times.locator('.slot-button').first().waitFor();
      await chooseTime(times, 0);
      await verifyAsNewVisitor(page, person);
      await bookingPageShows(page, name);
      await nextFromBookingPage(page);
      await chooseSelfAndSign(page, person);
      await nextFromPatientInformation(page);
      await paySelfPayAndBook(page, austin);
      const booked = await sessionInPortal(page, name);

      await booked.getByRole('button', { name: messages['ui.patient.sessions.cancel'] }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(constants.appointmentCancellationReasons[0]!.label).check();
      await dialog.getByRole('button', { name: messages['ui.patient.cancel.confirm'], exact: true }).click();
      const outcome = page.getByRole('main').getByRole('status').filter({ hasText: refundedLine }).first();
      await outcome.waitFor();
      const amount = refundedLine.exec((await outcome.textContent()) ?? '')![1]!;

      await page.getByRole('navigation', { name: messages['ui.patient.navLabel'] }).getByRole('link', { name: messages['ui.patient.nav.billing'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.patientBilling.path);
      const refund = page.getByRole('listitem').filter({ hasText: `${enums.billingTransactionKind.labels.refund} · ${enums.paymentStatus.labels.refunded}` }).filter({ hasText: amount });
      await refund.first().waitFor();
      const payment = page.getByRole('listitem').filter({ hasText: `${enums.billingTransactionKind.labels.payment} · ${enums.paymentStatus.labels.refunded}` }).filter({ hasText: amount });
      await payment.first().waitFor();
    });
  });
});
