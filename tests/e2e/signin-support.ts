/**
 * Helpers of the sign-in and partner browser tests: asking for a link the way the sign-in page
 * does, screenshots, waiting on the test's own state; the mailbox and axe-core helpers re-exported.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { endpointRoutes } from '@/generated/client/api';
import { baseUrl, eventually, sessionAddress } from './harness';
import { latestMail, linkIn, mailMoment } from './mailbox';

/** Asks the API for a magic link (as the sign-in page does when the one-time-code flag is off) and returns its path. */
export async function signInLinkFor(email: string, redirectTo?: string): Promise<string> {
  const since = mailMoment();
  const res = await fetch(`${baseUrl()}/api${endpointRoutes.sendMagicLink.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': sessionAddress() },
    body: JSON.stringify({ email, ...(redirectTo ? { redirectTo } : {}) }),
  });
  if (!res.ok) throw new Error(`send-magic-link answered ${res.status}: ${await res.text()}`);
  return linkIn(await latestMail(email, 'sign-in-link', since));
}

export { wcagViolations } from './a11y';
export { codeIn, latestMail, linkIn, mailMoment, type SentMail } from './mailbox';

/**
 * With E2E_SCREENSHOTS=<folder>, full-page screenshots at phone (390x844) and desktop (1280x900)
 * sizes, for people to look at; the viewport is restored afterwards.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const before = page.viewportSize();
  for (const [label, size] of [
    ['390x844', { width: 390, height: 844 }],
    ['1280x900', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(folder, `${name}-${label}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

/** Waits until the test's own condition holds (state kept in the test, not on the page). */
export async function until(condition: () => boolean): Promise<void> {
  await eventually(
    () => (condition() ? true : undefined),
    () => 'Condition not met',
  );
}
