/**
 * The check that a screen in Spanish shows no English (issue 22): common English words that no Spanish sentence of
 * the product uses and no seeded name is, looked for in a screen's visible text.
 */
import type { Page } from 'playwright-core';
import { routeById, type RouteId } from '@/generated/routes';
import { localizedPath } from '@/domain/locale';
import { screenHeading } from './front-door';

/**
 * Common English words that no Spanish sentence of the product uses and no seeded name is, looked for in any case
 * (a sentence's start, a heading, a button).
 */
const ENGLISH_WORDS = new Set([
  'the',
  'your',
  'and',
  'with',
  'you',
  'session',
  'sessions',
  'provider',
  'providers',
  'therapists',
  'appointment',
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
  'sign',
  'search',
  'find',
  'available',
  'near',
  'times',
  'next',
  'more',
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
]);

/**
 * What a screen shows that is not the product's copy, left out of the check: the elements of a CSS selector (people's
 * names, what a provider wrote about themselves, in the language they wrote it) and texts (the brand's name).
 */
export interface NotCopy {
  elements?: string;
  texts?: readonly string[];
}

/** The English words a screen's visible text (header, main, footer) shows, each with a little of its context. */
export async function englishOn(page: Page, notCopy: NotCopy = {}): Promise<string[]> {
  const text = await page.evaluate(
    ({ elements, texts }) => {
      // innerText is the text as shown; what is not copy is taken out by its own shown text, the page left as it is.
      let shown = document.body.innerText;
      const left = [...(elements ? [...document.querySelectorAll<HTMLElement>(elements)].map((e) => e.innerText) : []), ...texts];
      for (const out of left) if (out.trim()) shown = shown.split(out).join('\n');
      return shown;
    },
    { elements: notCopy.elements, texts: [...(notCopy.texts ?? [])] },
  );
  const found: string[] = [];
  for (const match of text.matchAll(/[\p{L}']+/gu)) {
    const word = match[0];
    if (ENGLISH_WORDS.has(word.toLowerCase())) {
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
