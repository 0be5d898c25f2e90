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
import { _, type Code, type KeywordCxt } from 'ajv';
import { makeKeywordRules, stringKeywords, stringKeywordSchemaTypes } from './keyword-rules';

/**
 * The module validators written ahead of time import the rules from: ajv's standalone code names it
 * in a require(...), which the generator (generators/codegen/emit/validators.ts) turns into an import
 * of src/domain/validation/standalone-runtime.ts.
 */
export const STANDALONE_RUNTIME = '@standalone-runtime';

/**
 * Each rule is a code-generating keyword: the compiled validator calls the rule (a plain function
 * from keyword-rules.ts) and fails with the parameters it answered. Compiled in the process, the
 * call goes to the rule on the given clock; written out as standalone code, to the same rule in
 * standalone-runtime.ts, so the browser needs no run-time compilation.
 */
export function registerDomainKeywords(ajv: Ajv, now: () => Date = () => new Date()): void {
  if (ajv.getKeyword('x-messages')) return;
  ajv.addKeyword({ keyword: 'x-messages', schemaType: 'object' });
  ajv.addKeyword({ keyword: 'x-enum', schemaType: 'string' });
  const rules = makeKeywordRules(now);
  for (const keyword of stringKeywords) {
    ajv.addKeyword({
      keyword,
      type: 'string',
      schemaType: stringKeywordSchemaTypes[keyword],
      error: { message: `must pass ${keyword}`, params: ({ params }) => _`${params.result as Code}` },
      code(cxt: KeywordCxt) {
        const { gen, data, schemaCode, it } = cxt;
        const rule = gen.scopeValue('keyword', { key: keyword, ref: rules[keyword], code: _`require(${STANDALONE_RUNTIME}).keywordRules[${keyword}]` });
        const result = gen.const('result', _`${rule}(${schemaCode}, ${data}, ${it.parentData})`);
        cxt.params.result = result;
        cxt.fail(_`${result} !== true`);
      },
    });
  }
}
