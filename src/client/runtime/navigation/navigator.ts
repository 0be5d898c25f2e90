/**
 * Navigation for code outside React (sagas, the API transport): the router registers its
 * navigate function here when it mounts; before that, the browser's own navigation is used.
 */
import { activeLocale, localizedPath, type Locale } from '@/domain/locale';

export type Navigate = (path: string, options?: { replace?: boolean }) => void;

let current: Navigate | undefined;

export function registerNavigator(navigate: Navigate | undefined): void {
  current = navigate;
}

export const navigateTo: Navigate = (path, options) => {
  if (current) current(path, options);
  // The router is not there yet: the browser goes, keeping the page's language prefix.
  else if (options?.replace) window.location.replace(localizedPath(path, activeLocale()));
  else window.location.assign(localizedPath(path, activeLocale()));
};

/** Opens a page of the app (a path below the language prefix, with its query) in another language: a full load. */
export function openInLanguage(path: string, locale: Locale): void {
  const at = path.search(/[?#]/);
  const [bare, rest] = at === -1 ? [path, ''] : [path.slice(0, at), path.slice(at)];
  window.location.replace(`${localizedPath(bare, locale)}${rest}`);
}
