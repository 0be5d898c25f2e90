/**
 * What the validators written ahead of time (src/generated/validators/, by `npm run generate`) call
 * at run time: the product's keyword rules on the device's clock, the string formats, and the
 * helpers ajv's generated code otherwise takes from ajv itself. The browser validates forms with
 * those validators, so it never compiles code (no eval, no new Function: the CSP forbids both).
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { makeKeywordRules } from './keyword-rules';

export const keywordRules = makeKeywordRules();

export const formats = fullFormats;

/** Length of a string in Unicode code points (what JSON Schema's minLength/maxLength count), like ajv's. */
export function ucs2length(str: string): number {
  let length = 0;
  for (const _ of str) length++;
  return length;
}
