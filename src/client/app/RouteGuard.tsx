/**
 * Opens a route only for who may see it (specs/routes.yaml access) and while its flag is on.
 * Until auth or the flag is known a skeleton holds the place, so the screen's code (e.g. staff
 * areas) is not even downloaded for someone who may not open it.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { RouteDefinition } from '@/generated/types';
import { routeById, type RouteId } from '@/generated/routes';
import { PageSkeleton } from '../ui/Skeleton';
import { useAppSelector } from '../store/hooks';
import { selectAuth } from '../store/auth/slice';
import { selectFlagOn, selectFlagStatus } from '../store/flags/slice';
import { routeDecision } from '@/domain/permissions';
import { postLoginPath } from '@/domain/roles';
import { titleOfRoute } from '@/domain/translations';
import { isFlagName, trafficOf } from '../runtime/flags/treatment';
import { destinationPaths, loginPath, loginPathReturningTo } from '../runtime/navigation/places';

/** While the flag is off the route is closed: it sends people to the route the spec names (e.g. maintenance), else not found. */
function FlagGate({ flag, offRoute, children }: { flag: string; offRoute?: string; children: ReactNode }) {
  const known = isFlagName(flag);
  const status = useAppSelector((s) => (known ? selectFlagStatus(trafficOf(flag))(s) : 'ready'));
  const on = useAppSelector((s) => (known ? selectFlagOn(flag)(s) : false));
  // Once the screen is open, flags asked for again (the same person's, when who is signed in is
  // confirmed) keep it open meanwhile: swapping it for a skeleton would drop what was typed into it.
  const [opened, setOpened] = useState(false);
  if (status !== 'waiting' && opened !== on) setOpened(on);
  if (status === 'waiting') return opened ? children : <PageSkeleton />;
  if (on) return children;
  const closed = (offRoute && routeById[offRoute as RouteId]) || routeById.notFound;
  return <Navigate to={closed.path} replace />;
}

export function RouteGuard({ route, children }: { route: RouteDefinition; children: ReactNode }) {
  const auth = useAppSelector(selectAuth);
  const location = useLocation();
  useEffect(() => {
    // Client-side navigation keeps the tab's title in step with the screen (server pages render it).
    document.title = titleOfRoute(route);
  }, [route]);
  const decision = routeDecision(route.access, auth.status, auth.permissions);
  if (decision === 'wait') return <PageSkeleton />;
  // After signing out, plain sign-in: the next person is not sent back to the last one's page.
  if (decision === 'sign-in') return <Navigate to={auth.signedOut ? loginPath : loginPathReturningTo(`${location.pathname}${location.search}`)} replace />;
  if (decision === 'signed-in-already') return <Navigate to={postLoginPath(auth.permissions, destinationPaths)} replace />;
  if (decision === 'forbidden') return <Navigate to={routeById.notFound.path} replace />;
  return route.flag ? (
    <FlagGate flag={route.flag} offRoute={route.flagOffRoute}>
      {children}
    </FlagGate>
  ) : (
    children
  );
}
