/**
 * The crisis rule shared by check-ins, intake and booking: an answer above 0 to PHQ-9
 * item 9 (thoughts of being better off dead or of self-harm), or a crisis word or phrase of
 * constants.crisisWords in free text such as a booking's reason. Words of both languages are looked
 * for whatever the page's language, since people write in the language they think in. Matching is whole
 * words, without case or accents ("Suicidio" and "suicidio" match; "harmless" never matches "harm").
 */
import * as careConstants from '../generated/constants/care';
import { activeLocale, type Locale } from './locale';
import { constantIn } from './translations';

/** Lower case, accents removed, every run of non-letters one space, padded so whole words match with spaces. */
function normalized(text: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return ` ${plain} `;
}

const phrases: readonly string[] = [...careConstants.crisisWords.en, ...careConstants.crisisWords.es].map(normalized);

/** Whether free text holds a crisis word or phrase (either language). */
export function hasCrisisWords(text: string | null | undefined): boolean {
  if (!text) return false;
  const given = normalized(text);
  return phrases.some((p) => given.includes(p));
}

/** PHQ-9 item 9 (the ninth answer) above 0: crisis resources at once, and the alerts. */
export function needsCrisisHelp(phq9: readonly (number | undefined)[]): boolean {
  return (phq9[8] ?? 0) > 0;
}

/**
 * The crisis line's links in a language: 988 by call and by text, and 911. A Spanish text carries the word
 * the line answers in Spanish ("AYUDA", constants.crisisLines.textKeyword), so the reader only presses send.
 */
export function crisisHrefs(locale: Locale = activeLocale()): { call988: string; text988: string; call911: string } {
  const { lifeline, emergency, textKeyword } = constantIn('crisisLines', locale);
  return {
    call988: `tel:${lifeline}`,
    text988: textKeyword ? `sms:${lifeline}?body=${encodeURIComponent(textKeyword)}` : `sms:${lifeline}`,
    call911: `tel:${emergency}`,
  };
}
