/**
 * Help on every page, in the same place (WCAG 2.2 3.2.6), and targets big enough to hit (2.5.8):
 * - every registered route: each server-rendered page, in English and Spanish, as a visitor and signed in as each kind
 *   of person, is sent (and each screen of the app is drawn, for a person it is for) with the crisis line ("Call 988", "Text 988", "911") as links that dial or text, in the reader's language
 *   (a Spanish text carries AYUDA, the 988 line's Spanish option), at the top before the header, and the support
 *   phone in the footer, and no message key shown raw (each screen in both languages, drawn with what it fetched);
 * - on a phone (390 px) and a desktop, one page of each kind (document page, search, the app, the portal, the care
 *   area, the support dashboard) shows those links without opening anything, at the same place on each, with no
 *   WCAG 2.2 AA violation;
 * - at 390 px, the booking path and the portal have no pointer target under 24 × 24 px that its spacing does not excuse;
 * - the one-time-code field says autocomplete="one-time-code" and takes a pasted code, spaces and all (3.3.8).
 * These open pages by their address (a journey would start at home): the point is every page, not one person's path.
 */
import { constants } from '@/generated/constants';
import { messages } from '@/generated/messages';
import { routeById, routes } from '@/generated/routes';
import { crisisHrefs } from '@/domain/crisis';
import { message, messageIn } from '@/domain/messages';
import { localizedPath } from '@/domain/locale';
import { formatPhone, telHref } from '@/domain/phone';
import { demoAccounts } from '@/server/db/seed/demo-accounts';
import { smallTargets, wcagViolations } from './a11y';
import { bookableSlot, bookingUrl, withFailureShot } from './booking-helpers';
import { baseUrl, useBrowser } from './harness';
import { bookingPageShows, choosePatient, nextFromBookingPage, nextFromPatientInformation } from './journeys/booking-steps';
import { codeIn, latestMail, mailMoment } from './mailbox';
import { openSession, signInWithCode } from './portal-session';
import type { Page } from 'playwright-core';

const LANGUAGES = ['en', 'es'] as const;
const someId = '00000000-0000-4000-8000-000000000001';
const sample: Record<string, string> = { state: 'tx', city: 'austin', specialty: 'anxiety', slug: 'someone', providerName: 'someone' };
/** A route's address with its parameters filled (an unknown id draws the not-found screen, inside the same frame). */
const addressOf = (path: string, given: Record<string, string> = {}) => path.replace(/:(\w+)/g, (_, name: string) => given[name] ?? sample[name] ?? someId);

const account = (role: string) => demoAccounts.find((a) => a.role === role)!;
/** One sign-in per person for the whole file (codes are rate-limited per address). */
const signedIn = new Map<string, ReturnType<typeof signInWithCode>>();
const sessionOf = (role: string) => {
  if (!signedIn.has(role)) signedIn.set(role, signInWithCode(account(role).email));
  return signedIn.get(role)!;
};
const people = ['Patient', 'Clinician', 'Support agent', 'Clinical admin', 'RCD'] as const;

/** The crisis links as the server writes them, in a language. */
function crisisLinksIn(locale: (typeof LANGUAGES)[number]): string[] {
  const href = crisisHrefs(locale);
  return [
    `href="${href.call988}">${messageIn(locale, 'ui.layout.crisis.call988')}</a>`,
    `href="${href.text988}">${messageIn(locale, 'ui.layout.crisis.text988')}</a>`,
    `href="${href.call911}">${messageIn(locale, 'ui.layout.crisis.call911')}</a>`,
  ].map((s) => s.replace(/&/g, '&amp;'));
}

/** What is wrong with one page's HTML: the crisis line missing, out of place or in another language, or no support phone in the footer. */
function helpProblems(html: string, locale: (typeof LANGUAGES)[number]): string[] {
  const found: string[] = [];
  const line = html.indexOf(`<aside class="crisis-line" aria-label="${messageIn(locale, 'ui.layout.crisis.name')}">`);
  const header = html.indexOf('<header class="site-header"');
  const footer = html.indexOf('<footer class="site-footer"');
  if (line < 0) found.push('no crisis line');
  else if (header < 0 || line > header) found.push('the crisis line is not before the header');
  const lineHtml = html.slice(line, header);
  for (const link of crisisLinksIn(locale)) if (!lineHtml.includes(link)) found.push(`the crisis line lacks ${link}`);
  if (footer < 0 || !html.slice(footer).includes(`href="${telHref(constants.supportPhone)}">${formatPhone(constants.supportPhone)}</a>`))
    found.push('no support phone in the footer');
  return found;
}

/**
 * Message keys shown as text (what a page shows for a key whose message area it did not load): a known key, or a
 * dotted name under a key's first word ("dates.dayAtTime", "ui.care.schedule.waiting").
 */
const keyWords = [...new Set(Object.keys(messages).map((k) => k.split('.')[0]!))].join('|');
const RAW_KEY = new RegExp(`\\b(?:${keyWords})\\.[A-Za-z_]+(?:\\.[A-Za-z_]+)*\\b`, 'g');
function rawKeysIn(text: string): string[] {
  return [...new Set(text.match(RAW_KEY) ?? [])].filter((k) => k in messages || /^(?:ui|dates|validation|billing)\.\w+\./.test(k));
}

