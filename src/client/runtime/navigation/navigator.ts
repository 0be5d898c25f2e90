/**
 * Navigation for code outside React (sagas, the API transport): the router registers its
 * navigate function here when it mounts; before that, the browser's own navigation is used.
 */
export type Navigate = (path: string, options?: { replace?: boolean }) => void;

let current: Navigate | undefined;

export function registerNavigator(navigate: Navigate | undefined): void {
  current = navigate;
}

export const navigateTo: Navigate = (path, options) => {
  if (current) current(path, options);
  else if (options?.replace) window.location.replace(path);
  else window.location.assign(path);
};
