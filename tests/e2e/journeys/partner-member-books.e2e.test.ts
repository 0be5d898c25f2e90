/**
 * Journey: the demo partner member (Avery, ACME-EAP) starts on the home page, follows the footer's
 * link to the partner page, enters the partnership code under the partner, goes on to
 * provider search with the code, types their city, chooses an open time, confirms who they are
 * with the code e-mailed to them, and books as a member of the partner (b2bSelfBooking on). The
 * session then shows in their portal. Only clicks and typing.
 */
import bookingFlow from '@/generated/flows/booking';
import searchCopy from '@/generated/content/provider-search';
import site from '@/generated/content/site';
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatPhone } from '@/domain/phone';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { wcagViolations } from '../a11y';
import { baseUrl, useBrowser } from '../harness';
import { apiAsPage, withFailureShot } from '../booking-helpers';
import { bookedConfirmation, choosePatient, chooseTime, providerWithTimes, resultsShown, seeOpenTimes, sessionInPortal, verifyWithCode } from './booking-steps';
import { signInFromHome } from './front-door';

const member = demoAccounts.find((a) => a.role === 'Partner member')!;
const code = member.partnershipCode!;
const partnerLink = site.footerLinks.items.find((item) => item.href === routeById.partnerDirectory.path)!;
const payCopy = bookingFlow.steps.find((step) => step.id === 'pay')!.copy as Record<string, string>;

