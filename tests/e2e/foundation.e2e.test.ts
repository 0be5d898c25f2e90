import type { Page } from 'playwright-core';
import home from '@/generated/content/home';
import system from '@/generated/content/system';
import { routeById } from '@/generated/routes';
import { messageIn } from '@/domain/messages';
import { baseUrl, useBrowser } from './harness';
import { openSession, signInWithCode } from './portal-session';

const demoPatient = 'jordan.rivera@example.com';

interface HeaderControl {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The page's sideways scrolling and the header's visible controls (its links and buttons), each with the
 * space it paints: its box and the words in it, which may spill out of a box too narrow for them (the
 * signed-in account link once did, over the language switcher). Words hidden for screen readers are left out.
 */
async function headerLayout(page: Page): Promise<{ overflow: number; width: number; controls: HeaderControl[] }> {
  return page.evaluate(() => {
    const controls: HeaderControl[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('.site-header a, .site-header button'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const extent = {
        name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
        left: box.left,
        right: box.right,
        top: box.top,
        bottom: box.bottom,
      };
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        let hidden = false;
        for (let up = text.parentElement; up && up !== el.parentElement; up = up.parentElement) {
          const style = getComputedStyle(up);
          if (style.clip !== 'auto' || style.display === 'none' || style.visibility === 'hidden') hidden = true;
        }
        if (hidden) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const r of Array.from(range.getClientRects())) {
          if (r.width === 0 || r.height === 0) continue;
          extent.left = Math.min(extent.left, r.left);
          extent.right = Math.max(extent.right, r.right);
          extent.top = Math.min(extent.top, r.top);
          extent.bottom = Math.max(extent.bottom, r.bottom);
        }
      }
      controls.push(extent);
    }
    return { overflow: document.documentElement.scrollWidth - window.innerWidth, width: window.innerWidth, controls };
  });
}

/** What is wrong with the header's controls: too few found, one outside the screen, two painting over each other. */
function headerProblems({ controls, width }: { controls: HeaderControl[]; width: number }): string[] {
  // Brand, phone line, the other language and the account: fewer means the check looked at nothing.
  if (controls.length < 4) return [`only ${controls.length} header controls found (${controls.map((c) => c.name).join(' | ')})`];
  const problems: string[] = [];
  for (const c of controls)
    if (c.left < 0 || c.right > width) problems.push(`"${c.name}" reaches ${Math.round(c.left)}..${Math.round(c.right)}px, outside the screen`);
  controls.forEach((a, i) =>
    controls.slice(i + 1).forEach((b) => {
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) problems.push(`"${a.name}" overlaps "${b.name}"`);
    }),
  );
  return problems;
}

describe('the app shell in a real browser', () => {
  const session = useBrowser();

  it('serves the home page as server-rendered HTML, readable without scripts', async () => {
    const res = await fetch(`${baseUrl()}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(home.hero.heading);
    expect(html).toContain(home.howItWorks.heading);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
  });

  it('the home page (a document) sends its search form to provider search and nothing logs an error', async () => {
    const { page } = session();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: home.hero.heading }).waitFor();
    await page.getByLabel(home.hero.serviceLabel).selectOption({ index: 1 });
    await page.getByLabel(home.hero.locationLabel).fill('43215');
    await page.getByRole('button', { name: home.hero.submitLabel }).click();
    await page.waitForURL(/\/app\/providers\?/);
    expect(new URL(page.url()).searchParams.get('location')).toBe('43215');
  });

  it("fits a phone screen without sideways scrolling, in every language, signed out and signed in; the header's controls never overlap", async () => {
    const { context, page } = session();
    await page.setViewportSize({ width: 360, height: 740 });
    const problems: string[] = [];
    const check = async (path: string, who: string) => {
      await page.goto(path);
      const layout = await headerLayout(page);
      if (layout.overflow > 0) problems.push(`${who} ${path}: ${layout.overflow}px sideways scrolling`);
      problems.push(...headerProblems(layout).map((p) => `${who} ${path}: ${p}`));
      return layout.controls;
    };
    for (const path of ['/', '/es/']) await check(path, 'signed out');
    // A signed-in person's copy of a document page: the server writes their account link (and a form per language) into it.
    await openSession(context, await signInWithCode(demoPatient));
    for (const path of ['/', '/es/']) {
      const controls = await check(path, 'signed in');
      const account = messageIn(path === '/' ? 'en' : 'es', 'ui.account.menuLabel');
      if (!controls.some((c) => c.name === `${account}: Jordan`))
        problems.push(`signed in ${path}: no "${account}: Jordan" in the header (${controls.map((c) => c.name).join(' | ')})`);
    }
    expect(problems).toEqual([]);
  });

  it("keeps an app page's signed-in header (the account menu) and its content within a phone screen, the header's controls apart", async () => {
    const { context, page } = session();
    await page.setViewportSize({ width: 360, height: 740 });
    await openSession(context, await signInWithCode(demoPatient));
    const problems: string[] = [];
    for (const path of [routeById.patientDashboard.path, `/es${routeById.patientDashboard.path}`]) {
      await page.goto(path);
      // The hydrated app's menu (a button), not the place held while the page hydrates.
      await page.locator('.site-header .account-menu__button').waitFor();
      // The dashboard's to-do list drawn (its tasks, or the notice that there are none): a Spanish task's button
      // once ran 19 px past a 360 px screen.
      await page.locator('li.item.task, .notice--success').first().waitFor();
      const layout = await headerLayout(page);
      if (layout.overflow > 0) problems.push(`${path}: ${layout.overflow}px sideways scrolling`);
      problems.push(...headerProblems(layout).map((p) => `${path}: ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it('answers an unknown page with status 404 and the not-found screen', async () => {
    const { page, problems } = session();
    problems.allow(/no\/such\/page: Failed to load resource: .* 404/);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: system.notFound.heading }).waitFor();
  });

  it('shows the maintenance page', async () => {
    const { page } = session();
    const response = await page.goto('/app/under-maintenance');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: system.maintenance.heading }).waitFor();
  });

  it('answers the API beside the pages', async () => {
    const res = await fetch(`${baseUrl()}/api/health`);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'pglite' });
  });
});

describe('the browser harness', () => {
  const session = useBrowser();

  it('catches a console error on a page, so the test that caused it fails', async () => {
    const { page, problems } = session();
    await page.goto('/');
    await page.evaluate(() => console.error('something broke'));
    expect(() => problems.assertNone()).toThrow(/console error .*something broke/);
  });

  it('catches an uncaught exception on a page', async () => {
    const { page, problems } = session();
    await page.goto('/');
    // The harness listens first, so once the page error reaches this waiter it has been recorded.
    const thrown = page.waitForEvent('pageerror');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('kaboom');
      }, 0);
    });
    await thrown;
    expect(() => problems.assertNone()).toThrow(/uncaught exception .*kaboom/);
  });
});
