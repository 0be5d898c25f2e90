/** The frame of a support dashboard screen: the route's title as its heading, and the way back to the dashboard. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routeById, type RouteId } from '@/generated/routes';
import { routeTitle } from '@/domain/translations';
import { message } from '@/domain/messages';
import './support.css';

export function SupportShell({ route, heading, children }: { route: RouteId; heading?: string; children: ReactNode }) {
  return (
    <div className="container stack-lg support">
      {route === 'supportDashboard' ? null : (
        <p>
          <Link to={routeById.supportDashboard.path}>{message('ui.support.back')}</Link>
        </p>
      )}
      <h1>{heading ?? routeTitle(route)}</h1>
      {children}
    </div>
  );
}
