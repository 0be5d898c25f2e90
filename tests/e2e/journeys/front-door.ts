/**
 * The front door of the journeys: a person opens the home page, follows "Sign in", types their
 * e-mail address and the one-time code the dev mailbox received, and nothing else. Helpers here
 * only click and type; they never open a URL inside a flow.
 */
import type { Page } from 'playwright-core';
import oneTimeCodeForm from '@/generated/forms/one-time-code';
import system from '@/generated/content/system';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { codeIn, latestMail, mailMoment } from '../mailbox';

/** Every path (with its query) the page's main frame showed from now on: a journey may pass through a page that moves on. */
export function visitedPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    paths.push(`${url.pathname}${url.search}`);
  });
  return paths;
}

/** The home page, then the header's "Sign in": the sign-in page, with the flags known. */
export async function openSignInFromHome(page: Page): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('link', { name: message('ui.account.signIn') })
    .click();
  await page.getByRole('heading', { level: 1, name: message('ui.login.heading') }).waitFor();
  await page.waitForFunction(() => document.documentElement.dataset.flags === 'ready');
}

/** On the sign-in page: asks for a one-time code, reads it from the mailbox and types it. Ends once the code page is left. */
export async function signInWithMailedCode(page: Page, email: string): Promise<void> {
  const since = mailMoment();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: message('ui.login.sendCode') }).click();
  await page.waitForURL(`**${routeById.verifyOtp.path}`);
  const code = codeIn(await latestMail(email, 'sign-in-code', since));
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: oneTimeCodeForm.submitLabel }).click();
  await page.waitForURL((url) => url.pathname !== routeById.verifyOtp.path);
}

/** Home page → "Sign in" → e-mailed code. */
export async function signInFromHome(page: Page, email: string): Promise<void> {
  await openSignInFromHome(page);
  await signInWithMailedCode(page, email);
}

/** Headings of the sign-in pages a journey passes through on its way to a screen. */
const signInHeadings = [message('ui.login.heading'), message('ui.verifyOtp.heading'), routeById.magicLinkLogin.title, message('ui.magicLink.signingIn')];

/**
 * The screen's own first-level heading in the main region, once the sign-in pages' headings are
 * gone (the address changes before the next screen draws); the not-found page fails the journey.
 */
export async function screenHeading(page: Page, timeoutMs = 20_000): Promise<string> {
  const heading = page.getByRole('main').getByRole('heading', { level: 1 }).first();
  const started = Date.now();
  for (;;) {
    await heading.waitFor({ timeout: timeoutMs });
    const text = (await heading.textContent().catch(() => ''))?.trim() ?? '';
    if (text === system.notFound.heading) throw new Error(`Landed on the not-found page at ${page.url()}`);
    if (text && !signInHeadings.includes(text)) return text;
    if (Date.now() - started > timeoutMs) throw new Error(`Still on "${text}" at ${page.url()}`);
    await page.waitForTimeout(100);
  }
}
