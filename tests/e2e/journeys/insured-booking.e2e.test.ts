/**
 * The demo patient (jordan.rivera@example.com) books with the insurance on file (docs/features.md "Patient
 * records, insurance and documents"), starting at the sign-in page or at the home page:
 * - Blue Cross, with a provider found by the home search's insurance filter: eligible, with its copay;
 *   booked on the insurance, no card asked;
 * - Oscar, which no practice accepts (this time from the home page before signing in, confirming who
 *   they are with the e-mailed code on the way): the booking switches to self-pay and is paid by card;
 * - Mia's Sunshine Health Medicaid: denied, the booking is refused until the parent chooses self-pay.
 * Only clicks and typing; codes are read from the dev mailbox.
 */
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { guardianConsentText } from '@/domain/consents';
import { message } from '@/domain/messages';
import { useBrowser } from '../harness';
import { apiAsPage, axeViolations, withFailureShot } from '../booking-helpers';
import {
  bookedConfirmation,
  bookingPageShows,
  choosePatient,
  chooseTime,
  nextFromBookingPage,
  nextFromPatientInformation,
  payCopy,
  paySelfPayAndBook,
  providerWithTimes,
  searchFromHome,
  seeOpenTimes,
  selfPayChoice,
  sessionInPortal,
  signInFromLoginPage,
  verifyWithCode,
} from './booking-steps';

const jordan = demoAccounts.find((a) => a.role === 'Patient')!.email;
const columbus = { line1: '5 Oak Ave', city: 'Columbus', state: 'OH', zip: '43215' };

describe('the demo patient books with insurance', () => {
  const session = useBrowser();

  it('Blue Cross with a provider who takes it: eligible with a copay, booked on the insurance', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-insured-accepted', async () => {
      await signInFromLoginPage(page, jordan);
      await searchFromHome(page, 'Columbus, OH', { insurance: 'Blue Cross Blue Shield', viaBrand: true });
      const { card, name } = await providerWithTimes(page, 1);
      // Signed in already: choosing a time goes straight to the booking, held.
      await chooseTime(await seeOpenTimes(page, card), 4);
      await page.waitForURL((u) => u.pathname === routeById.booking.path);
      await bookingPageShows(page, name);
      await nextFromBookingPage(page);
      await choosePatient(page, 'Jordan Rivera');
      await page.getByRole('checkbox', { name: message('ui.booking.consent.self', { patient: 'Jordan Rivera' }) }).check();
      await nextFromPatientInformation(page);
      await page.getByRole('radio', { name: /^Blue Cross Blue Shield/ }).check();
      await page.getByText(/covers this session\. Your copay/).waitFor();
      expect(await page.getByRole('region', { name: messages['ui.booking.pay.cardHeading'] }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('checkbox', { name: payCopy.consent }).check();
      await page.getByRole('button', { name: payCopy.submit }).click();
      await bookedConfirmation(page);
      await sessionInPortal(page, name);
    });
  });

  it('Oscar, which no practice accepts: switched to self-pay, paid by card', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-insured-not-accepted', async () => {
      // Not signed in: the time is chosen first, and the patient confirms who they are on the way (their e-mailed code).
      await searchFromHome(page, 'Columbus, OH');
      const { card, name } = await providerWithTimes(page, 5);
      await chooseTime(await seeOpenTimes(page, card), 5);
      await verifyWithCode(page, jordan);
      await bookingPageShows(page, name);
      await nextFromBookingPage(page);
      await choosePatient(page, 'Jordan Rivera');
      await page.getByRole('checkbox', { name: message('ui.booking.consent.self', { patient: 'Jordan Rivera' }) }).check();
      await nextFromPatientInformation(page);
      // click, not check: the page switches the booking to self-pay as soon as the inquiry answers.
      await page.getByRole('radio', { name: /^Oscar Health/ }).click();
      await page.getByText(/does not cover sessions with this provider, so we switched this booking to self-pay/).waitFor();
      expect(await page.getByRole('radio', { name: selfPayChoice }).isChecked()).toBe(true);
      await paySelfPayAndBook(page, columbus);
      await sessionInPortal(page, name);
    });
  });

  it("Mia's Medicaid plan is denied; the parent pays out-of-pocket instead", async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-medicaid', async () => {
      await signInFromLoginPage(page, jordan);
      await searchFromHome(page, 'Columbus, OH', { viaBrand: true });
      const { card, name } = await providerWithTimes(page, 6);
      await chooseTime(await seeOpenTimes(page, card), 6);
      await bookingPageShows(page, name);
      await nextFromBookingPage(page);
      await choosePatient(page, 'Mia Rivera');
      const jordanBox = page.getByRole('checkbox', { name: /^Jordan Rivera/ });
      if (await jordanBox.isChecked()) await jordanBox.uncheck();
      await page.getByRole('checkbox', { name: guardianConsentText({ firstName: 'Mia', lastName: 'Rivera' }) }).check();
      const rp = page.getByRole('region', { name: messages['ui.booking.responsibleParty.heading'] });
      await rp.getByLabel('Phone number').fill('6145550199');
      await rp.getByLabel('Address line 1').fill(columbus.line1);
      await rp.getByLabel('City').fill(columbus.city);
      await rp.getByLabel('State').selectOption(columbus.state);
      await rp.getByLabel('Zip code').fill(columbus.zip);
      await rp.getByLabel('Zip code').press('Enter');
      await page.waitForURL((u) => u.pathname === routeById.userBookingPayment.path);
      await page.getByRole('radio', { name: /^Sunshine Health/ }).check();
      await page
        .getByRole('alert')
        .filter({ hasText: /cannot accept Medicaid plans/ })
        .waitFor();
      await page.getByRole('checkbox', { name: payCopy.consent }).check();
      // Refused before anything is sent: "Book session" is disabled and described by the refusal, said once.
      const book = page.getByRole('button', { name: payCopy.submit });
      expect(await book.isDisabled()).toBe(true);
      const refusalId = await book.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${refusalId}"]`).innerText()).toMatch(/cannot accept Medicaid plans/);
      expect(await page.getByText(/cannot accept Medicaid plans/).count()).toBe(1);
      expect(await page.getByRole('heading', { name: messages['ui.booking.successHeading'] }).count()).toBe(0);
      // The way on that the page offers: out-of-pocket.
      await paySelfPayAndBook(page, columbus);
      const upcoming = await apiAsPage<{ items: { provider: { firstName: string; lastName: string }; patients: { firstName: string }[]; selfPay: boolean }[] }>(
        page,
        '/appointments?when=upcoming',
      );
      expect(upcoming.items.filter((a) => name.startsWith(`${a.provider.firstName} ${a.provider.lastName}`))).toEqual([
        expect.objectContaining({ selfPay: true, patients: [expect.objectContaining({ firstName: 'Mia' })] }),
      ]);
      const booked = await sessionInPortal(page, name);
      expect(await booked.innerText()).toContain('Mia');
    });
  });
});
