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