describe('journey: a partner member books with the partner’s code', () => {
  const session = useBrowser();

  it('home → partner page → code → provider search → a time → e-mailed code → booked as a member → in the portal', async () => {
    const { page } = session();
    const { partner } = (await (await fetch(`${baseUrl()}/api/business-partners/partnershipCode/${code}`)).json()) as {
      partner: { name: string; customSuccessMessage?: string | null };
    };
    await withFailureShot(page, 'journey-partner', async () => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: partnerLink.label }).click();
      await page.getByRole('heading', { level: 1, name: message('ui.partners.heading') }).waitFor();
      const field = page.getByLabel(message('ui.partners.codeFor', { partner: partner.name }));
      await field.fill(code);
      await field.press('Enter');
      // The code is confirmed, with the partner's own phone line (partnerPhoneLines).
      await page.waitForURL((u) => u.pathname === routeById.partnerVerificationSuccess.path);
      const line = constants.partnerPhoneLines.find((l) => l.partnershipCode === code)!;
      await page
        .getByRole('main')
        .getByRole('link', { name: formatPhone(line.phone) })
        .waitFor();
      await page
        .getByRole('main')
        .getByRole('link', { name: message('ui.partners.continue') })
        .click();

      await page.waitForURL((u) => u.pathname === routeById.providerSearch.path && u.searchParams.get('partnershipCode') === code);
      await page.getByRole('textbox', { name: searchCopy.location.label }).fill('Columbus, OH');
      await page.getByRole('button', { name: searchCopy.location.submit }).click();
      await resultsShown(page);
      expect(new URL(page.url()).searchParams.get(constants.providerSearchParams.state)).toBe('OH');
      expect(new URL(page.url()).searchParams.get('partnershipCode')).toBe(code);

      const { card: providerCard, name: providerName } = await providerWithTimes(page, 5);
      await chooseTime(await seeOpenTimes(page, providerCard), 0);

      // Not signed in: who is booking is confirmed with a code e-mailed to the member.
      await verifyWithCode(page, member.email);
      expect(new URL(page.url()).searchParams.get('partnershipCode')).toBe(code);
      const service = page.getByLabel('Service type');
      await service.waitFor();
      if (!(await service.inputValue())) await service.selectOption({ index: 1 });
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();

      await page.waitForURL((u) => u.pathname === routeById.userBookingPatientInfo.path);
      const memberName = `${member.firstName} ${member.lastName}`;
      const self = page.getByRole('checkbox', { name: new RegExp(`^${memberName}`) });
      await self.waitFor();
      if (!(await self.isChecked())) await self.check();
      const consent = page.getByRole('checkbox', { name: new RegExp(`^I agree to the consent for ${memberName}`) });
      if ((await consent.count()) && !(await consent.isChecked())) await consent.check();
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();

      // The partner covers the session (ACME-EAP hides the payment inputs): nothing to pay, only the consent to book.
      await page.waitForURL((u) => u.pathname === routeById.userBookingPayment.path);
      await page.getByText(message('ui.booking.pay.coveredByPartner', { partner: partner.name })).waitFor();
      expect(await page.getByLabel('Card number').count()).toBe(0);
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);
      await page.getByRole('checkbox', { name: payCopy.consent }).check();
      await page.getByRole('button', { name: payCopy.submit }).click();
      await bookedConfirmation(page);
      if (partner.customSuccessMessage) await page.getByText(partner.customSuccessMessage).waitFor();

      // The member's portal lists the session with that provider.
      await page
        .getByRole('banner')
        .getByRole('button', { name: new RegExp(`${message('ui.account.menuLabel')}: ${member.firstName}`) })
        .click();
      await page.getByRole('banner').getByRole('link', { name: routeById.patientDashboard.title }).click();
      await page.getByRole('navigation', { name: messages['ui.patient.navLabel'] }).getByRole('link', { name: messages['ui.patient.nav.sessions'] }).click();
      await page.getByRole('heading', { level: 1, name: routeById.patientSessions.title }).waitFor();
      await page.getByRole('main').getByRole('article').filter({ hasText: providerName }).first().waitFor();

      // Checked, not navigated: the server recorded the booking under the partner's code.
      const own = await apiAsPage<{ items: { provider: { firstName: string; lastName: string }; partnershipCode?: string | null; status: string }[] }>(
        page,
        '/appointments?when=upcoming',
      );
      const booked = own.items.filter((a) => providerName.startsWith(`${a.provider.firstName} ${a.provider.lastName}`) && a.status === 'booked');
      expect(booked.map((a) => a.partnershipCode)).toContain(code);
    });
  });
  it('signed in first (home → Sign in → code), the member finds a provider from the header and the partner still covers the session', async () => {
    const { page } = session();
    const { partner } = (await (await fetch(`${baseUrl()}/api/business-partners/partnershipCode/${code}`)).json()) as { partner: { name: string } };
    await withFailureShot(page, 'journey-partner-signed-in', async () => {
      await signInFromHome(page, member.email);
      await page.waitForURL(`**${routeById.patientHome.path}`);
      await page.getByRole('banner').getByRole('link', { name: site.nav[0]!.label }).click();
      await page.getByRole('textbox', { name: searchCopy.location.label }).fill('Columbus, OH');
      await page.getByRole('button', { name: searchCopy.location.submit }).click();
      await resultsShown(page);
      const { card: providerCard, name: providerName } = await providerWithTimes(page, 6);
      await chooseTime(await seeOpenTimes(page, providerCard), 0);

      // Signed in already: straight to the booking page, then the member's own steps.
      await page.waitForURL((u) => u.pathname === routeById.booking.path);
      await page.getByRole('region', { name: messages['ui.booking.slot.heading'] }).getByText(providerName, { exact: false }).waitFor();
      const service = page.getByLabel('Service type');
      if (!(await service.inputValue())) await service.selectOption({ index: 1 });
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.userBookingPatientInfo.path);
      await choosePatient(page, `${member.firstName} ${member.lastName}`);
      const consent = page.getByRole('checkbox', { name: new RegExp(`^I agree to the consent for ${member.firstName} ${member.lastName}`) });
      if ((await consent.count()) && !(await consent.isChecked())) await consent.check();
      await page.getByRole('button', { name: messages['ui.booking.next'] }).click();

      // The partner comes from the member's account: covered, nothing to pay.
      await page.waitForURL((u) => u.pathname === routeById.userBookingPayment.path);
      await page.getByText(message('ui.booking.pay.coveredByPartner', { partner: partner.name })).waitFor();
      await page.getByRole('checkbox', { name: payCopy.consent }).check();
      await page.getByRole('button', { name: payCopy.submit }).click();
      await bookedConfirmation(page);
      await sessionInPortal(page, providerName);
    });
  });
});
