/**
 * After a client-side page change, focus goes to the new page's first-level heading, as a full page
 * load would start a screen-reader or keyboard user at the top of the new page (instead of on the
 * body, or on the link that was clicked). A page that put the cursor in a form field keeps it.
 */

/** How long a page may take to draw its heading (a lazy screen loading) before focus is left alone. */
const HEADING_WAIT_MS = 5000;

function isFormField(element: Element | null): boolean {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

/** Focuses the main region's first h1 once it is drawn; answers a function that stops waiting. */
export function focusPageHeading(root: Document = document): () => void {
  const main = root.getElementById('main');
  if (!main) return () => undefined;
  const focusedBefore = root.activeElement;
  const tryFocus = (): boolean => {
    const active = root.activeElement;
    // The person moved the focus while the page was drawing (to the account menu, say): never take it back.
    if (active && active !== focusedBefore && active !== root.body && !main.contains(active)) return true;
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    if (isFormField(active) && main.contains(active)) return true;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}
