/**
 * A parent who is new here books for their 12-year-old from the home page: search, a time, a new
 * account confirmed with the e-mailed code, the child added (relationship Child), the consent signed
 * as "Parent / legal guardian of …", the parent as responsible party, self-pay by card; the session
 * is in the portal, for the child. Only clicks and typing.
 */
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { guardianConsentText } from '@/domain/consents';
import { useBrowser } from '../harness';
import { axeViolations, isoDaysAgo, withFailureShot } from '../booking-helpers';
import {
  bookingPageShows,
  chooseTime,
  newPerson,
  nextFromBookingPage,
  patientCopy,
  paySelfPayAndBook,
  providerWithTimes,
  searchFromHome,
  seeOpenTimes,
  sessionInPortal,
  verifyAsNewVisitor,
} from './booking-steps';

describe('a parent books for their child', () => {
  const session = useBrowser();

  it('adds the 12-year-old, signs as guardian, is the responsible party, pays, and sees the session for the child', async () => {
    const { page } = session();
    const parent = newPerson('parent', isoDaysAgo(40));
    const child = { firstName: 'Lily', lastName: parent.lastName, dateOfBirth: isoDaysAgo(12, 40) };
    await withFailureShot(page, 'journey-parent', async () => {
      await searchFromHome(page, 'Austin, TX');
      const { card, name } = await providerWithTimes(page, 3);
      await chooseTime(await seeOpenTimes(page, card), 3);
      await verifyAsNewVisitor(page, parent);
      await bookingPageShows(page, name);
      await nextFromBookingPage(page);

      // The parent is on the new account (Self); the child is added.
      await page.getByRole('button', { name: patientCopy.addPatient }).click();
      const add = page.getByRole('region', { name: patientCopy.addPatient });
      await add.getByLabel('Relationship to the client').selectOption('Child');
      await add.getByLabel('First name').fill(child.firstName);
      await add.getByLabel('Last name').fill(child.lastName);
      await add.getByLabel('Gender').selectOption('Female');
      await add.getByLabel('Date of birth').fill(child.dateOfBirth);
      await add.getByLabel('Date of birth').press('Enter');
      const childName = `${child.firstName} ${child.lastName}`;
      await page.getByRole('checkbox', { name: new RegExp(`^${childName}`) }).waitFor();
      expect(await page.getByRole('checkbox', { name: new RegExp(`^${childName}`) }).isChecked()).toBe(true);
      // The session is the child's alone.
      const parentBox = page.getByRole('checkbox', { name: new RegExp(`^${parent.firstName} ${parent.lastName}`) });
      if (await parentBox.isChecked()) await parentBox.uncheck();

      // A minor's consent is signed by the parent or guardian; the parent is the responsible party.
      await page.getByRole('checkbox', { name: guardianConsentText(child) }).check();
      const rp = page.getByRole('region', { name: messages['ui.booking.responsibleParty.heading'] });
      expect(await rp.getByLabel('First name').inputValue()).toBe(parent.firstName);
      await rp.getByLabel('Phone number').fill('5125550123');
      await rp.getByLabel('Address line 1').fill('301 Congress Ave');
      await rp.getByLabel('City').fill('Austin');
      await rp.getByLabel('State').selectOption('TX');
      await rp.getByLabel('Zip code').fill('78701');
      expect(await axeViolations(page)).toEqual([]);
      await rp.getByLabel('Zip code').press('Enter');
      await page.waitForURL((u) => u.pathname === routeById.userBookingPayment.path);

      await paySelfPayAndBook(page, { line1: '301 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' });
      const booked = await sessionInPortal(page, name);
      expect(await booked.innerText()).toContain(child.firstName);
    });
  });
});
