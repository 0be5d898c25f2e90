/**
 * Journey (recurring sessions booked by support, issue 39): the demo clinician opens 10:00 to 12:00 every day; the
 * demo support agent (the server on this machine's time) finds a caller by e-mail, follows "Book for …", searches the clinician's city, chooses the
 * clinician's first open time and books through the support steps. On the payment step the agent chooses "Every
 * week" for 3 sessions: the page lists the 3 dates in the caller's zone. The confirmation names the caller, and the
 * caller's account lists the 3 sessions; the caller's appointments are those 3, one series, a week apart.
 */
import type { Page } from 'playwright-core';
import bookingFlow from '@/generated/flows/booking';
import searchCopy from '@/generated/content/provider-search';
import findAccountForm from '@/generated/forms/support-find-account';
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { enumLabelOf } from '@/domain/translations';
import { formatWhen } from '@/domain/date-format';
import { wallClockIn } from '@/domain/dates';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { eventually, newSession, useBrowser } from '../harness';
import { useOwnServer } from '../server-process';
import { apiAsPage, fillNewTestCard, withFailureShot } from '../booking-helpers';
import { signInFromHome, screenHeading } from './front-door';
import { openCareCalendar, openSameHoursEveryDay } from './care-steps';
import { bookedConfirmation, chooseTime, resultsShown, seeOpenTimes } from './booking-steps';
import * as careEnums from '@/generated/enums/care';

const CLINICIAN = 'morgan.lee@example.com';
const NAME = 'Morgan Lee';
const SESSIONS = 3;
const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const caller = demoAccounts.find((a) => a.role === 'Patient')!;
const callerName = `${caller.firstName} ${caller.lastName}`;
const payCopy = bookingFlow.steps.find((s) => s.id === 'pay')!.copy as Record<string, string>;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The support dashboard's "Find a caller's account" with the caller's e-mail: their account page. */
async function findCaller(page: Page): Promise<void> {
  const find = page.getByRole('region', { name: messages['ui.support.find.heading'] });
  await find.getByLabel('Email').fill(caller.email);
  await find.getByRole('button', { name: findAccountForm.submitLabel }).click();
  await page.waitForURL((u) => u.pathname === routeById.supportUser.path);
  await page.getByRole('main').getByRole('heading', { level: 1, name: callerName }).waitFor();
}

