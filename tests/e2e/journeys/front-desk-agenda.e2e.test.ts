/**
 * Journey: at the front desk, the demo support agent (Sam) signs in from the home page, opens the
 * practice agenda from the support dashboard, picks the practice and the day of the partner member's
 * session, checks her in, and hands the device over: the device opens her own screen, under the top
 * bar, with nothing of the day's other patients, and the server refuses the agenda to it. She confirms her date of
 * birth, reads and signs the consent; the agent takes the device back by signing in again with the code e-mailed
 * to them, and the agenda no longer lists the consent as open.
 * Only clicks and typing (the session's practice and day are read from the API as setup knowledge).
 */
import moment from 'moment-timezone';
import { enums } from '@/generated/enums';
import birthDateForm from '@/generated/forms/support-hand-over-birth-date';
import codeForm from '@/generated/forms/support-hand-over-code';
import consentForm from '@/generated/forms/support-hand-over-consent';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { formatTime } from '@/domain/date-format';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import { wcagViolations } from '../a11y';
import { useBrowser } from '../harness';
import { apiAsPage, withFailureShot } from '../booking-helpers';
import { signInFromHome } from './front-door';
import { mailMoment, oneTimeCodeFor } from '../mailbox';

const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const member = demoAccounts.find((a) => a.role === 'Partner member')!;
const memberName = `${member.firstName} ${member.lastName}`;

interface Session {
  id: string;
  start: string;
  status: string;
  provider: { firstName: string; lastName: string };
  practice: { id: string; name: string; city: string; state: string };
}

describe('journey: the front desk checks a patient in and the patient signs the consent on the agenda device', () => {
  const session = useBrowser();

  it('home → sign in → agenda → the practice’s day → check in → hand over → date of birth → consent signed → back to the agenda', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-front-desk', async () => {
      await signInFromHome(page, agent.email);
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      // Setup knowledge: where and when the partner member's session is.
      const found = await apiAsPage<{ userId: string }>(page, `/users/exists?email=${encodeURIComponent(member.email)}`);
      const { items } = await apiAsPage<{ items: Session[] }>(page, `/appointments?userId=${found.userId}&when=upcoming`);
      // Her session whose consent is still open (a session she booked in another test signed its own).
      let visit: Session | undefined;
      let day = '';
      let practiceZone = '';
      for (const s of items.filter((i) => i.status === 'booked')) {
        const zone =
          (await apiAsPage<{ items: { id: string; timeZone: string }[] }>(page, `/practices?stateCode=${s.practice.state}`)).items.find(
            (p) => p.id === s.practice.id,
          )?.timeZone ?? 'America/New_York';
        const date = moment(s.start).tz(zone).format('YYYY-MM-DD');
        const agenda = await apiAsPage<{ sessions: { id: string; patients: { tasks: { kind: string }[] }[] }[] }>(
          page,
          `/front-desk/agenda?practiceId=${s.practice.id}&date=${date}`,
        );
        if (agenda.sessions.find((x) => x.id === s.id)?.patients.some((p) => p.tasks.some((k) => k.kind === 'consentUnsigned'))) {
          visit = s;
          day = date;
          practiceZone = zone;
          break;
        }
      }
      if (!visit) throw new Error('The partner member has no session with an open consent');

      await page.getByRole('link', { name: messages['ui.support.agenda.link'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.agenda.path);
      await page.getByLabel(messages['ui.support.check.state'], { exact: true }).selectOption(visit.practice.state);
      const practice = page.getByLabel(messages['ui.support.check.practice'], { exact: true });
      await practice.locator(`option[value="${visit.practice.id}"]`).waitFor({ state: 'attached' });
      await practice.selectOption(visit.practice.id);
      await page.getByLabel(messages['ui.support.agenda.day'], { exact: true }).fill(day);
      await page.getByRole('button', { name: messages['ui.support.agenda.show'] }).click();

      // Her visit's card on the agenda, by its start time and its provider: other tests may have booked her another
      // session that day, even at the same time with another provider.
      const visitCard = page
        .getByRole('listitem')
        .filter({ hasText: `${formatTime(visit.start, practiceZone)}–` })
        .filter({ hasText: `${visit.provider.firstName} ${visit.provider.lastName}` });
      const person = visitCard.getByRole('listitem', { name: memberName });
      await person.getByText(enums.frontDeskTask.labels.consentUnsigned).waitFor();
      await person.getByRole('button', { name: message('ui.support.agenda.checkIn', { name: memberName }) }).click();
      await person.getByText(/^Checked in at /).waitFor();
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);

      await person.getByRole('button', { name: message('ui.support.agenda.handOver', { name: memberName }) }).click();
      // The device shows only the patient's own screen, on a screen of its own, under the top bar: no agenda, no other patient.
      await page.waitForURL((u) => u.pathname === routeById.agendaHandOver.path);
      const device = page.getByRole('region', { name: message('ui.support.handover.heading', { name: memberName }) });
      await device.waitFor();
      await page.getByRole('banner').waitFor();
      expect(await visitCard.count()).toBe(0);
      expect(await page.getByRole('main').getByRole('link').count()).toBe(0);
      // The server holds this session to her task: the day's agenda is refused to the device in her hands.
      await expect(apiAsPage(page, `/front-desk/agenda?practiceId=${visit.practice.id}&date=${day}`)).rejects.toThrow(/answered 403.*HAND_OVER_ACTIVE/);
      await device.getByLabel(specFieldTitle(birthDateForm, 'dob')).fill('1990-04-12');
      await device.getByRole('button', { name: specSubmitLabel(birthDateForm) }).click();
      await device.getByText(messages['ui.support.handover.consentIntro']).waitFor();
      await device.getByRole('button', { name: specSubmitLabel(consentForm) }).click();
      await device.getByText(messages['ui.support.handover.agreeRequired']).waitFor();
      await device.getByRole('checkbox', { name: specFieldTitle(consentForm, 'agree') }).check();
      await device.getByLabel(specFieldTitle(consentForm, 'signerName')).fill(memberName);
      await device.getByRole('button', { name: specSubmitLabel(consentForm) }).click();
      await device.getByText(messages['ui.support.handover.done']).waitFor();
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);

      // The way back to the agenda: the agent signs in again, with the code e-mailed to them.
      const takeBack = page.getByRole('region', { name: messages['ui.support.handover.takeBackHeading'] });
      const since = mailMoment();
      await takeBack.getByRole('button', { name: messages['ui.support.handover.sendCode'] }).click();
      await takeBack.getByText(message('ui.support.handover.codeSent', { email: agent.email })).waitFor();
      await takeBack.getByLabel(specFieldTitle(codeForm, 'otp')).fill(await oneTimeCodeFor(agent.email, since));
      await takeBack.getByRole('button', { name: specSubmitLabel(codeForm) }).click();
      await page.waitForURL((u) => u.pathname === routeById.agenda.path && u.searchParams.get('date') === day);

      await person.getByText(/^Checked in at /).waitFor();
      await person.getByText(enums.frontDeskTask.labels.consentUnsigned).waitFor({ state: 'detached' });
      expect(await person.getByRole('button', { name: message('ui.support.agenda.handOver', { name: memberName }) }).count()).toBe(0);
    });
  });
});
