/**
 * The frame of every patient dashboard screen: the six sections of product-spec §2 and sign-out
 * (rows of tabs that wrap on phones, a side list on wide screens), then the screen's title from
 * specs/routes.yaml (or its own heading).
 */
import { useEffect, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { routeById, type RouteId } from '@/generated/routes';
import siteSpec from '@/generated/content/site';
import { message, messageTemplate } from '@/domain/messages';
import { useAppDispatch } from '@/client/store/hooks';
import { logoutRequested } from '@/client/store/auth/slice';
import { useListPatientThreadsQuery } from '@/generated/client/hooks';
import './portal.css';
import { liveDocument, routeTitle } from '@/domain/translations';

const site = liveDocument('content', siteSpec);

type NavLabel = `ui.patient.nav.${'home' | 'sessions' | 'messages' | 'billing' | 'insuranceCards' | 'account' | 'fireside'}`;

export const portalSections: readonly { route: RouteId; label: NavLabel }[] = [
  { route: 'patientHome', label: 'ui.patient.nav.home' },
  { route: 'patientSessions', label: 'ui.patient.nav.sessions' },
  { route: 'patientMessages', label: 'ui.patient.nav.messages' },
  { route: 'patientBilling', label: 'ui.patient.nav.billing' },
  { route: 'patientInsuranceCards', label: 'ui.patient.nav.insuranceCards' },
  { route: 'patientAccount', label: 'ui.patient.nav.account' },
  { route: 'patientFireside', label: 'ui.patient.nav.fireside' },
];

export interface PortalShellProps {
  /** the screen's route: its title heads the page and names the browser tab */
  route: RouteId;
  /** a heading other than the route's title (e.g. the greeting on home) */
  heading?: string;
  /** links or buttons beside the heading */
  actions?: ReactNode;
  children: ReactNode;
}

/** How many clinicians' messages wait unread, beside Messages; nothing while unknown or when none wait. */
function UnreadBadge() {
  const threads = useListPatientThreadsQuery({ retry: false });
  const unread = threads.data?.unread ?? 0;
  return unread ? <span className="unread-badge">{message('ui.messages.unreadBadge', { count: String(unread) })}</span> : null;
}

export function PortalShell({ route, heading, actions, children }: PortalShellProps) {
  const dispatch = useAppDispatch();
  const title = routeTitle(route);

  useEffect(() => {
    document.title = `${title} · ${site.brand.name}`;
  }, [title]);

  return (
    <div className="portal container">
      <nav className="portal__nav" aria-label={message('ui.patient.navLabel')}>
        <ul>
          {portalSections.map((s) => (
            <li key={s.route}>
              <NavLink to={routeById[s.route].path} className="portal__tab" end={s.route === 'patientHome'}>
                {messageTemplate(s.label)}
                {s.route === 'patientMessages' ? <UnreadBadge /> : null}
              </NavLink>
            </li>
          ))}
          <li className="portal__nav-end">
            <button type="button" className="portal__tab portal__signout" onClick={() => dispatch(logoutRequested())}>
              {message('ui.patient.signOut')}
            </button>
          </li>
        </ul>
      </nav>
      <div className="portal__body">
        <header className="portal__head">
          <h1>{heading ?? title}</h1>
          {actions ? <div className="cluster">{actions}</div> : null}
        </header>
        {children}
      </div>
    </div>
  );
}
