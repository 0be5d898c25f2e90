/**
 * Journey: the demo support agent (Sam) signs in from the home page, opens the practice agenda from
 * the support dashboard, follows it to the practice's open front-desk tasks, picks the practice of
 * the partner member's session, sees her open task and opens that day's agenda from it.
 * Only clicks and typing (which practice has her session is read from the API as setup knowledge).
 */
import { enums } from '@/generated/enums';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatUsDate } from '@/domain/dates';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { wcagViolations } from '../a11y';
import { useBrowser } from '../harness';
import { apiAsPage, withFailureShot } from '../booking-helpers';
import { screenshots } from '../signin-support';
import { useOwnServer } from '../server-process';
import { signInFromHome } from './front-door';

const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const member = demoAccounts.find((a) => a.role === 'Partner member')!;
const memberName = `${member.firstName} ${member.lastName}`;

interface Session {
  id: string;
  status: string;
  practice: { id: string; state: string };
}
interface OpenTasks {
  items: { sessionId: string; date: string; patient: { firstName: string; lastName: string }; tasks: { kind: keyof typeof enums.frontDeskTask.labels }[] }[];
}

describe('journey: the front desk sees a practice’s open tasks and opens the day of one', () => {
  // Its own server on a fresh copy of the demo data: the front-desk agenda journey checks the same
  // partner member in and has her sign her consent, which closes the open tasks this one looks for.
  useOwnServer();
  const session = useBrowser();

  it('home → sign in → agenda → open front-desk tasks → the practice → a task → that day’s agenda', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-front-desk-tasks', async () => {
      await signInFromHome(page, agent.email);
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      // Setup knowledge: a practice where the partner member has a session with something open this week.
      const found = await apiAsPage<{ userId: string }>(page, `/users/exists?email=${encodeURIComponent(member.email)}`);
      const { items } = await apiAsPage<{ items: Session[] }>(page, `/appointments?userId=${found.userId}&when=upcoming`);
      let target: { practice: Session['practice']; item: OpenTasks['items'][number] } | undefined;
      for (const s of items.filter((i) => i.status === 'booked')) {
        const open = await apiAsPage<OpenTasks>(page, `/front-desk/tasks?practiceId=${s.practice.id}&days=7`);
        const item = open.items.find((i) => i.sessionId === s.id);
        if (item) {
          target = { practice: s.practice, item };
          break;
        }
      }
      if (!target) throw new Error('The partner member has no session with an open front-desk task this week');

      await page.getByRole('link', { name: messages['ui.support.agenda.link'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.agenda.path);
      await page.getByRole('link', { name: messages['ui.support.agendaTasks.link'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.agendaDashboard.path);
      const state = page.getByLabel(messages['ui.support.check.state'], { exact: true });
      const practice = page.getByLabel(messages['ui.support.check.practice'], { exact: true });
      await state.selectOption(target.practice.state);
      await practice.locator(`option[value="${target.practice.id}"]`).waitFor({ state: 'attached' });
      await practice.selectOption(target.practice.id);
      await page.getByRole('button', { name: messages['ui.support.agendaTasks.show'] }).click();

      const person = page.getByRole('listitem', { name: memberName }).first();
      await person.getByText(enums.frontDeskTask.labels[target.item.tasks[0]!.kind].split(':')[0]!, { exact: false }).first().waitFor();
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);
      await screenshots(page, 'front-desk-open-tasks');

      await person
        .getByRole('link', { name: message('ui.support.agendaTasks.openDay', { day: formatUsDate(target.item.date) }) })
        .first()
        .click();
      await page.waitForURL((u) => u.pathname === routeById.agenda.path && u.searchParams.get('date') === target!.item.date);
      await page.getByRole('listitem', { name: memberName }).first().waitFor();
    });
  });
});
