/**
 * The router, built from specs/routes.yaml: every registered route (its screen exists) gets a
 * lazily loaded screen, so a visitor downloads only the code of the page they open. A fragment
 * (render: fragment) is a piece of a document page that only the server serves: not a page here.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { routeById, routes, type RouteId } from '@/generated/routes';
import { screenLoaders } from '@/generated/client/screens';
import { PageSkeleton } from '../ui/Skeleton';
import { RouteGuard } from './RouteGuard';
import { loaderOf } from '../runtime/ssr/route-data';
import { loadRouteMessages } from '../runtime/navigation/route-messages';

const lazyScreens = new Map<RouteId, LazyExoticComponent<ComponentType>>();
for (const [id, load] of Object.entries(screenLoaders) as [RouteId, () => Promise<{ default: ComponentType }>][]) {
  // Client-rendered screens fetch data, and so do server-rendered screens that load data
  // (loadData): they come with the query frame; public pages without data do not need it.
  const clientRendered = routeById[id].render === 'client';
  lazyScreens.set(
    id,
    lazy(async () => {
      // The screen's messages in the page's language arrive with its code.
      const messages = loadRouteMessages(id);
      if (!clientRendered) {
        const [module] = await Promise.all([load(), messages]);
        if (!loaderOf(module)) return module;
      }
      const [{ default: Screen }, { QueryFrame }] = await Promise.all([load(), import('./QueryFrame'), messages]);
      return {
        default: function FramedScreen() {
          return (
            <QueryFrame>
              <Screen />
            </QueryFrame>
          );
        },
      };
    }),
  );
}

const NotFound = lazyScreens.get('notFound');

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Routes>
        {routes
          .filter((r) => r.registered && r.render !== 'fragment')
          .map((r) => {
            const Screen = lazyScreens.get(r.id)!;
            return (
              <Route
                key={r.id}
                path={r.path}
                element={
                  <RouteGuard route={r}>
                    <Screen />
                  </RouteGuard>
                }
              />
            );
          })}
        {NotFound ? <Route path="*" element={<NotFound />} /> : null}
      </Routes>
    </Suspense>
  );
}

/** Loads the screen of a path before hydration, so server-rendered HTML is reused without a flash. */
export async function preloadScreen(routeId: RouteId | undefined): Promise<void> {
  const load = routeId ? screenLoaders[routeId] : undefined;
  if (!load) return;
  const [module] = await Promise.all([load(), loadRouteMessages(routeId)]);
  if (loaderOf(module)) await import('./QueryFrame');
}
