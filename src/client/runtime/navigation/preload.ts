/**
 * Fetching the code a person is likely to need next while they read the current screen: the next
 * booking step's screen, the confirmation while the payment form is filled in. Started when the browser is
 * idle, so it never competes with the screen being drawn or a tap; a failed fetch is tried again by the
 * import that needs it.
 */
import { screenLoaders } from '@/generated/client/screens';
import { routes, type RouteId } from '@/generated/routes';
import { matchRoute } from '@/domain/route-match';
import { loadRouteMessages } from './route-messages';

/** Runs `work` when the browser is idle (or soon, where it cannot say); returns a cancel for an unmounted screen. */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 1);
  return () => window.clearTimeout(handle);
}

/** Fetches a module's code when the browser is idle; the code is then ready when the import runs. */
export function preloadWhenIdle(load: () => Promise<unknown>): () => void {
  return whenIdle(() => {
    load().catch(() => undefined);
  });
}

/** Fetches a route's screen, and the messages it shows, when the browser is idle. */
export function preloadScreenWhenIdle(route: RouteId): () => void {
  const load = screenLoaders[route];
  return load ? preloadWhenIdle(() => Promise.all([load(), loadRouteMessages(route)])) : () => undefined;
}

/** Fetches the screen of an address in the app ("/app/bookings/user/payment?…") when the browser is idle. */
export function preloadPathWhenIdle(path: string): () => void {
  const match = matchRoute(
    routes.filter((r) => r.registered),
    path.split(/[?#]/)[0] ?? path,
  );
  return match ? preloadScreenWhenIdle(match.route.id) : () => undefined;
}
