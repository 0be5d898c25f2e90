/**
 * Journey: the demo clinician signs in from the sign-in page, opens Messages from the
 * care area's navigation, starts a conversation with their client and writes to them. The patient gets
 * an e-mail that says only that a message waits (no message text, no names) and follows its link: the
 * portal asks them to sign in, then shows the thread; they read the message and answer. The clinician
 * opens Messages again, sees the conversation's unread count and reads the answer. Only clicks and
 * typing, besides opening the link the e-mail carries.
 */
import careMessageForm from '@/generated/forms/care-message';
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { newSession, useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { latestMail, mailMoment } from '../mailbox';
import { openSignInFromHome, screenHeading, signInWithMailedCode } from './front-door';

const clinicianEmail = 'morgan.lee@example.com';
const patientEmail = 'jordan.rivera@example.com';
const client = 'Jordan Rivera';
// Unique per run, so a thread kept from an earlier run cannot answer for this one.
const run = Date.now().toString(36);
const note = `Your sleep log looks steadier this week (${run}). Shall we keep the same routine?`;
const answer = `Yes, the routine helps (${run}). See you on Tuesday.`;

describe('a secure message round-trips clinician → patient → clinician', () => {
  const session = useBrowser();

  it('writes, mails a PHI-free notice, and the answer comes back with an unread count', async () => {
    const { page } = session();
    const since = mailMoment();
    await withFailureShot(page, 'journey-message-clinician-writes', async () => {
      await openSignInFromHome(page);
      await signInWithMailedCode(page, clinicianEmail);
      expect(await screenHeading(page)).toBe(routeById.careSchedule.title);
      await page.getByRole('navigation', { name: messages['ui.care.nav.label'] }).getByRole('link', { name: routeById.careMessage.title }).click();
      await page.getByRole('heading', { level: 1, name: routeById.careMessage.title }).waitFor();
      await page.getByLabel('Client', { exact: true }).selectOption({ label: client });
      await page.getByRole('button', { name: careMessageForm.submitLabel }).click();
      const thread = page.getByRole('region', { name: message('ui.messages.care.with', { name: client }) });
      await thread.getByLabel(messages['ui.messages.composeLabel']).fill(note);
      await thread.getByRole('button', { name: messages['ui.messages.send'] }).click();
      await thread.getByText(note).waitFor();
    });

    const mail = await latestMail(patientEmail, 'secure-message', since);
    // The notice carries no health information: not the message, not who wrote it or whom it is about.
    for (const leak of [note, run, 'Jordan', 'Rivera', 'Morgan', 'Lee', 'sleep']) {
      expect(mail.subject).not.toContain(leak);
      expect(mail.text).not.toContain(leak);
    }
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    if (!link) throw new Error('No link in the message notice.');
    const linkPath = `${new URL(link).pathname}${new URL(link).search}`;

    const patient = await newSession();
    try {
      const other = patient.page;
      await withFailureShot(other, 'journey-message-patient-answers', async () => {
        // The person opens the link from their e-mail: the portal asks them to sign in first.
        await other.goto(linkPath);
        await other.getByRole('heading', { level: 1, name: message('ui.login.heading') }).waitFor();
        await other.waitForFunction(() => document.documentElement.dataset.flags === 'ready');
        await signInWithMailedCode(other, patientEmail);
        await other.waitForURL(`**${linkPath}`);
        const thread = other.getByRole('region', { name: message('ui.messages.patient.with', { name: 'Morgan Lee' }), exact: false });
        await thread.getByText(note).waitFor();
        await thread.getByLabel(messages['ui.messages.composeLabel']).fill(answer);
        await thread.getByRole('button', { name: messages['ui.messages.send'] }).click();
        await thread.getByText(answer).waitFor();
      });
      patient.problems.assertNone();
    } finally {
      await patient.context.close();
    }

    await withFailureShot(page, 'journey-message-clinician-reads', async () => {
      await page.getByRole('link', { name: messages['ui.messages.back'] }).click();
      const list = page.getByRole('list', { name: messages['ui.messages.care.threadsLabel'] });
      const row = list.getByRole('listitem').filter({ hasText: client });
      await row.getByText(message('ui.messages.unreadBadge', { count: '1' })).waitFor();
      await row.getByRole('link', { name: client }).click();
      const thread = page.getByRole('region', { name: message('ui.messages.care.with', { name: client }) });
      await thread.getByText(answer).waitFor();
      await thread.getByText(note).waitFor();
    });
  });
});
