/**
 * The islands script of document pages (render: document in specs/routes.yaml): home, hubs, state,
 * city and specialty pages, provider profiles, provider search with a place, and the sign-in page. The server renders the whole page; this script
 * (no React, no store, no sagas, no form library, validator or time-zone database) wakes the few
 * widgets that need code, each found by its data-island attribute. Everything else (links, the
 * search form, open times as links into booking, the times' filters and paging) works as plain HTML.
 */
import { account } from './account';
import { carousel } from './carousel';
import { ISLAND_ATTRIBUTE, type IslandName } from './names';
import { providerSearch } from './provider-search';
import { searchEntry } from './search-entry';
import { signIn } from './sign-in';

const islands: Record<IslandName, (element: HTMLElement) => void | Promise<void>> = {
  carousel,
  'search-entry': (element) => searchEntry(element as HTMLFormElement),
  account: (element) => account(element as HTMLAnchorElement),
  'provider-search': providerSearch,
  'sign-in': signIn,
};

for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
  const start = islands[element.getAttribute(ISLAND_ATTRIBUTE) as IslandName];
  if (start) void start(element);
}
