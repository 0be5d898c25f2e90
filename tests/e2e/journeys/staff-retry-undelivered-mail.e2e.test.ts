/**
 * Journey: a visitor asks for a sign-in code to an address no mail server can deliver to
 * (the reserved .invalid domain); the mail job fails on every try and is dead-lettered. The demo
 * support agent signs in from the home page, opens "Undelivered e-mails and jobs" from the
 * dashboard, sees the mail with its last error (never its code) and tries it again. Only clicks and
 * typing; the server tries again TEST_JOB_RETRY_DELAY_SECONDS apart (global-setup.cjs).
 */
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { baseUrl, eventually, useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { openSignInFromHome, signInFromHome } from './front-door';

const agent = demoAccounts.find((a) => a.role === 'Support agent')!;

/** Dead-lettered jobs on the server, from its /metrics (loopback callers read it without a token). */
async function deadLetterCount(): Promise<number> {
  const text = await (await fetch(`${baseUrl()}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('job_queue_depth{') && l.includes('queue="dead-letter"') && l.includes('state="queued"'));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('journey: staff see an e-mail that could not be delivered and try it again', () => {
  const session = useBrowser();

  it('visitor: sign in with an undeliverable address; support: dashboard → undelivered e-mails → the mail and its error → try again', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-dead-letters', async () => {
      const address = `lost.code.${Date.now()}@mailbox.invalid`;
      const before = await deadLetterCount();
      await openSignInFromHome(page);
      await page.getByLabel('Email').fill(address);
      await page.getByRole('button', { name: message('ui.login.sendCode') }).click();
      await page.waitForURL(`**${routeById.verifyOtp.path}`);
      // Every try fails; once the tries are spent the mail is dead-lettered.
      await eventually(
        async () => ((await deadLetterCount()) > before ? true : undefined),
        () => `the mail to ${address} was not dead-lettered`,
        150_000,
      );

      await signInFromHome(page, agent.email);
      await page.waitForURL(`**${routeById.supportDashboard.path}`);
      await page.getByRole('main').getByRole('link', { name: messages['ui.jobs.link'] }).click();
      await page.waitForURL((u) => u.pathname === routeById.supportDeadLetters.path);
      await page.getByRole('main').getByRole('heading', { level: 1, name: routeById.supportDeadLetters.title }).waitFor();
      const row = page.getByRole('listitem').filter({ hasText: address });
      await row.getByText('550 no mail server for mailbox.invalid').waitFor();
      await row.getByText('sign-in-code').waitFor();
      await row.getByRole('button', { name: messages['ui.jobs.retry'] }).click();
      await page
        .getByRole('status')
        .filter({ hasText: message('ui.jobs.retried', { job: 'mail' }) })
        .waitFor();
      await row.waitFor({ state: 'detached' });
    });
    // Seven tries a second or two apart; the queue figures /metrics reads are refreshed as often (src/server/jobs/engine.ts).
  }, 300_000);
});
