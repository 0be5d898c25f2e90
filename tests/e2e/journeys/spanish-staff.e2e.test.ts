/**
 * Journey: a clinician and a support agent sign in from the sign-in page, choose Español with the
 * header's switcher (clicking), and the screens of their areas then read in Spanish: no common English word shows
 * in a screen's visible text (tests/e2e/journeys/english-words.ts). Each puts the account back to English at the
 * end with the same switcher, so the other journeys of this worker's server read their mail in English.
 */
import type { Page } from 'playwright-core';
import { routeById, type RouteId } from '@/generated/routes';
import { messageIn } from '@/domain/messages';
import { localeDefinition, localizedPath, DEFAULT_LOCALE } from '@/domain/locale';
import { useBrowser } from '../harness';
import { useOwnServer } from '../server-process';
import { withFailureShot } from '../booking-helpers';
import { openSignInFromHome, screenHeading, signInWithMailedCode } from './front-door';
import { englishOnScreens } from './english-words';

/** The header's language switcher: the same page in that language (and the account takes it). */
async function switchTo(page: Page, tag: 'es' | typeof DEFAULT_LOCALE, from: 'es' | typeof DEFAULT_LOCALE): Promise<void> {
  await page
    .getByRole('navigation', { name: messageIn(from, 'ui.layout.language') })
    .getByRole('link', { name: localeDefinition(tag).name })
    .click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, tag);
  await screenHeading(page);
}

const STAFF: { who: string; email: string; screens: RouteId[] }[] = [
  {
    who: 'clinician',
    email: 'morgan.lee@example.com',
    screens: ['careSchedule', 'careCalendar', 'careClients', 'careMbcDashboard', 'careReferrals', 'careNena'],
  },
  { who: 'support agent', email: 'sam.okafor@example.com', screens: ['supportDashboard', 'supportDeadLetters', 'supportRedAlert', 'agendaDashboard'] },
];

describe('journey: staff screens in Spanish', () => {
  // Its own server on a fresh copy of the demo data. The texts the server writes on tasks and alerts read in the
  // reader's language (src/domain/task-text.ts), but what people type stays as typed: other journeys leave English
  // on these screens ("Please offer the clients another provider.", the removal note clinical-admin-removes-provider
  // types, shows on the red alerts), which this check would find.
  useOwnServer();
  const session = useBrowser();

  for (const staff of STAFF) {
    it(`a ${staff.who} switches to Español in the header and sees no English on their screens`, async () => {
      const { page } = session();
      await withFailureShot(page, `spanish-staff-${staff.who.replace(/\s+/g, '-')}`, async () => {
        await openSignInFromHome(page);
        await signInWithMailedCode(page, staff.email);
        await screenHeading(page);
        try {
          await switchTo(page, 'es', DEFAULT_LOCALE);
          expect(new URL(page.url()).pathname.startsWith('/es/')).toBe(true);
          expect(await englishOnScreens(page, staff.screens)).toEqual([]);
        } finally {
          await page.goto(localizedPath(routeById[staff.screens[0]!].path, 'es'));
          await screenHeading(page);
          await switchTo(page, DEFAULT_LOCALE, 'es');
        }
      });
    });
  }
});