/** The demo person who opens a route, by the first kind of person its access names (a visitor for `anyone`). */
const opener: Record<string, string | undefined> = {
  anyone: undefined,
  authenticated: 'Patient',
  patient: 'Patient',
  clinician: 'Clinician',
  support: 'Support agent',
  devops_admin: 'DevOps admin',
  clinical_admin: 'Clinical admin',
  rcd: 'RCD',
  third_party_support: 'Third-party agent',
};
const pages = routes.filter((r) => r.render !== 'fragment');
const serverRendered = pages.filter((r) => r.render === 'document' || r.render === 'server');
const appScreens = pages.filter((r) => !serverRendered.includes(r));

describe('help on every page', () => {
  it('sends every server-rendered page, in both languages, to a visitor and to each kind of person with the crisis line first and the support phone last', async () => {
    expect(serverRendered.length).toBeGreaterThan(15);
    const sessions: [string, string | undefined][] = [['visitor', undefined]];
    for (const role of people) sessions.push([role, (await sessionOf(role)).accessToken]);
    const problems: string[] = [];
    for (const [who, token] of sessions) {
      for (const locale of LANGUAGES) {
        for (const route of serverRendered) {
          const address = localizedPath(addressOf(route.path), locale);
          const res = await fetch(`${baseUrl()}${address}`, {
            headers: { accept: 'text/html', ...(token ? { cookie: `${constants.accessTokenCookie}=${token}` } : {}) },
          });
          const html = await res.text();
          if (res.status >= 500) problems.push(`${who} ${address}: ${res.status}`);
          else for (const p of helpProblems(html, locale)) problems.push(`${who} ${address}: ${p}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  describe('every screen of the app, as a person it is for', () => {
    const session = useBrowser();
    const byOpener = new Map<string | undefined, typeof appScreens>();
    for (const route of appScreens) {
      const who = opener[route.access[0]!];
      byOpener.set(who, [...(byOpener.get(who) ?? []), route]);
    }

    it.each([...byOpener.keys()].map((who) => [who ?? 'a visitor', who] as const))(
      'draws the crisis line and the support phone on each screen for %s',
      async (_, who) => {
        const { page, context, problems } = session();
        // Screens opened with made-up ids or out of order answer as they do (not found, sent elsewhere): only the frame is checked here.
        problems.allow(/Failed to load resource: the server responded with a status of 4\d\d/);
        if (who) await openSession(context, await sessionOf(who));
        const found: string[] = [];
        for (const route of byOpener.get(who)!) {
          for (const locale of LANGUAGES) {
            await page.goto(localizedPath(addressOf(route.path), locale));
            const line = page.getByRole('complementary', { name: messageIn(locale, 'ui.layout.crisis.name') });
            await line.getByRole('link').first().waitFor();
            // The screen drawn with what it fetched: a message its area does not load shows as its key.
            await page.waitForLoadState('networkidle');
            const html = await page.content();
            for (const p of helpProblems(html, locale)) found.push(`${route.path} (${locale}): ${p}`);
            for (const key of rawKeysIn(await page.locator('body').innerText())) found.push(`${route.path} (${locale}): shows the raw message key ${key}`);
          }
        }
        expect(found).toEqual([]);
      },
    );
  });
});

/** Where the crisis line's links are on the page, after checking each is shown without opening anything. */
async function crisisLinksShown(page: Page, locale: (typeof LANGUAGES)[number]): Promise<string> {
  const line = page.getByRole('complementary', { name: messageIn(locale, 'ui.layout.crisis.name') });
  const href = crisisHrefs(locale);
  const boxes: string[] = [];
  for (const [key, to] of [
    ['ui.layout.crisis.call988', href.call988],
    ['ui.layout.crisis.text988', href.text988],
    ['ui.layout.crisis.call911', href.call911],
  ] as const) {
    const link = line.getByRole('link', { name: messageIn(locale, key) });
    expect(await link.isVisible()).toBe(true);
    expect(await link.getAttribute('href')).toBe(to);
    const box = (await link.boundingBox())!;
    // In view at the top of the page, before any scrolling.
    expect(box.y).toBeLessThan(120);
    boxes.push(`${Math.round(box.x)},${Math.round(box.y)}`);
  }
  return boxes.join(' ');
}

describe.each([
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const)('the crisis line on a %s', (_, viewport) => {
  const session = useBrowser({ viewport });

  it.each(LANGUAGES)('is in view, in the same place, on one page of each kind (%s), with no WCAG 2.2 AA violation', async (locale) => {
    const { page, context } = session();
    await withFailureShot(page, `help-${viewport.width}-${locale}`, async () => {
      const places = new Map<string, string>();
      const visit = async (path: string) => {
        await page.goto(localizedPath(path, locale));
        await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
        places.set(path, await crisisLinksShown(page, locale));
        expect({ path, violations: await wcagViolations(page) }).toEqual({ path, violations: [] });
      };
      await visit(routeById.home.path);
      await visit(`${routeById.providerSearch.path}?state=TX`);
      await visit(routeById.login.path);
      for (const [role, path] of [
        ['Patient', routeById.patientHome.path],
        ['Clinician', routeById.careSchedule.path],
        ['Support agent', routeById.supportDashboard.path],
      ] as const) {
        // Leave the page first: a screen left open would go on asking for its data with no session.
        await page.goto('about:blank');
        await context.clearCookies();
        await openSession(context, await sessionOf(role));
        await visit(path);
      }
      // The same place on every page (3.2.6): the links' boxes do not move from one page to the next.
      expect(new Set(places.values()).size).toBe(1);
    });
  });
});

describe('target size at 390 px (WCAG 2.2 2.5.8)', () => {
  const session = useBrowser({ viewport: { width: 390, height: 844 } });

  it('leaves no small target on the booking path, from home to the code that confirms the address', async () => {
    const { page } = session();
    await withFailureShot(page, 'target-size-booking', async () => {
      const found: string[] = [];
      const check = async (where: string) => {
        for (const f of await smallTargets(page)) found.push(`${where}: ${f}`);
      };
      await page.goto(routeById.home.path);
      await check('home');
      await page.goto(`${routeById.providerSearch.path}?state=TX`);
      await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
      await check('search');
      const slot = await bookableSlot({ state: 'TX' });
      const listed = (await (await fetch(`${baseUrl()}/api/providers/search?state_code=TX`)).json()) as { items: { id: string; practice: { id: string } }[] };
      const provider = listed.items.find((p) => p.id === slot.providerId)!;
      const ids = { providerId: provider.id, practiceId: provider.practice.id };
      await page.goto(addressOf(routeById.providerProfile.path, ids));
      await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
      await check('profile');
      await page.goto(bookingUrl(slot));
      await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
      await check('booking');
      await page.goto(routeById.login.path);
      await page.getByRole('heading', { level: 1, name: messages['ui.login.heading'] }).waitFor();
      await check('sign-in');
      expect(found).toEqual([]);
    });
  });

  it("leaves no small target on a signed-in patient's booking steps: the booking page, who attends, payment", async () => {
    const { page, context } = session();
    await withFailureShot(page, 'target-size-booking-steps', async () => {
      await openSession(context, await sessionOf('Patient'));
      // Another provider than the visitor's test above, so the two never hold the same time.
      const slot = await bookableSlot({ state: 'OH', skip: 3 });
      const found: string[] = [];
      const check = async (where: string) => {
        for (const f of await smallTargets(page)) found.push(`${where}: ${f}`);
      };
      // With the service chosen, as a search's open time starts it.
      await page.goto(bookingUrl(slot, { counselingType: slot.counselingType }));
      await bookingPageShows(page, slot.providerName.split(',')[0]!);
      await check('booking');
      await nextFromBookingPage(page);
      const holder = account('Patient');
      const me = `${holder.firstName} ${holder.lastName}`;
      await choosePatient(page, me);
      const consent = page.getByRole('checkbox', { name: message('ui.booking.consent.self', { patient: me }) });
      if (!(await consent.isChecked())) await consent.check();
      await check('patient information');
      await nextFromPatientInformation(page);
      await check('payment');
      expect(found).toEqual([]);
    });
  });

  it('leaves no small target in the portal', async () => {
    const { page, context } = session();
    await withFailureShot(page, 'target-size-portal', async () => {
      await openSession(context, await sessionOf('Patient'));
      const found: string[] = [];
      for (const route of [
        routeById.patientHome,
        routeById.patientSessionsUpcoming,
        routeById.patientSessionsPast,
        routeById.patientBilling,
        routeById.patientMessages,
        routeById.patientWaitlist,
        routeById.patientAccountSettings,
        routeById.patientRecordAccess,
      ]) {
        await page.goto(route.path);
        await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
        // The screen's data is in (no loading placeholder left).
        await page.waitForFunction(() => !document.querySelector('#main [aria-busy="true"], #main .skeleton'));
        for (const f of await smallTargets(page)) found.push(`${route.path}: ${f}`);
      }
      expect(found).toEqual([]);
    });
  });
});

describe('the one-time-code field (WCAG 2.2 3.3.8)', () => {
  const session = useBrowser();

  it('offers the code for autofill and takes it pasted as the mail shows it', async () => {
    const { page, context } = session();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const email = account('Patient').email;
    await page.goto(routeById.login.path);
    await page.getByRole('heading', { level: 1, name: messages['ui.login.heading'] }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.flags === 'ready');
    const since = mailMoment();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: messages['ui.login.sendCode'] }).click();
    await page.waitForURL(`**${routeById.verifyOtp.path}`);
    const field = page.getByLabel('One-time code');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    const code = codeIn(await latestMail(email, 'sign-in-code', since));
    // Copied with a space in the middle and a word before it, as a person might select it.
    await page.evaluate((text) => navigator.clipboard.writeText(text), `Code: ${code.slice(0, 3)} ${code.slice(3)}`);
    await field.focus();
    await page.keyboard.press('ControlOrMeta+V');
    expect(await field.inputValue()).toBe(code);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${routeById.patientHome.path}`);
  });
});
