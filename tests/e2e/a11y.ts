/**
 * Accessibility checks in the browser: axe-core (the package's own build, injected into the page)
 * against WCAG 2.2 A and AA (with 2.0 and 2.1's), and our own target-size check (2.5.8). Each returns the
 * violations, one line each, so a failing test names them.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's WCAG 2.0/2.1/2.2 A and AA rules on the page as it is now (or on the part `within` selects); violations by rule and element. */
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
    { tags: WCAG_22_AA, within: options.within },
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

/**
 * Pointer targets smaller than 24 × 24 CSS px that the spacing exception does not excuse (WCAG 2.2 2.5.8,
 * target size minimum), on the page as it is now: every visible link, button, form control, summary and
 * element with a button-like role. The criterion's exceptions, as the Understanding document states them:
 * - spacing: an undersized target passes when a 24 px circle on the centre of its box meets no other
 *   target's box and no other undersized target's circle (centres at least 24 px apart);
 * - inline: a link inside a sentence (drawn inline, in a block with other text);
 * - user agent: a native checkbox or radio whose label is clickable too is left at its default size only
 *   when its label is a target of 24 px or more (the label counts as the target);
 * - hidden: nothing outside the viewport's layout (no box) or visually hidden.
 * Returns "<what> "<name>" is W×H px, N px from <other>" per failing target.
 */
export async function smallTargets(page: Page, options: { within?: string } = {}): Promise<string[]> {
  return page.evaluate((within) => {
    const MIN = 24;
    const root = (within ? document.querySelector(within) : null) ?? document.body;
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="tab"], [role="switch"]';
    const describe = (el: Element) => {
      const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.getAttribute('value') ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const kind = el.getAttribute('type') ?? el.getAttribute('name') ?? el.closest('[id]')?.id ?? '';
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${kind ? `[${kind}]` : ''} "${name}"`;
    };
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    /** A link inside running text: inline, and its block holds other words. */
    const inline = (el: Element) => {
      if (
        el.tagName !== 'A' ||
        !getComputedStyle(el).display.startsWith('inline') ||
        getComputedStyle(el).display === 'inline-flex' ||
        getComputedStyle(el).display === 'inline-block'
      )
        return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      if (!block) return false;
      const own = (el.textContent ?? '').trim().length;
      return (block.textContent ?? '').trim().length > own;
    };
    /** A native checkbox or radio with a label of its own: the label is the target (clicking it checks the box). */
    const labelledBox = (el: Element) => {
      if (!(el instanceof HTMLInputElement) || (el.type !== 'checkbox' && el.type !== 'radio')) return null;
      const label = el.labels?.[0];
      return label && visible(label) ? label : null;
    };
    const targets = Array.from(root.querySelectorAll(selector))
      .filter(visible)
      .filter((el) => !el.closest('[aria-hidden="true"], [inert]'))
      .map((el) => {
        const label = labelledBox(el);
        const own = el.getBoundingClientRect();
        const box = label ? label.getBoundingClientRect() : own;
        // A control and its label count as one target: its box is the union of the two.
        const rect = label
          ? {
              left: Math.min(own.left, box.left),
              top: Math.min(own.top, box.top),
              right: Math.max(own.right, box.right),
              bottom: Math.max(own.bottom, box.bottom),
            }
          : { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
        return { el, rect, width: rect.right - rect.left, height: rect.bottom - rect.top, inline: inline(el), label };
      })
      // A label that is itself a target twice over (a control inside its label) is counted once.
      .filter((t, i, all) => !all.some((o, j) => j < i && o.label && o.label === t.label));
    const centre = (r: { left: number; top: number; right: number; bottom: number }) => ({ x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 });
    const distanceToBox = (p: { x: number; y: number }, r: { left: number; top: number; right: number; bottom: number }) =>
      Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
    const found: string[] = [];
    for (const t of targets) {
      if (t.inline || (t.width >= MIN - 0.5 && t.height >= MIN - 0.5)) continue;
      const c = centre(t.rect);
      let nearest: { gap: number; other: Element } | undefined;
      for (const o of targets) {
        if (o === t || o.el.contains(t.el) || t.el.contains(o.el)) continue;
        const small = !o.inline && (o.width < MIN - 0.5 || o.height < MIN - 0.5);
        // Against a target of full size: its box must stay outside the circle. Against an undersized one: the two circles must not overlap.
        const gap = small ? Math.hypot(c.x - centre(o.rect).x, c.y - centre(o.rect).y) - MIN : distanceToBox(c, o.rect) - MIN / 2;
        if (gap < -0.5 && (!nearest || gap < nearest.gap)) nearest = { gap, other: o.el };
      }
      if (nearest) found.push(`${describe(t.el)} is ${Math.round(t.width)}×${Math.round(t.height)} px, too close to ${describe(nearest.other)}`);
    }
    return found;
  }, options.within);
}
