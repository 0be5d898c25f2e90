/**
 * Helpers of the sign-in and partner browser tests: the mail the server sent (dev mailbox),
 * asking for a link the way the sign-in page does, axe-core's WCAG 2.1 AA check, screenshots.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { endpointRoutes } from '../../src/generated/client/api';
import { baseUrl, sessionAddress } from './harness';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  at: string;
}

/** The newest mail to this address, sent after `since` (ISO time); the server sends before it answers. */
export async function latestMail(email: string, since = ''): Promise<SentMail> {
  const res = await fetch(`${baseUrl()}/dev/mailbox.json`);
  const { messages } = (await res.json()) as { messages: SentMail[] };
  const mail = messages.find((m) => m.to === email && m.at > since);
  if (!mail) throw new Error(`No mail to ${email} since ${since || 'the start'}.`);
  return mail;
}

export function codeIn(mail: SentMail): string {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`No code in "${mail.subject}".`);
  return code;
}

/** The sign-in link of a mail, as a path of the app (the mail names PUBLIC_URL, which tests do not browse). */
export function linkIn(mail: SentMail): string {
  const link = /https?:\/\/\S+\/login\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error('No sign-in link in the mail.');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Asks the API for a magic link (as the sign-in page does when the one-time-code flag is off) and returns its path. */
export async function signInLinkFor(email: string, redirectTo?: string): Promise<string> {
  const since = new Date(Date.now() - 1000).toISOString();
  const res = await fetch(`${baseUrl()}/api${endpointRoutes.sendMagicLink.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': sessionAddress() },
    body: JSON.stringify({ email, ...(redirectTo ? { redirectTo } : {}) }),
  });
  if (!res.ok) throw new Error(`send-magic-link answered ${res.status}: ${await res.text()}`);
  return linkIn(await latestMail(email, since));
}

export { wcagViolations } from './a11y';

/**
 * With E2E_SCREENSHOTS=<folder>, full-page screenshots at phone (390x844) and desktop (1280x900)
 * sizes, for people to look at; the viewport is restored afterwards.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const before = page.viewportSize();
  for (const [label, size] of [['390x844', { width: 390, height: 844 }], ['1280x900', { width: 1280, height: 900 }]] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(folder, `${name}-${label}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

/** Waits until the test's own condition holds (state kept in the test, not on the page). */
export async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Condition not met within ${timeoutMs} ms.`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
