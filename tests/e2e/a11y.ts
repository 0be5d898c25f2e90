/**
 * Accessibility checks in the browser: axe-core (the package's own build, injected into the page)
 * against WCAG 2.0/2.1 A and AA. Returns the violations, one line each, so a failing test names them.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's WCAG 2.0/2.1 A and AA rules on the page as it is now (or on the part `within` selects); violations by rule and element. */
export async function wcagViolations(page: Page, options: { within?: string } = {}): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated, not added as a <script>: the app's Content-Security-Policy refuses inline scripts without its nonce.
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ tags, within }) => {
      const axe = (window as unknown as { axe: { run: (ctx: Element | Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
      const context = (within ? document.querySelector(within) : null) ?? document;
      const result = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations;
    },
    { tags: WCAG_21_AA, within: options.within },
  );
  return (violations as AxeViolation[]).map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Presses Tab until the focused element has this accessible text (name, label or content); fails after `limit` presses. */
export async function tabTo(page: Page, text: string | RegExp, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const labelled = el.getAttribute('aria-label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null);
      return (labelled ?? el.textContent ?? '').trim();
    });
    if (typeof text === 'string' ? focused === text : text.test(focused)) return;
  }
  throw new Error(`Tab did not reach "${String(text)}" within ${limit} presses`);
}

/**
 * Waits until the keyboard focus is on the level-1 heading named `name` (a screen that replaced the
 * one before hands its top to keyboard and screen-reader users, WCAG 2.4.3); fails naming what has
 * the focus instead.
 */
export async function expectFocusOnHeading(page: Page, name: string, timeout = 15000): Promise<void> {
  try {
    await page.waitForFunction(
      (heading) => {
        const el = document.activeElement;
        return el?.tagName === 'H1' && el.textContent?.trim() === heading;
      },
      name,
      { timeout },
    );
  } catch {
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return el ? `<${el.tagName.toLowerCase()}> ${(el.textContent ?? '').trim().slice(0, 60)}` : 'nothing';
    });
    throw new Error(`Focus is not on the heading "${name}" but on ${focused}`);
  }
}

/** Waits until a status region (role="status", read out politely by screen readers, WCAG 4.1.3) says `text`. */
export async function expectAnnounced(page: Page, text: string | RegExp, timeout = 15000): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor({ state: 'attached', timeout });
}

/**
 * What runs past the right edge of the viewport at the page's current width (WCAG 1.4.10 reflow: at
 * 320 px nothing may need sideways scrolling): the page's scroll width when it exceeds the viewport,
 * and the visible elements that reach beyond it, innermost first, with their right edge.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide in ${width} px)`);
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      // Inside something that scrolls or clips on its own (a table wrapper, a visually hidden text): not the page's overflow.
      let clipped = false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX !== 'visible' && up.getBoundingClientRect().right <= width + 1) {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      if (Array.from(el.children).some((child) => (child as HTMLElement).getBoundingClientRect().right > width + 1)) continue;
      const label = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
      found.push(`${label} "${(el.textContent ?? '').trim().slice(0, 40)}" ends at x=${Math.round(box.right)}`);
    }
    return found;
  });
}
