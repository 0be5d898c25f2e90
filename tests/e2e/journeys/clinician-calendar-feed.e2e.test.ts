/**
 * Journey: a clinician signs in from the home page, opens their calendar, makes a private
 * calendar feed address and reads it as a calendar app would (no sign-in: text/calendar of their sessions), then
 * stops the feed and the address no longer answers. Only clicks and typing in the browser.
 */
import { messages } from '@/generated/messages';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { baseUrl, useBrowser } from '../harness';
import { withFailureShot } from '../booking-helpers';
import { screenHeading, signInFromHome } from './front-door';

const CLINICIAN = 'morgan.lee@example.com';
const [createdBefore] = message('ui.care.feed.created', { url: '\u0000' }).split('\u0000') as [string];

describe('a clinician subscribes to their sessions with a private calendar feed', () => {
  const session = useBrowser();

  it('makes a private address that a calendar app reads, and stops it', async () => {
    const { page } = session();
    await withFailureShot(page, 'journey-calendar-feed', async () => {
      await signInFromHome(page, CLINICIAN);
      expect(await screenHeading(page)).toBe(routeById.careSchedule.title);
      await page.getByRole('navigation', { name: messages['ui.care.nav.label'] }).getByRole('link', { name: routeById.careCalendar.title }).click();
      const feed = page.getByRole('region', { name: messages['ui.care.feed.heading'] });
      await feed.waitFor();
      await feed
        .getByRole('button', { name: new RegExp(`^(${messages['ui.care.feed.create']}|${messages['ui.care.feed.renew'].replace(/[()]/g, '\\$&')})$`) })
        .click();
      const shown = feed.getByText(createdBefore, { exact: false });
      await shown.waitFor();
      const address = new URL((await shown.innerText()).slice(createdBefore.length).trim());

      // A calendar app reads it without signing in.
      const read = await fetch(`${baseUrl()}${address.pathname}`);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toContain('text/calendar');
      expect(await read.text()).toContain('BEGIN:VCALENDAR');

      await feed.getByRole('button', { name: messages['ui.care.feed.revoke'] }).click();
      await feed.getByText(messages['ui.care.feed.revoked']).waitFor();
      expect((await fetch(`${baseUrl()}${address.pathname}`)).status).toBe(404);
    });
  });
});
