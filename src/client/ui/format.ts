/**
 * Display helpers the screens share: lists, state names, people's names and enumeration labels. Dates,
 * times and money are formatted in src/domain (date-format.ts, money.ts).
 */
import { activeLocale, intlLocale } from '@/domain/locale';
import { constantIn } from '@/domain/translations';

export { fullName } from '@/domain/names';
export { enumLabel } from '@/domain/labels';

/** "OH, PA and TX" */
export function formatList(items: readonly string[], locale: string = activeLocale()): string {
  return new Intl.ListFormat(intlLocale(locale), { style: 'long', type: 'conjunction' }).format(items);
}

/** "Nueva York" for "NY" in Spanish (constants.usStates in the reader's language); the code itself when unknown. */
export function stateName(code: string): string {
  const upper = code.toUpperCase();
  return constantIn('usStates').find((s) => s.code === upper)?.name ?? upper;
}

/** Every state as a dropdown's choices, named in the reader's language. */
export function stateChoices(): { value: string; label: string }[] {
  return constantIn('usStates').map((s) => ({ value: s.code, label: s.name }));
}
