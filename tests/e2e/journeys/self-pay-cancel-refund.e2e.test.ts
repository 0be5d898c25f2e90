/**
 * Journey: a new visitor books a self-pay session days ahead from the home page's search,
 * pays with a test card, then cancels it from the portal well before the late-cancellation window:
 * the outcome says the payment goes back, and Billing lists the refund beside the payment and its
 * receipt PDF says so. After the booking its Good Faith Estimate (No Surprises Act) is on the session
 * in the portal and in the mailbox. Only clicks and typing.
 */
import { readFileSync } from 'node:fs';
import providerSearch from '@/generated/content/provider-search';
import { enums } from '@/generated/enums';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { constants } from '@/generated/constants';
import { useBrowser } from '../harness';
import { latestMail, mailMoment } from '../mailbox';
import { pdfText } from '@tests/support/pdf';
import { isoDaysAgo, withFailureShot } from '../booking-helpers';
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
  seeOpenTimes,
  sessionInPortal,
  verifyAsNewVisitor,
} from './booking-steps';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const [refundedBefore, refundedAfter] = messages['ui.patient.cancel.refunded'].split('{amount}') as [string, string];
/** The cancellation outcome's refund sentence; its group is the amount. */
const refundedLine = new RegExp(`${escape(refundedBefore)}(\\$[\\d,.]+)${escape(refundedAfter)}`);

const austin = { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };

describe('journey: a self-pay session cancelled days ahead is refunded', () => {
  const session = useBrowser();

  it('books self-pay from the home page, gets its Good Faith Estimate, cancels from the portal, and Billing and the receipt show the refund', async () => {
    const { page } = session();
    const person = newPerson('refund', isoDaysAgo(37));
    await withFailureShot(page, 'journey-refund', async () => {
      const since = mailMoment();
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

      // The Good Faith Estimate of the self-pay booking: downloaded from the session, and in the mailbox with the PDF.
      const [estimate] = await Promise.all([
        page.waitForEvent('download'),
        booked.getByRole('button', { name: messages['ui.patient.sessions.goodFaithEstimate'] }).click(),
      ]);
      const estimateText = (await pdfText(readFileSync(await estimate.path()))).text;
      expect(estimateText).toContain(messages['document.gfe.title']);
      expect(estimateText).toContain(String(constants.goodFaithEstimate.sessionsPerYear.therapy));
      const estimateMail = await latestMail(person.email, 'good-faith-estimate', since);
      expect(estimateMail.text).toContain(`${constants.goodFaithEstimate.sessionsPerYear.therapy} sessions`);

      await booked.getByRole('button', { name: messages['ui.patient.sessions.cancel'] }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(constants.appointmentCancellationReasons[0]!.label).check();
      await dialog.getByRole('button', { name: messages['ui.patient.cancel.confirm'], exact: true }).click();
      const outcome = page.getByRole('main').getByRole('status').filter({ hasText: refundedLine }).first();
      await outcome.waitFor();
      const amount = refundedLine.exec((await outcome.textContent()) ?? '')![1]!;

      await page.getByRole('navigation', { name: messages['ui.patient.navLabel'] }).getByRole('link', { name: messages['ui.patient.nav.billing'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.patientBilling.path);
      const refund = page
        .getByRole('listitem')
        .filter({ hasText: `${enums.billingTransactionKind.labels.refund} · ${enums.paymentStatus.labels.refunded}` })
        .filter({ hasText: amount });
      await refund.first().waitFor();
      const payment = page
        .getByRole('listitem')
        .filter({ hasText: `${enums.billingTransactionKind.labels.payment} · ${enums.paymentStatus.labels.refunded}` })
        .filter({ hasText: amount });
      await payment.first().waitFor();

      // The refund's receipt, as a PDF, says it was refunded and how much.
      const [receipt] = await Promise.all([
        page.waitForEvent('download'),
        refund.first().getByRole('button', { name: messages['ui.patient.billing.receipt'] }).click(),
      ]);
      const receiptText = (await pdfText(readFileSync(await receipt.path()))).text;
      expect(receiptText).toContain(enums.paymentStatus.labels.refunded);
      expect(receiptText).toContain(amount);
    });
  });
});
