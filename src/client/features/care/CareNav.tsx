/**
 * The care area's own navigation: its served views a clinician opens, the current one marked. A view
 * behind a flag (referrals, the dashboards) is linked only while its flag is on for the clinician.
 * Messages carries the count of the clients' unread messages.
 */
import { NavLink } from 'react-router';
import { message } from '@/domain/messages';
import { routeById, type RouteId } from '@/generated/routes';
import { useAppSelector } from '@/client/store/hooks';
import { selectFlagOn } from '@/client/store/flags/slice';
import { isFlagName } from '@/client/runtime/flags/treatment';
import { titleOfRoute } from '@/domain/translations';
import { useListCareThreadsQuery } from '@/generated/client/hooks';
import { selectPermissions } from '@/client/store/auth/slice';

/**
 * How many clients' messages wait unread, beside Messages (as the portal's navigation shows the
 * patient's); nothing while unknown or when none wait. Read again when the page comes back into view.
 */
function UnreadMessages() {
  const isClinician = useAppSelector((state) => selectPermissions(state).isClinician);
  const threads = useListCareThreadsQuery({ retry: false, enabled: isClinician, refetchOnWindowFocus: 'always' });
  const unread = threads.data?.unread ?? 0;
  return unread ? <span className="unread-badge">{message('ui.messages.unreadBadge', { count: String(unread) })}</span> : null;
}

const views: readonly RouteId[] = ['careSchedule', 'careCalendar', 'careClients', 'careMbcDashboard', 'careNena', 'careMessage', 'careReferrals'];

export function CareNav() {
  const registered = views.map((id) => routeById[id]).filter((r) => r.registered);
  // One string, so the selector's answer compares equal while nothing changed.
  const open = useAppSelector((state) =>
    registered
      .filter((r) => !r.flag || (isFlagName(r.flag) && selectFlagOn(r.flag)(state)))
      .map((r) => r.id)
      .join(' '),
  ).split(' ');
  const served = registered.filter((r) => open.includes(r.id));
  if (served.length < 2) return null;
  return (
    <nav className="care-nav" aria-label={message('ui.care.nav.label')}>
      <ul className="cluster">
        {served.map((r) => (
          <li key={r.id}>
            <NavLink to={r.path} end className={({ isActive }) => `care-nav__link${isActive ? ' care-nav__link--active' : ''}`}>
              {titleOfRoute(r)}
              {r.id === 'careMessage' ? <UnreadMessages /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
