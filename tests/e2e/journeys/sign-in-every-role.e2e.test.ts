/**
 * Journey: every demo account of the README signs in from the front door (home page → "Sign in"
 * → the code or link the dev mailbox received) and lands on a real screen of its role: never the
 * not-found page, never a refusal on the way. The partner member signs in with the e-mailed link
 * and the date-of-birth popup it asks for.
 *
 * Where each role lands (product-spec §6; src/domain/roles.ts): a clinician on the care schedule;
 * support agents, devops admins and software developers (support group) on the support dashboard;
 * a third-party agent on provider search with the partner's code; a clinical admin on the login
 * dashboard; patients on the patient home; an RCD on providers' requests. The third-party agent's
 * provider search is their home: their partner, its members, booking for one, their latest sessions.
 */
import { errorCatalogue } from '@/generated/errors';
import system from '@/generated/content/system';
import { routeById, type RouteId } from '@/generated/routes';
import { message } from '@/domain/messages';
import { demoAccounts, type DemoAccount } from '@/server/db/seed/demo-accounts';
import { wcagViolations } from '../a11y';
import { baseUrl, useBrowser } from '../harness';
import searchCopy from '@/generated/content/provider-search';
import { messages } from '@/generated/messages';
import { chooseTime, providerWithTimes, resultsShown, seeOpenTimes } from './booking-steps';
import { latestMail, linkIn, mailMoment } from '../mailbox';
import { screenshots } from '../signin-support';
import { openSignInFromHome, screenHeading, signInWithMailedCode, visitedPaths } from './front-door';
import { answerFlagVariant } from '../flag-override';

/** Written out, not computed with the rule under test: a change of landing must change this table. */
const landings: Record<string, RouteId> = {
  Patient: 'patientHome',
  'Partner member': 'patientHome',
  'Support agent': 'supportDashboard',
  Clinician: 'careSchedule',
  'Colleague clinician': 'careSchedule',
  'Central-time clinician': 'careSchedule',
  RCD: 'careProviderRequests',
  'Third-party agent': 'providerSearch',
  'DevOps admin': 'supportDashboard',
  'Clinical admin': 'loginDashboard',
  'Software developer': 'supportDashboard',
};

function expectedLanding(account: DemoAccount): string {
  const path = routeById[landings[account.role]!].path;
  return account.userType === 'third_party_support' ? `${path}?partnershipCode=${account.partnershipCode}` : path;
}

