/**
 * Validation keywords the product needs beyond JSON Schema. They live here, not in the form
 * library or in Fastify, so the same rule rejects the same input everywhere.
 *
 * - x-messages: annotation only; maps a failing keyword to a message key (specs/messages.yaml).
 * - x-enum: annotation only; the enumeration (specs/enums.yaml) whose values the generator copied in.
 * - x-notBlank: a string must hold something other than white space.
 * - x-pastDate: a date must be strictly before today.
 * - x-maxAgeYears: a birth date no more than N years back; error params carry {date}.
 * - x-minAgeYears: a birth date at least N years back (e.g. "cannot be a minor").
 * - x-notBefore: "today" | "yesterday": a date after yesterday (today or later); params carry {yesterday}.
 * - x-notBeforeField: a date on or after a sibling field's date.
 * - x-sameSitePath: a path of this site (a redirect target); "//evil.example/x" fails.
 *
 * "Today" is the calendar day of `now()` in the product's zone (src/domain/dates.ts todayIso); the
 * server passes its clock (src/server/clock.ts) so a fixed or moved clock decides these rules too.
 */
import type Ajv from 'ajv';
import type { SchemaValidateFunction } from 'ajv';
import { addDaysIso, addYears, formatUsDate, isIsoDate, todayIso } from '../dates';
import { safeReturnPath } from '../return-to';

type ErrorParams = Record<string, string | number>;

/** A rule on a string value: true when it holds, else the parameters its message may show. */
type Rule<S> = (schemaValue: S, data: string, parentData: Record<string, unknown> | undefined) => true | ErrorParams;

function addStringKeyword<S>(ajv: Ajv, keyword: string, schemaType: 'boolean' | 'number' | 'string', rule: Rule<S>): void {
  const validate: SchemaValidateFunction = (schemaValue, data, _parentSchema, cxt) => {
    const result = rule(schemaValue as S, data as string, cxt?.parentData as Record<string, unknown> | undefined);
    if (result === true) {
      validate.errors = undefined;
      return true;
    }
    validate.errors = [{ keyword, params: result, message: `must pass ${keyword}` }];
    return false;
  };
  ajv.addKeyword({ keyword, type: 'string', schemaType, errors: true, validate });
}

export function registerDomainKeywords(ajv: Ajv, now: () => Date = () => new Date()): void {
  const today = () => todayIso(now());
  if (ajv.getKeyword('x-messages')) return;
  ajv.addKeyword({ keyword: 'x-messages', schemaType: 'object' });
  ajv.addKeyword({ keyword: 'x-enum', schemaType: 'string' });

  addStringKeyword<boolean>(ajv, 'x-notBlank', 'boolean', (enabled, data) => (!enabled || data.trim().length > 0 ? true : {}));

  addStringKeyword<boolean>(ajv, 'x-pastDate', 'boolean', (enabled, data) => (!enabled || !isIsoDate(data) || data < today() ? true : {}));

  addStringKeyword<number>(ajv, 'x-maxAgeYears', 'number', (years, data) => {
    if (!isIsoDate(data)) return true;
    const earliest = addYears(today(), -years);
    return data >= earliest ? true : { date: formatUsDate(earliest), limit: years };
  });

  addStringKeyword<number>(ajv, 'x-minAgeYears', 'number', (years, data) => {
    if (!isIsoDate(data)) return true;
    return data <= addYears(today(), -years) ? true : { limit: years };
  });

  addStringKeyword<string>(ajv, 'x-notBefore', 'string', (day, data) => {
    if (!isIsoDate(data)) return true;
    const todayDate = today();
    const yesterday = addDaysIso(todayDate, -1);
    const ok = day === 'yesterday' ? data > yesterday : data >= todayDate;
    return ok ? true : { yesterday: formatUsDate(yesterday), today: formatUsDate(todayDate) };
  });

  addStringKeyword<boolean>(ajv, 'x-sameSitePath', 'boolean', (enabled, data) => (!enabled || safeReturnPath(data, '') === data ? true : {}));

  addStringKeyword<string>(ajv, 'x-notBeforeField', 'string', (field, data, parent) => {
    const other = parent?.[field];
    if (!isIsoDate(data) || typeof other !== 'string' || !isIsoDate(other)) return true;
    return data >= other ? true : { field };
  });
}
