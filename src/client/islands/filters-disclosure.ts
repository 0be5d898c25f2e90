/**
 * The search's filters as one disclosure (47 of the 63 Tabs to the first "See open times" were
 * filters). The server writes it closed, so a phone, or a browser without a script, shows one "Filters (n active)"
 * line. On a wide screen, where the filters sit in their own column beside the results (nothing moves when they
 * open), it opens at once, unless the person closed it during this visit: a keyboard user who closed it once
 * is not made to Tab through every filter on the next page of results.
 */

/** Where the filters have a column of their own (visitor.css, .search-layout). */
export const WIDE_SCREEN_QUERY = '(min-width: 60rem)';
const CLOSED_KEY = 'provider-search:filters-closed';

function remembered(): string | null {
  try {
    return sessionStorage.getItem(CLOSED_KEY);
  } catch {
    return null;
  }
}

export function openFiltersOnWideScreens(details: HTMLDetailsElement): void {
  const wide = () => window.matchMedia(WIDE_SCREEN_QUERY).matches;
  if (wide() && remembered() !== 'closed') details.open = true;
  details.addEventListener('toggle', () => {
    if (!wide()) return;
    try {
      if (details.open) sessionStorage.removeItem(CLOSED_KEY);
      else sessionStorage.setItem(CLOSED_KEY, 'closed');
    } catch {
      // Storage refused (a private window's quota): the disclosure still opens and closes; it is only not remembered.
    }
  });
}
