/**
 * The check that a screen in Spanish shows no English: common English words that no Spanish sentence of
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
 * The words of forms in English ("First name", "Address line 1 (optional)", "State: Choose…", "Zip code"), looked
 * for, with the words above, in what a form shows: none is a Spanish word or a seeded name.
 */
const FORM_ENGLISH_WORDS = new Set([
  'first',
  'last',
  'name',
  'email',
  'address',
  'line',
  'city',
  'state',
  'zip',
  'code',
  'optional',
  'choose',
  'select',
  'enter',
  'phone',
  'number',
  'birth',
  'gender',
  'relationship',
  'country',
  'member',
  'reason',
  'effective',
  'expiration',
  'information',
  'description',
  'required',
  'invalid',
  'must',
]);

/** Every English word of a list of texts, with its text. */
function englishWordsIn(texts: readonly string[], words: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const text of texts)
    for (const match of text.matchAll(/[\p{L}']+/gu))
      if (words.has(match[0].toLowerCase())) found.push(`"${match[0]}" in "${text.replace(/\s+/g, ' ').trim()}"`);
  return found;
}

/**
 * The English words the forms of a page show, read from the rendered page (not from the specs): each field's label,
 * placeholder and accessible name, the options of its drop-downs, group legends, and the hints and errors shown. Call
 * it once the form is shown, and again after an empty submit for its errors.
 */
export async function englishInForms(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    // A proper name the page marks translate="no" (a provider, a practice) is not copy.
    const shown = (e: Element) => ((e as HTMLElement).offsetParent !== null || e.tagName === 'OPTION') && !e.closest('[translate="no"]');
    const out: string[] = [];
    for (const form of document.querySelectorAll('form')) {
      for (const e of form.querySelectorAll('label, legend, option, .field__hint, .field__error, [role="alert"]'))
        if (shown(e)) out.push((e as HTMLElement).innerText || e.textContent || '');
      for (const e of form.querySelectorAll<HTMLInputElement>('input, select, textarea')) {
        if (e.type === 'hidden' || !shown(e)) continue;
        if (e.placeholder) out.push(e.placeholder);
        const named = e.getAttribute('aria-label');
        if (named) out.push(named);
      }
    }
    return out.filter((t) => t.trim());
  });
  return englishWordsIn(texts, new Set([...ENGLISH_WORDS, ...FORM_ENGLISH_WORDS]));
}

/**
 * What a screen shows that is not the product's copy, left out of the check besides the proper names the page itself
 * marks translate="no" (people's and practices' names, src/client/ui/Name.tsx): the elements of a CSS selector (what
 * a provider wrote about themselves, in the language they wrote it) and texts.
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
      const names = [...document.querySelectorAll<HTMLElement>('[translate="no"]')].map((e) => e.innerText);
      const left = [...names, ...(elements ? [...document.querySelectorAll<HTMLElement>(elements)].map((e) => e.innerText) : []), ...texts];
      // Longest first: a name inside a longer text left out (a provider's about text names them) must not break it up.
      for (const out of left.sort((a, b) => b.length - a.length)) if (out.trim()) shown = shown.split(out).join('\n');
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

/** Every screen of the list in Spanish, opened under /es/, with the English words each shows (its forms' words too). */
export async function englishOnScreens(page: Page, screens: readonly RouteId[]): Promise<string[]> {
  const english: string[] = [];
  for (const id of screens) {
    await page.goto(localizedPath(routeById[id].path, 'es'));
    await screenHeading(page);
    // Lists and details load after the heading: the screen is read once nothing is loading.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .skeleton'));
    for (const found of [...(await englishOn(page)), ...(await englishInForms(page))]) english.push(`${routeById[id].path}: ${found}`);
  }
  return english;
}
