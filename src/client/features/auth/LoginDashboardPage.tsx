/** Where clinical admins land after sign-in (/login/dashboard): the areas their roles open, and provider search. */
import { Link } from 'react-router';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { placesFor } from '@/client/runtime/navigation/places';
import { useAppSelector } from '@/client/store/hooks';
import { selectPermissions } from '@/client/store/auth/slice';
import { AuthFrame } from './parts';
import { routeTitle } from '@/domain/translations';

export default function LoginDashboardPage() {
  const permissions = useAppSelector(selectPermissions);
  const places = [
    ...placesFor(permissions),
    { id: routeById.providerSearch.id, path: routeById.providerSearch.path, title: message('ui.loginDashboard.findProvider') },
  ];
  return (
    <AuthFrame heading={message('ui.loginDashboard.heading')}>
      <p>{message('ui.loginDashboard.text')}</p>
      <nav aria-label={routeTitle('loginDashboard')}>
        <ul className="auth-places">
          {places.map((p) => (
            <li key={p.id}>
              <Link to={p.path}>{p.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </AuthFrame>
  );
}
