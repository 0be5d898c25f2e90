/**
 * How deeply a JSON text nests arrays and objects, read without parsing it. A body of thousands of
 * nested brackets is small (10 KB) but every recursive walk of it (validation, the plain-input
 * check) overflows the stack: the server measures the raw text with this loop, which keeps no stack,
 * and refuses a body deeper than its limit before anything walks it.
 */

/** The deepest nesting of `[` and `{` in `text` (brackets inside strings do not count), stopping once past `limit`. */
export function jsonNestingDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return deepest;
}
