/**
 * Writing text into HTML (and XML: sitemaps), the one way: every server page, mail, head tag and the islands use
 * these, so no copy forgets a character.
 */

const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Text safe inside an element or a quoted attribute (either quote): & < > " ' become entities. `&#x27;` is valid XML too. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}

/**
 * JSON inside a <script> element (a page's data block): `<` is written as \u003c so no `</script>` or `<!--` can end
 * or bend the element, and U+2028/U+2029 are escaped for readers that take JSON as JavaScript. JSON.parse reads it back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
