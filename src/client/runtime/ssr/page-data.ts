/**
 * State a server-rendered page carries for hydration, as JSON data blocks
 * (`<script type="application/json" id="…">`): data, not code, so the Content-Security-Policy needs
 * no per-answer nonce for them and the same page can be cached and served to everyone (plugins/client.ts).
 */
/** flags: the server's flag decisions for this visitor (src/domain/flags.ts PageFlags), written per request into app pages. */
export const PAGE_DATA_IDS = { state: 'app-state', queries: 'query-state', flags: 'flag-state' } as const;

/** The parsed block, once: it is removed after reading so a later render does not hydrate stale data. */
export function takePageData<T>(id: (typeof PAGE_DATA_IDS)[keyof typeof PAGE_DATA_IDS]): T | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(id);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent) as T;
  } catch {
    return undefined;
  }
}
