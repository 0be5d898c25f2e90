/**
 * The rules behind the product's validation keywords (src/domain/validation/keywords.ts), as plain
 * functions: each takes the keyword's value in the schema, the string being checked and the object
 * holding it, and answers true when the rule holds or the parameters its message may show.
 *
 * They are plain functions so the same rule runs in validators ajv compiles on the server and in the
 * validators written ahead of time for the browser (src/generated/validators/, which import them
 * through src/domain/validation/standalone-runtime.ts), where nothing may be compiled at run time.
 */
import { addDaysIso, addYears, formatUsDate, isIsoDate, todayIso } from '../dates';
import { safeReturnPath } from '../return-to';

export type KeywordParams = Record<string, string | number>;
export type KeywordRule = (schemaValue: unknown, data: string, parentData: unknown) => true | KeywordParams;

export const stringKeywords = ['x-notBlank', 'x-pastDate', 'x-maxAgeYears', 'x-minAgeYears', 'x-notBefore', 'x-sameSitePath', 'x-notBeforeField'] as const;
export type StringKeyword = (typeof stringKeywords)[number];

export const stringKeywordSchemaTypes: Readonly<Record<StringKeyword, 'boolean' | 'number' | 'string'>> = {
  'x-notBlank': 'boolean',
  'x-pastDate': 'boolean',
  'x-maxAgeYears': 'number',
  'x-minAgeYears': 'number',
  'x-notBefore': 'string',
  'x-sameSitePath': 'boolean',
  'x-notBeforeField': 'string',
};

/** "Today" is the calendar day of `now()` in the product's zone (src/domain/dates.ts todayIso). */
export function makeKeywordRules(now: () => Date = () => new Date()): Readonly<Record<StringKeyword, KeywordRule>> {
  const today = () => todayIso(now());
  return {
    'x-notBlank': (enabled, data) => (!enabled || data.trim().length > 0 ? true : {}),
    'x-pastDate': (enabled, data) => (!enabled || !isIsoDate(data) || data < today() ? true : {}),
    'x-maxAgeYears': (years, data) => {
      if (!isIsoDate(data)) return true;
      const earliest = addYears(today(), -(years as number));
      return data >= earliest ? true : { date: formatUsDate(earliest), limit: years as number };
    },
    'x-minAgeYears': (years, data) => {
      if (!isIsoDate(data)) return true;
      return data <= addYears(today(), -(years as number)) ? true : { limit: years as number };
    },
    'x-notBefore': (day, data) => {
      if (!isIsoDate(data)) return true;
      const todayDate = today();
      const yesterday = addDaysIso(todayDate, -1);
      const ok = day === 'yesterday' ? data > yesterday : data >= todayDate;
      return ok ? true : { yesterday: formatUsDate(yesterday), today: formatUsDate(todayDate) };
    },
    'x-sameSitePath': (enabled, data) => (!enabled || safeReturnPath(data, '') === data ? true : {}),
    'x-notBeforeField': (field, data, parent) => {
      const other = (parent as Record<string, unknown> | undefined)?.[field as string];
      if (!isIsoDate(data) || typeof other !== 'string' || !isIsoDate(other)) return true;
      return data >= other ? true : { field: field as string };
    },
  };
}