describe('journey: a support agent books a weekly series for a caller', () => {
  useOwnServer();
  const session = useBrowser();

  it('the series choice on the support payment step, the dates in the caller’s zone, and the 3 sessions on the caller’s account', async () => {
    const { page, problems } = session();
    problems.allow(/\[PUT \/api\/care\/availability → 409\]/);
    // The server keeps this machine's time: signed in, the agent's open times start from the browser's today.
    let city = '';
    await withFailureShot(page, 'journey-support-series-clinician', async () => {
      await signInFromHome(page, CLINICIAN);
      expect(await screenHeading(page)).toBe(routeById.careSchedule.title);
      city = await openCareCalendar(page);
      await openSameHoursEveryDay(page, { slotMinutes: '60', start: '10:00', end: '12:00' });
    });

    const agentSession = await newSession();
    try {
      const p = agentSession.page;
      await withFailureShot(p, 'journey-support-series-agent', async () => {
        await signInFromHome(p, agent.email);
        await p.waitForURL(`**${routeById.supportDashboard.path}`);
        await findCaller(p);
        const userId = new URL(p.url()).searchParams.get('userId')!;
        expect(userId).toBeTruthy();
        const { items: before } = await apiAsPage<{ items: { id: string }[] }>(p, `/appointments?userId=${userId}&when=upcoming`);

        await p.getByRole('link', { name: message('ui.support.user.book', { name: callerName }) }).click();
        await p.waitForURL((u) => u.pathname === routeById.providerSearch.path);
        const card = await eventually(
          async () => {
            await p.getByRole('textbox', { name: searchCopy.location.label }).fill(city);
            await p.getByRole('button', { name: searchCopy.location.submit }).click();
            await resultsShown(p);
            // Once the opened hours are published, the card shows its next open time.
            const found = p
              .locator('.provider-card')
              .filter({ has: p.locator('.provider-card__name a', { hasText: NAME }) })
              .filter({ has: p.locator('.provider-card__first') });
            return (await found.count()) ? found.first() : undefined;
          },
          () => `${NAME} among the first results for ${city}, with a next open time`,
        );
        await chooseTime(await seeOpenTimes(p, card), 0);

        await p.waitForURL((u) => u.pathname === routeById.booking.path);
        const service = p.getByLabel('Service type');
        await service.waitFor();
        if (!(await service.inputValue())) await service.selectOption({ index: 1 });
        await p.getByRole('button', { name: messages['ui.booking.next'] }).click();

        await p.waitForURL((u) => u.pathname === routeById.supportBookingEmail.path);
        await p.getByLabel('Email').fill(caller.email);
        await p.getByLabel('Email').press('Enter');

        await p.waitForURL((u) => u.pathname === routeById.supportBookingPatientInfo.path);
        const self = p.getByRole('checkbox', { name: new RegExp(`^${callerName}`) });
        await self.waitFor();
        if (!(await self.isChecked())) await self.check();
        await p.getByRole('checkbox', { name: new RegExp(`^I agree to the consent for ${callerName}`) }).check();
        await p.getByRole('button', { name: messages['ui.booking.next'] }).click();

        // The support payment step offers the series: every week, 3 sessions, their dates before paying.
        await p.waitForURL((u) => u.pathname === routeById.supportBookingPayment.path);
        await p.getByRole('radio', { name: enumLabelOf(careEnums.sessionRepeat, 'week') }).check();
        await p.getByLabel(message('ui.booking.series.sessions')).fill(String(SESSIONS));
        const dates = p.getByRole('list', { name: message('ui.booking.series.datesTitle', { count: SESSIONS }) }).getByRole('listitem');
        await eventually(
          async () => ((await dates.count()) === SESSIONS ? true : undefined),
          () => `${SESSIONS} dates listed`,
        );
        const listed = (await dates.allTextContents()).map((t) => t.trim());

        await p.getByRole('radio', { name: new RegExp(escaped(constants.selfPayLabel.full)) }).check();
        await p.getByRole('checkbox', { name: payCopy.consent }).check();
        const cardForm = await fillNewTestCard(p, {
          number: '4111111111111111',
          expiration: '12/30',
          cvc: '123',
          line1: '5 Oak Ave',
          city: 'Columbus',
          state: 'OH',
          zip: '43215',
        });
        await cardForm.getByLabel('Zip code').press('Enter');
        await bookedConfirmation(p, 'en', message('ui.booking.support.successHeading', { caller: callerName }));
        await p.getByRole('main').getByText(NAME).first().waitFor();

        // The caller's appointments: the 3 of one series, a week apart, the dates the step listed in the caller's zone.
        const { items } = await apiAsPage<{
          items: { id: string; start: string; timeZone: string; provider: { id: string }; series: { id: string; index: number; sessions: number } | null }[];
        }>(p, `/appointments?userId=${userId}&when=upcoming`);
        const known = new Set(before.map((a) => a.id));
        const added = items.filter((a) => !known.has(a.id)).sort((a, b) => a.series!.index - b.series!.index);
        expect(added).toHaveLength(SESSIONS);
        expect(new Set(added.map((a) => a.series?.id)).size).toBe(1);
        expect(added.map((a) => a.series!.sessions)).toEqual([SESSIONS, SESSIONS, SESSIONS]);
        const zone = added[0]!.timeZone;
        expect(listed).toEqual(added.map((a) => formatWhen(a.start, zone)));
        // A week apart, at the same time on the caller's clock (whatever clock change falls between).
        for (const a of added) expect(wallClockIn(new Date(a.start), zone).minute).toBe(wallClockIn(new Date(added[0]!.start), zone).minute);
        for (let i = 1; i < SESSIONS; i++)
          expect(Math.abs(Date.parse(added[i]!.start) - Date.parse(added[i - 1]!.start) - 7 * 86_400_000)).toBeLessThanOrEqual(3_600_000);

        // Back on the caller's account, the upcoming sessions list the 3 with the clinician.
        await p
          .getByRole('main')
          .getByRole('link', { name: message('ui.booking.support.backToAccount', { caller: callerName }) })
          .click();
        await p.waitForURL((u) => u.pathname === routeById.supportUser.path);
        const upcoming = p.getByRole('region', { name: messages['ui.support.user.upcoming'] });
        await eventually(
          async () => ((await upcoming.getByRole('listitem').filter({ hasText: NAME }).count()) >= SESSIONS ? true : undefined),
          () => `${SESSIONS} sessions with ${NAME} on the caller's account`,
        );
      });
      agentSession.problems.assertNone();
    } finally {
      await agentSession.context.close();
    }
  });
});