describe('journey: every demo account signs in from the front door and lands on a real screen', () => {
  const session = useBrowser();

  it('knows where every demo account lands', () => {
    expect(demoAccounts.map((a) => a.role).sort()).toEqual(Object.keys(landings).sort());
  });

  it.each(demoAccounts.filter((a) => !a.dobCheckRequired).map((a) => [a.role, a] as const))(
    '%s: home → Sign in → e-mailed code → their screen',
    async (_role, account) => {
      const { page } = session();
      const visited = visitedPaths(page);
      const refused: string[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/api/') && (r.status() === 401 || r.status() === 403)) refused.push(`${r.status()} ${r.url()}`);
      });
      await openSignInFromHome(page);
      await signInWithMailedCode(page, account.email);
      await page.waitForURL((url) => `${url.pathname}${url.search}` === expectedLanding(account));
      const heading = await screenHeading(page);
      if (account.userType === 'patient') expect(heading).toBe(message('ui.patient.greeting', { firstName: account.firstName }));
      if (landings[account.role] === 'careSchedule') expect(heading).toBe(routeById.careSchedule.title);
      if (landings[account.role] === 'careProviderRequests') expect(heading).toBe(routeById.careProviderRequests.title);
      if (landings[account.role] === 'loginDashboard') expect(heading).toBe(message('ui.loginDashboard.heading'));
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).not.toBe(routeById.notFound.path);
      expect(visited).not.toContain(routeById.notFound.path);
      expect(refused).toEqual([]);
      expect(await page.getByRole('heading', { name: system.notFound.heading }).count()).toBe(0);
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);
      await screenshots(page, `journey-landing-${account.role.toLowerCase().replace(/\W+/g, '-')}`);

      if (landings[account.role] === 'loginDashboard') {
        // Not a dead end: every place it offers opens (provider search at least).
        const links = page.getByRole('navigation', { name: routeById.loginDashboard.title }).getByRole('link');
        expect(await links.count()).toBeGreaterThan(0);
        await links.getByText(message('ui.loginDashboard.findProvider')).click();
        await page.waitForURL(`**${routeById.providerSearch.path}*`);
        await screenHeading(page);
      }
    },
  );

  it("Third-party agent: home → Sign in → their partner's members → Book for a member → a time → the e-mail step starts with the member's address", async () => {
    const agent = demoAccounts.find((a) => a.userType === 'third_party_support')!;
    const member = demoAccounts.find((a) => a.role === 'Partner member')!;
    const memberName = `${member.firstName} ${member.lastName}`;
    // Setup knowledge: the partner's name, as its public page says it.
    const { partner } = (await (await fetch(`${baseUrl()}/api/business-partners/partnershipCode/${agent.partnershipCode}`)).json()) as {
      partner: { name: string };
    };
    const { page } = session();
    await openSignInFromHome(page);
    await signInWithMailedCode(page, agent.email);
    await page.waitForURL((url) => `${url.pathname}${url.search}` === expectedLanding(agent));

    const home = page.getByRole('region', { name: message('ui.partnerAgent.heading', { partner: partner.name }) });
    await home.waitFor();
    const members = home.getByRole('list', { name: messages['ui.partnerAgent.members'], exact: true });
    const bookFor = members.getByRole('button', { name: message('ui.partnerAgent.bookFor', { name: memberName }) });
    await bookFor.waitFor();
    await home.getByRole('heading', { name: messages['ui.partnerAgent.sessions'] }).waitFor();
    expect(await wcagViolations(page, { within: '#main' })).toEqual([]);
    await bookFor.click();
    await home.getByText(message('ui.partnerAgent.bookingFor', { name: memberName, email: member.email })).waitFor();

    await page.getByRole('textbox', { name: searchCopy.location.label }).fill('Columbus, OH');
    await page.getByRole('button', { name: searchCopy.location.submit }).click();
    await resultsShown(page);
    // Still whom the agent books for, after the search.
    await home.getByText(message('ui.partnerAgent.bookingFor', { name: memberName, email: member.email })).waitFor();
    // A provider down the list and its last time shown (other journeys book the first ones).
    const { card } = await providerWithTimes(page, 4);
    await chooseTime(await seeOpenTimes(page, card), 99);
    await page.waitForURL((u) => u.pathname === routeById.booking.path);
    const service = page.getByLabel('Service type');
    await service.waitFor();
    if (!(await service.inputValue())) await service.selectOption({ index: 1 });
    await page.getByRole('button', { name: messages['ui.booking.next'] }).click();
    await page.waitForURL((u) => u.pathname === routeById.supportBookingEmail.path);
    const email = page.getByLabel('Email');
    await email.waitFor();
    expect(await email.inputValue()).toBe(member.email);
  });

  it('Partner member: home → Sign in → e-mailed link → date of birth → the patient home', async () => {
    const member = demoAccounts.find((a) => a.dobCheckRequired)!;
    const { page, problems } = session();
    // The wrong date of birth is refused by the API (403), and the popup says so.
    problems.allow(/Failed to load resource: the server responded with a status of 403/);
    const visited = visitedPaths(page);
    // This visitor's flag service answers emailOtpLogin: off, so the sign-in page sends a link.
    await answerFlagVariant(page, 'emailOtpLogin', 'off');
    await openSignInFromHome(page);
    const since = mailMoment();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: message('ui.login.sendLink') }).click();
    await page.getByText(message('ui.emailSent.text', { email: member.email })).waitFor();

    // The person opens the link from their e-mail.
    await page.goto(linkIn(await latestMail(member.email, 'sign-in-link', since)));
    const dialog = page.getByRole('dialog', { name: message('ui.verifyDob.heading') });
    await dialog.waitFor();
    const dob = dialog.getByLabel('Date of birth', { exact: true });
    await dob.fill('1990-01-01');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').filter({ hasText: errorCatalogue.DOB_REQUIRED.message }).waitFor();
    await dob.fill(member.dateOfBirth!);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`**${expectedLanding(member)}`);
    expect(await screenHeading(page)).toBe(message('ui.patient.greeting', { firstName: member.firstName }));
    expect(visited).not.toContain(routeById.notFound.path);
  });
});
