/**
 * Values no field of the product may hold, whatever its schema says: text with NUL or other
 * control characters (tab, line feed and carriage return are ordinary text), text with a lone
 * UTF-16 surrogate (it cannot be stored or encoded), and numbers that are not finite (Infinity
 * passes "type: integer" and a missing "maximum", then breaks SQL). The server checks every
 * request part with this before its handler runs, so such input is a 400, never a 500.
 */
import type { ValidationIssue } from './field-errors';

// C0 controls except \t \n \r, DEL, and C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isPlainText(text: string): boolean {
  return !CONTROL.test(text) && !LONE_SURROGATE.test(text);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Every value (and object key) of `data` that no field may hold, as validation issues. */
export function unsafeValueIssues(data: unknown, pointer = ''): ValidationIssue[] {
  if (typeof data === 'string') return isPlainText(data) ? [] : [{ keyword: 'x-plainText', pointer, params: {} }];
  if (typeof data === 'number') return Number.isFinite(data) ? [] : [{ keyword: 'x-finite', pointer, params: {} }];
  if (Array.isArray(data)) return data.flatMap((item, i) => unsafeValueIssues(item, `${pointer}/${i}`));
  if (data !== null && typeof data === 'object') {
    return Object.entries(data as Record<string, unknown>).flatMap(([key, value]) => [
      ...(isPlainText(key) ? [] : [{ keyword: 'x-plainText', pointer, params: {} }]),
      ...unsafeValueIssues(value, `${pointer}/${escapePointer(key)}`),
    ]);
  }
  return [];
}
