/**
 * Display helpers the screens share: lists, state names, people's names and enumeration labels. Dates,
 * times and money are formatted in src/domain (date-format.ts, money.ts).
 */
import { constants } from '@/generated/constants';
import { activeLocale, intlLocale } from '@/domain/locale';

export { fullName } from '@/domain/names';
export { enumLabel } from '@/domain/labels';

/** "OH, PA and TX" */
export function formatList(items: readonly string[], locale: string = activeLocale()): string {
  return new Intl.ListFormat(intlLocale(locale), { style: 'long', type: 'conjunction' }).format(items);
}

/** "Ohio" for "OH" (constants.usStates); the code itself when unknown. */
export function stateName(code: string): string {
  const upper = code.toUpperCase();
  return constants.usStates.find((s) => s.code === upper)?.name ?? upper;
}
