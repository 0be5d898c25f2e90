/** The care area's own navigation: its served views a clinician opens, the current one marked. */
import { NavLink } from 'react-router';
import { messages } from '../../../generated/messages';
import { routeById, type RouteId } from '../../../generated/routes';

const views: readonly RouteId[] = ['careSchedule', 'careCalendar', 'careClients', 'careMbcDashboard', 'careNena', 'careMessage', 'careReferrals'];

export function CareNav() {
  const served = views.map((id) => routeById[id]).filter((r) => r.registered);
  if (served.length < 2) return null;
  return (
    <nav className="care-nav" aria-label={messages['ui.care.nav.label']}>
      <ul className="cluster">
        {served.map((r) => (
          <li key={r.id}>
            <NavLink to={r.path} end className={({ isActive }) => `care-nav__link${isActive ? ' care-nav__link--active' : ''}`}>
              {r.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
