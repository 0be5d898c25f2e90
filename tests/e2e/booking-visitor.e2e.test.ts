/**
 * A new visitor books for their 12-year-old child, with themselves as responsible party, starting
 * from the home page's search (the time is chosen in the availability modal): verifies
 * their e-mail with a one-time code (new account), signs the consent as parent or guardian, pays
 * self-pay with a test card, and sees the confirmation; the API then holds exactly that booking.
 * Every booking page passes axe-core (WCAG 2.1 AA).
 */
import { messages } from '@/generated/messages';
import { constants } from '@/generated/constants';
import bookingFlow from '@/generated/flows/booking';
import { guardianConsentText } from '@/domain/consents';
import { useBrowser } from './harness';
import { screenshots } from './signin-support';
import { mailMoment, oneTimeCodeFor } from './mailbox';
import { apiAsPage, axeViolations, isoDaysAgo, withFailureShot } from './booking-helpers';
import { chooseTime, providerWithTimes, searchFromHome, seeOpenTimes } from './journeys/booking-steps';

const fill = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const payCopy = bookingFlow.steps.find((s) => s.id === 'pay')!.copy as Record<string, string>;
const patientCopy = bookingFlow.steps.find((s) => s.id === 'patient-information')!.copy as Record<string, string>;

describe('a new visitor books for their child', () => {
  const session = useBrowser({ viewport: { width: 390, height: 844 } });

  it('verifies, adds the child, signs as guardian, pays with a test card, and sees the booking', async () => {
    const { page } = session();
    const email = `parent.${Date.now()}@example.com`;
    const child = { firstName: 'Lily', lastName: 'Parker', dob: isoDaysAgo(12, 30) };
    await withFailureShot(page, 'visitor', async () => {
      await searchFromHome(page, 'Columbus, OH');
      const provider = await providerWithTimes(page, 7);
      await chooseTime(await seeOpenTimes(page, provider.card), 0);

      // Not verified yet: verify-user with returnTo.
      await page.waitForURL(/\/app\/bookings\/verify-user\?returnTo=/);
      expect(decodeURIComponent(page.url())).toContain('showSuccessModal=true');
      // Verify first, create after: the code comes before any account exists.
      const since = mailMoment();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: messages['ui.booking.verify.sendCode'] }).click();
      await page.getByLabel('One-time code').waitFor();
      await page.getByLabel('One-time code').fill(await oneTimeCodeFor(email, since));
      await page.getByRole('button', { name: messages['ui.booking.verify.confirm'] }).click();
      await page.getByRole('heading', { name: messages['ui.booking.verify.newAccountHeading'] }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel('First name').fill('Jamie');
      await page.getByLabel('Last name').fill('Parker');
      // An account holder cannot be a minor.
      await page.getByLabel('Your date of birth').fill(isoDaysAgo(16));
      await page.getByRole('button', { name: messages['ui.booking.verify.createAccount'] }).click();
      await page.getByText(messages['validation.dateOfBirth.minor']).waitFor();
      await page.getByLabel('Your date of birth').fill(isoDaysAgo(38));
      // Enter submits the form from the keyboard (a click right after editing a date is lost: see the report).
      await page.getByLabel('Your date of birth').press('Enter');

      // Back on the booking, verified: the time is held and the countdown shows; the service searched for is chosen.
      await page.waitForURL(/\/app\/bookings\?.*showSuccessModal=true/);
      const chosen = new URL(page.url()).searchParams;
      expect(await page.getByLabel('Service type').inputValue()).toBe(chosen.get('counselingType'));
      expect(await axeViolations(page)).toEqual([]);
      await page.getByText(messages['ui.booking.verified']).waitFor();
      await page.getByTestId('hold-countdown').waitFor();
      expect(await page.getByRole('timer').textContent()).toMatch(/minute|second/);
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();

      // Patient information: add the child, sign as guardian, the responsible party is the parent.
      await page.waitForURL(/\/app\/bookings\/user\/patient-info/);
      await page.getByRole('button', { name: patientCopy.addPatient }).click();
      const add = page.getByRole('region', { name: patientCopy.addPatient });
      await add.getByRole('button', { name: messages['ui.booking.patients.add'] }).click();
      await add.getByText(messages['validation.relationship.required']).waitFor();
      await add.getByLabel('Relationship to the client').selectOption('Child');
      await add.getByLabel('First name').fill('Lily3!');
      expect(await add.getByLabel('First name').inputValue()).toBe('Lily');
      await add.getByLabel('Last name').fill(child.lastName);
      await add.getByLabel('Gender').selectOption('Female');
      await add.getByLabel('Date of birth').fill(child.dob);
      await add.getByLabel('Date of birth').press('Enter');
      await page.getByRole('checkbox', { name: /^Lily Parker/ }).waitFor();
      expect(await page.getByRole('checkbox', { name: /^Lily Parker/ }).isChecked()).toBe(true);
      // The account holder (Self) is on the account: book for the child only.
      await page.getByRole('checkbox', { name: /^Jamie Parker/ }).uncheck();
      const guardian = guardianConsentText(child);
      const rp = page.getByRole('region', { name: messages['ui.booking.responsibleParty.heading'] });
      expect(await rp.getByLabel('First name').inputValue()).toBe('Jamie');
      await rp.getByLabel('Phone number').fill('6145550123');
      await rp.getByLabel('Address line 1').fill('12 High St');
      await rp.getByLabel('City').fill('Columbus');
      await rp.getByLabel('State').selectOption('OH');
      await rp.getByLabel('Zip code').fill('43215');
      // The minor's consent is signed by the parent or guardian: continuing without it is refused.
      await rp.getByLabel('Zip code').press('Enter');
      await page.getByText(messages['ui.booking.consent.required'].replace('{patient}', 'Lily Parker')).first().waitFor();
      await page.getByRole('checkbox', { name: guardian }).check();
      expect(await axeViolations(page)).toEqual([]);
      await rp.getByLabel('Zip code').press('Enter');

      // Payment: self-pay with its price, consent to book, a test card.
      await page.waitForURL(/\/app\/bookings\/user\/payment/);
      await page.getByRole('button', { name: payCopy.submit }).click();
      await page.getByText(messages['validation.insurance.required']).first().waitFor();
      await page.getByRole('radio', { name: new RegExp(constants.selfPayLabel.full.replace(/[/]/g, '\\/')) }).check();
      await page.getByText(fill('$')).first().waitFor();
      await page.getByRole('checkbox', { name: payCopy.consent }).check();
      const card = page.getByRole('region', { name: messages['ui.booking.pay.cardHeading'] });
      await card.getByRole('button', { name: payCopy.submit }).click();
      await card.getByText(messages['card.number.required']).waitFor();
      await card.getByLabel('Card number').fill('4111111111111111');
      await card.getByLabel('Expiration (MM/YY)').fill('12/30');
      await card.getByLabel('CVC').fill('123');
      await card.getByLabel('Address line 1').fill('12 High St');
      await card.getByLabel('City').fill('Columbus');
      await card.getByLabel('State').selectOption('OH');
      await card.getByLabel('Zip code').fill('43215');
      expect(await axeViolations(page)).toEqual([]);
      // One gap between every two fields of the card form, whether a field showed an error that is now fixed or not.
      const gaps = await card
        .locator('form')
        .first()
        .evaluate((form) => {
          const boxes = [...form.querySelectorAll('.field')].filter((f) => f.getClientRects().length > 0).map((f) => f.getBoundingClientRect());
          return boxes.slice(1).map((box, i) => Math.round(box.top - boxes[i]!.bottom));
        });
      expect(gaps.length).toBeGreaterThan(6);
      expect(new Set(gaps).size).toBe(1);
      await screenshots(page, 'card-form');
      await card.getByLabel('Zip code').press('Enter');

      await page.getByRole('heading', { name: messages['ui.booking.successHeading'] }).waitFor();
      await page.getByRole('link', { name: messages['ui.booking.confirm.ics'] }).waitFor();
      expect(await page.getByRole('link', { name: messages['ui.booking.confirm.google'] }).getAttribute('href')).toMatch(/^https:\/\/calendar\.google\.com\//);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: '/tmp/booking-e2e-confirmation-phone.png', fullPage: true });

      // The API holds exactly that booking: one appointment, for the child, at that time, paid self-pay.
      const booked = await apiAsPage<{
        items: {
          providerId?: string;
          provider: { id: string };
          slotId: string | null;
          selfPay: boolean;
          patients: { firstName: string; relationship: string; isNew: boolean }[];
          payment: { status: string } | null;
        }[];
      }>(page, '/appointments?when=upcoming');
      expect(booked.items).toHaveLength(1);
      expect(booked.items[0]).toMatchObject({ provider: { id: chosen.get('providerId') }, slotId: chosen.get('slotId'), selfPay: true });
      expect(booked.items[0]!.patients).toEqual([expect.objectContaining({ firstName: 'Lily', relationship: 'Child', isNew: true })]);
      expect(booked.items[0]!.payment?.status).toBe('succeeded');
    });
  });
});
