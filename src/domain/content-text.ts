/**
 * Page copy placeholders: content files (specs/content) write {{name}}; the page fills them. A
 * placeholder without a value stays visible, so the gap is noticed rather than silently dropped.
 */
export type ContentValues = Readonly<Record<string, string | number | undefined>>;

export function fillContent(template: string, values: ContentValues = {}): string {
  return template.replace(/\{\{\s*([a-zA-Z][a-zA-Z0-9]*)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/** Every string of a content tree with its placeholders filled (for FAQ entries, landing sections). */
export function fillContentTree<T>(node: T, values: ContentValues): T {
  if (typeof node === 'string') return fillContent(node, values) as T;
  if (Array.isArray(node)) return node.map((n: unknown) => fillContentTree(n, values)) as T;
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, fillContentTree(v, values)])) as T;
  }
  return node;
}
