/**
 * The check that a screen in Spanish shows no English (issue 22): common English words that no Spanish sentence of
 * the product uses and no seeded name is, looked for in a screen's visible text.
 */
import type { Page } from 'playwright-core';
import { routeById, type RouteId } from '@/generated/routes';
import { localizedPath } from '@/domain/locale';
import { screenHeading } from './front-door';

/**
 * Common English words that no Spanish sentence of the product uses and no seeded name is: written in
 * lower case they must not appear; a few capitalised forms (a heading, a button) are looked for too.
 */
const ENGLISH_WORDS = [
  'the',
  'your',
  'and',
  'with',
  'you',
  'session',
  'sessions',
  'provider',
  'providers',
  'billing',
  'insurance',
  'settings',
  'upcoming',
  'past',
  'account',
  'payment',
  'payments',
  'messages',
  'card',
  'cards',
  'please',
  'book',
  'cancel',
  'receipt',
  'download',
  'here',
  'there',
  'have',
  'will',
  'what',
  'when',
  'from',
  'this',
  'that',
  'our',
  'are',
  'for',
];
const CAPITALISED = ['The', 'Your', 'Upcoming', 'Sessions', 'Billing', 'Insurance', 'Settings', 'Account', 'Messages', 'Payments', 'Book', 'Cancel', 'Sign'];

/** The English words a screen's visible text (header, main, footer) shows, each with a little of its context. */
export async function englishOn(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const found: string[] = [];
  for (const match of text.matchAll(/[\p{L}']+/gu)) {
    const word = match[0];
    if (ENGLISH_WORDS.includes(word) || CAPITALISED.includes(word)) {
      const at = match.index ?? 0;
      found.push(`"${word}" in "…${text.slice(Math.max(0, at - 30), at + word.length + 30).replace(/\s+/g, ' ')}…"`);
    }
  }
  return found;
}

/** Every screen of the list in Spanish, opened under /es/, with the English words each shows. */
export async function englishOnScreens(page: Page, screens: readonly RouteId[]): Promise<string[]> {
  const english: string[] = [];
  for (const id of screens) {
    await page.goto(localizedPath(routeById[id].path, 'es'));
    await screenHeading(page);
    // Lists and details load after the heading: the screen is read once nothing is loading.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .skeleton'));
    for (const found of await englishOn(page)) english.push(`${routeById[id].path}: ${found}`);
  }
  return english;
}
