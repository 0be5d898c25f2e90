/**
 * Journey: the demo support agent (Sam) signs in from the home page, finds a caller's account by
 * e-mail, opens the caller's next session from the account, reads its story (both time zones, who
 * booked it), cancels it for the caller after seeing the late-cancellation fee, and adds a note; then
 * moves the caller's next session to another time and sees the e-mail that told the caller.
 * Only clicks and typing.
 */
import type { Page } from 'playwright-core';
import findAccountForm from '@/generated/forms/support-find-account';
import noteForm from '@/generated/forms/support-patient-note';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { wcagViolations } from '../a11y';
import { useBrowser } from '../harness';
import { useOwnServer } from '../server-process';
import { withFailureShot } from '../booking-helpers';
import { signInFromHome } from './front-door';

const agent = demoAccounts.find((a) => a.role === 'Support agent')!;
const caller = demoAccounts.find((a) => a.role === 'Patient')!;
const callerName = `${caller.firstName} ${caller.lastName}`;

async function findCaller(page: Page): Promise<void> {
  const find = page.getByRole('region', { name: messages['ui.support.find.heading'] });
  await find.getByLabel('Email').fill(caller.email);
  await find.getByRole('button', { name: findAccountForm.submitLabel }).click();
  await page.waitForURL((u) => u.pathname === routeById.supportUser.path);
  await page.getByRole('main').getByRole('heading', { level: 1, name: callerName }).waitFor();
}

describe("journey: a support agent opens a caller's session, cancels it with the fee shown and adds a note", () => {
  // Its own server: the journey cancels one of the demo patient's seeded late sessions, which other files' journeys also use.
  useOwnServer();
  const session = useBrowser();

  it('home → sign in → the account → the session → cancel (late fee) → a note', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-support-session', async () => {
      await signInFromHome(page, agent.email);
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      await findCaller(page);

      // The caller's next session still to come (the demo patient has two inside the late-cancellation window).
      const upcoming = page.getByRole('region', { name: messages['ui.support.user.upcoming'] });
      const next = upcoming.getByRole('listitem').filter({ hasText: messages['ui.patient.sessions.outcome.upcoming'] }).first();
      await next.getByRole('link').first().click();
      await page.waitForURL((u) => u.pathname === routeById.supportUserSession.path);
      await page
        .getByRole('main')
        .getByRole('heading', { level: 1, name: /^Session of / })
        .waitFor();

      const summary = page.getByRole('region', { name: messages['ui.support.session.summary'] });
      await summary.getByText(/^Patient's time \(/).waitFor();
      await summary.getByText(/^Provider's time \(/).waitFor();
      const timeline = page.getByRole('region', { name: messages['ui.support.session.timeline'] });
      await timeline.getByText(messages['ui.support.session.event.booked'], { exact: false }).first().waitFor();
      expect(await wcagViolations(page, { within: '#main' })).toEqual([]);

      await page.getByRole('button', { name: messages['ui.support.session.cancel'] }).click();
      const dialog = page.getByRole('dialog', { name: messages['ui.support.cancel.heading'] });
      const fee = formatCents(constants.lateCancelFeeCents);
      await dialog.getByText(message('ui.support.cancel.lateFee', { hours: constants.lateCancelWindowHours, fee })).waitFor();
      await dialog.getByRole('radio', { name: constants.appointmentCancellationReasons[0]!.label }).check();
      await dialog.getByRole('button', { name: message('ui.support.cancel.confirmWithFee', { fee }) }).click();
      await page.getByText(messages['ui.support.cancel.done']).waitFor();
      await timeline
        .getByText(message('ui.support.session.byStaff', { name: `${agent.firstName} ${agent.lastName}` }), { exact: false })
        .last()
        .waitFor();
      await timeline.getByText(message('ui.support.session.reason', { reason: constants.appointmentCancellationReasons[0]!.label })).waitFor();
      expect(await page.getByRole('button', { name: messages['ui.support.session.cancel'] }).count()).toBe(0);

      const notes = page.getByRole('region', { name: messages['ui.support.session.notes'] });
      await notes
        .getByRole('textbox', { name: specFieldTitle(noteForm, 'text'), exact: true })
        .fill('Caller cancelled by phone; told them about the late fee.');
      await notes.getByRole('button', { name: specSubmitLabel(noteForm) }).click();
      await notes.getByText(messages['ui.support.note.saved']).waitFor();
      await notes.getByText('Caller cancelled by phone; told them about the late fee.').waitFor();
    });
  });
  it("home → sign in → the account → the caller's next session → moved to another time, with the e-mail listed", async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-support-session-reschedule', async () => {
      await signInFromHome(page, agent.email);
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      await findCaller(page);
      const upcoming = page.getByRole('region', { name: messages['ui.support.user.upcoming'] });
      const next = upcoming.getByRole('listitem').filter({ hasText: messages['ui.patient.sessions.outcome.upcoming'] }).first();
      await next.getByRole('link').first().click();
      await page.waitForURL((u) => u.pathname === routeById.supportUserSession.path);

      await page.getByRole('button', { name: messages['ui.support.session.reschedule'] }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio').first().check();
      await dialog.getByText(/^Holding /).waitFor();
      await dialog.getByRole('button', { name: messages['ui.support.reschedule.confirm'] }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /^The session now starts / })
        .waitFor();
      const timeline = page.getByRole('region', { name: messages['ui.support.session.timeline'] });
      await timeline.getByText(/^Moved from /).waitFor();
      const mails = page.getByRole('region', { name: messages['ui.support.session.mails'] });
      // The demo caller's next session may have been moved before on this server (each move sends one).
      await mails.getByText(messages['ui.support.mail.appointmentReschedule']).first().waitFor();
      await mails.getByText(`To ${caller.email}`, { exact: false }).first().waitFor();
    });
  });
});
