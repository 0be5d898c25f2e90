/**
 * Insurance outcomes and the race for a slot, with the demo patient (jordan.rivera@example.com, see
 * README): an insurance that needs self-pay switches the booking to self-pay and books; a Medicaid plan
 * (the child's) is denied; two browsers race for one time: one holds it, the other is told and offered
 * the provider's next times.
 */
import { messages } from '@/generated/messages';
import { constants } from '@/generated/constants';
import bookingFlow from '@/generated/flows/booking';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { newSession, useBrowser } from './harness';
import { mailMoment, oneTimeCodeFor } from './mailbox';
import { apiAsPage, axeViolations, bookableSlot, bookingUrl, fillNewTestCard, settledCardSection, withFailureShot, type BookableSlot } from './booking-helpers';

const payCopy = bookingFlow.steps.find((s) => s.id === 'pay')!.copy as Record<string, string>;
const jordan = demoAccounts.find((a) => a.role === 'Patient')!.email;

/** Opens the booking, chooses the service, and confirms who they are with a one-time code. */
async function startSignedIn(page: Page, slot: BookableSlot, email: string): Promise<void> {
  await page.goto(bookingUrl(slot));
  await page.getByLabel('Service type').selectOption(slot.counselingType);
  await page.getByRole('button', { name: messages['ui.booking.next'] }).click();
  await page.waitForURL(/verify-user/);
  const since = mailMoment();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Email').press('Enter');
  await page.getByLabel('One-time code').fill(await oneTimeCodeFor(email, since));
  await page.getByLabel('One-time code').press('Enter');
  await page.waitForURL(/showSuccessModal=true/);
}

describe('booking with insurance on file, and racing for a slot', () => {
  const session = useBrowser();

  it('switches to self-pay when the insurance is not accepted, and books', async () => {
    const { page } = session();
    const slot = await bookableSlot({ skip: 1 });
    await withFailureShot(page, 'self-pay', async () => {
      await startSignedIn(page, slot, jordan);
      await page.getByTestId('hold-countdown').waitFor();
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();
      await page.getByRole('checkbox', { name: /^Jordan Rivera/ }).check();
      await page.getByRole('checkbox', { name: /^I agree to the consent for Jordan Rivera/ }).check();
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();
      await page.waitForURL(/\/user\/payment/);
      // click, not check: the page switches this booking to self-pay as soon as the inquiry answers, as asserted below.
      await page.getByRole('radio', { name: /Oscar Health/ }).click();
      await page.getByText(/does not cover sessions with this provider/).waitFor();
      expect(await page.getByRole('radio', { name: new RegExp(constants.selfPayLabel.full.replace('/', '\\/')) }).isChecked()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('checkbox', { name: payCopy.consent }).check();
      const { card, savedCardOffered } = await settledCardSection(page);
      if (savedCardOffered) {
        await card.getByRole('button', { name: payCopy.submit }).click();
      } else {
        await (
          await fillNewTestCard(page, {
            number: '4242424242424242',
            expiration: '11/31',
            cvc: '321',
            line1: '5 Oak Ave',
            city: 'Columbus',
            state: 'OH',
            zip: '43215',
          })
        )
          .getByLabel('Zip code')
          .press('Enter');
      }
      await page.getByRole('heading', { name: messages['ui.booking.successHeading'] }).waitFor();
      const booked = await apiAsPage<{ items: { slotId: string | null; selfPay: boolean; selfPayConsentCategory: string | null }[] }>(
        page,
        '/appointments?when=upcoming',
      );
      expect(booked.items.filter((a) => a.slotId === slot.slotId)).toEqual([
        expect.objectContaining({ selfPay: true, selfPayConsentCategory: 'switchToSelfPay' }),
      ]);
    });
  });

  it('denies a Medicaid plan the provider does not take', async () => {
    const { page } = session();
    const slot = await bookableSlot({ skip: 2 });
    await withFailureShot(page, 'medicaid', async () => {
      await startSignedIn(page, slot, jordan);
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();
      await page.getByRole('checkbox', { name: /^Mia Rivera/ }).check();
      await page.getByRole('checkbox', { name: /^Parent \/ legal guardian of Mia Rivera/ }).check();
      const rp = page.getByRole('region', { name: messages['ui.booking.responsibleParty.heading'] });
      await rp.getByLabel('Phone number').fill('6145550199');
      await rp.getByLabel('Address line 1').fill('5 Oak Ave');
      await rp.getByLabel('City').fill('Columbus');
      await rp.getByLabel('State').selectOption('OH');
      await rp.getByLabel('Zip code').fill('43215');
      await rp.getByLabel('Zip code').press('Enter');
      await page.waitForURL(/\/user\/payment/);
      await page.getByRole('radio', { name: /Sunshine Health/ }).check();
      await page
        .getByRole('alert')
        .filter({ hasText: /cannot accept Medicaid plans/ })
        .waitFor();
      await page.getByRole('checkbox', { name: payCopy.consent }).check();
      // Refused before anything is sent: "Book session" is disabled, and nothing is booked.
      expect(await page.getByRole('button', { name: payCopy.submit }).isDisabled()).toBe(true);
      expect(await page.getByRole('heading', { name: messages['ui.booking.successHeading'] }).count()).toBe(0);
    });
  });

  it('tells the second browser the time is taken and offers the next times', async () => {
    const { page } = session();
    const slot = await bookableSlot({ skip: 3 });
    const other = await newSession();
    try {
      await withFailureShot(page, 'race-first', async () => {
        await startSignedIn(page, slot, jordan);
        await page.getByTestId('hold-countdown').waitFor();
      });
      await withFailureShot(other.page, 'race-second', async () => {
        // The held time is no longer open: the second visitor is told at once.
        await other.page.goto(bookingUrl(slot));
        await other.page.getByRole('heading', { name: messages['ui.booking.slotGone.heading'] }).waitFor();
        const next = other.page.getByRole('list', { name: messages['ui.booking.slotGone.text'].replace('{provider}', slot.providerName) }).getByRole('link');
        // The provider's next times arrive after the heading: wait for the first before counting.
        await next.first().waitFor();
        expect(await next.count()).toBeGreaterThan(0);
        await next.first().click();
        await other.page.getByLabel('Service type').waitFor();
        expect(other.page.url()).not.toContain(slot.slotId);
      });
      other.problems.allow(/status of 409/);
      other.problems.assertNone();
    } finally {
      await other.context.close();
    }
  });
});
