/**
 * Journey: a patient writes first. The demo patient signs in from the sign-in page, opens
 * Messages from the portal's navigation, chooses their clinician under "Write to your clinician", opens
 * the conversation and writes. The clinician gets an e-mail that says only that a message waits, signs
 * in from the sign-in page, sees the unread count beside Messages in the care navigation, reads the
 * question and answers. Back in the portal, the patient opens Messages, sees the answer waiting unread
 * and reads it. Only clicks and typing.
 */
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { fillPlaceholders, message } from '@/domain/messages';
import { newSession, useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { latestMail, mailMoment } from '../mailbox';
import { openSignInFromHome, screenHeading, signInWithMailedCode } from './front-door';

const clinicianEmail = 'morgan.lee@example.com';
const patientEmail = 'jordan.rivera@example.com';
const client = 'Jordan Rivera';
const clinician = 'Morgan Lee';
// Unique per run, so a thread kept from an earlier run cannot answer for this one.
const run = Date.now().toString(36);
const question = `Could we talk about my sleep at the next session (${run})?`;
const reply = `Of course (${run}). Bring your sleep log and we will start there.`;
/** "N unread", whatever N: other journeys may leave messages of their own unread. */
const unreadBadge = new RegExp(fillPlaceholders(messages['ui.messages.unreadBadge'], { count: '\u0000' }).replace('\u0000', '\\d+'));

describe('journey: a patient writes first to their clinician and reads the reply', () => {
  const session = useBrowser();

  it('the patient starts the conversation, the clinician sees it unread and answers, the patient reads the answer', async () => {
    const { page } = session();
    const since = mailMoment();
    await withFailureShot(page, 'journey-writes-first-patient-writes', async () => {
      await openSignInFromHome(page);
      await signInWithMailedCode(page, patientEmail);
      await screenHeading(page);
      await page.getByRole('navigation', { name: messages['ui.patient.navLabel'] }).getByRole('link', { name: messages['ui.patient.nav.messages'] }).click();
      const start = page.locator('form').filter({ has: page.getByRole('heading', { name: messages['ui.messages.patient.start'] }) });
      const choice = start.getByLabel(messages['ui.messages.patient.startLabel']);
      // The option naming their clinician; on an account with dependants, the one about the patient themselves.
      await choice.locator('option', { hasText: clinician }).first().waitFor({ state: 'attached' });
      const options = await choice.locator('option').allTextContents();
      const aboutThem = message('ui.messages.patient.startOption', { clinician: '', client });
      const mine = options.find((o) => o.startsWith(clinician) && o.endsWith(aboutThem)) ?? options.find((o) => o.startsWith(clinician));
      if (!mine) throw new Error(`No option for ${clinician} among: ${options.join(' | ')}`);
      await choice.selectOption({ label: mine });
      await start.getByRole('button', { name: messages['ui.messages.patient.startButton'] }).click();
      const thread = page.getByRole('region', { name: message('ui.messages.patient.with', { name: clinician }), exact: false });
      await thread.getByLabel(messages['ui.messages.composeLabel']).fill(question);
      await thread.getByRole('button', { name: messages['ui.messages.send'] }).click();
      await thread.getByText(question).waitFor();
    });

    // The clinician is told a message waits, with no health information in the mail.
    const mail = await latestMail(clinicianEmail, 'secure-message', since);
    for (const leak of [question, run, 'Jordan', 'Rivera', 'sleep']) {
      expect(mail.subject).not.toContain(leak);
      expect(mail.text).not.toContain(leak);
    }

    const staff = await newSession();
    try {
      const care = staff.page;
      await withFailureShot(care, 'journey-writes-first-clinician-answers', async () => {
        await openSignInFromHome(care);
        await signInWithMailedCode(care, clinicianEmail);
        expect(await screenHeading(care)).toBe(routeById.careSchedule.title);
        const nav = care.getByRole('navigation', { name: messages['ui.care.nav.label'] });
        const messagesLink = nav.getByRole('link', { name: new RegExp(`^${routeById.careMessage.title}`) });
        await messagesLink.getByText(unreadBadge).waitFor();
        await messagesLink.click();
        await care.getByRole('heading', { level: 1, name: routeById.careMessage.title }).waitFor();
        const row = care.getByRole('list', { name: messages['ui.messages.care.threadsLabel'] }).getByRole('listitem').filter({ hasText: client });
        await row.getByText(unreadBadge).waitFor();
        await row.getByRole('link', { name: client }).click();
        const thread = care.getByRole('region', { name: message('ui.messages.care.with', { name: client }) });
        await thread.getByText(question).waitFor();
        await thread.getByLabel(messages['ui.messages.composeLabel']).fill(reply);
        await thread.getByRole('button', { name: messages['ui.messages.send'] }).click();
        await thread.getByText(reply).waitFor();
      });
      staff.problems.assertNone();
    } finally {
      await staff.context.close();
    }

    await withFailureShot(page, 'journey-writes-first-patient-reads', async () => {
      await page
        .getByRole('navigation', { name: messages['ui.patient.navLabel'] })
        .getByRole('link', { name: new RegExp(`^${messages['ui.patient.nav.messages']}`) })
        .click();
      const list = page.getByRole('list', { name: messages['ui.messages.patient.threadsLabel'] });
      const row = list
        .getByRole('listitem')
        .filter({ hasText: clinician })
        .filter({ hasText: message('ui.messages.patient.about', { name: client }) });
      await row.getByText(unreadBadge).waitFor();
      await row.getByRole('link', { name: new RegExp(`^${clinician}`) }).click();
      const thread = page.getByRole('region', { name: message('ui.messages.patient.with', { name: clinician }), exact: false });
      await thread.getByText(reply).waitFor();
      await thread.getByText(question).waitFor();
    });
  });
});
