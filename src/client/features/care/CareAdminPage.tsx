/**
 * Clinical admin (/care/admin): find a provider by name to edit their profile or
 * remove them (GET /care/admin/providers). Removed providers are listed last with their reason.
 */
import { useDeferredValue, useState } from 'react';
import { Link, generatePath } from 'react-router';
import { useListAdminProvidersQuery } from '@/generated/client/hooks';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { PageLoadError } from '@/client/app/PageLoadError';
import { formatList, fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import './care.css';
import { routeTitle } from '@/domain/translations';
import { Name } from '@/client/ui/Name';

export default function CareAdminPage() {
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const list = useListAdminProvidersQuery({ query: search ? { q: search } : {} }, { placeholderData: (previous) => previous });
  return (
    <div className="container stack-lg care">
      <header className="stack-sm">
        <h1>{routeTitle('careAdmin')}</h1>
        <p className="lead">{message('ui.care.admin.intro')}</p>
      </header>
      <div className="field">
        <label className="field__label" htmlFor="admin-search">
          {message('ui.care.admin.search')}
        </label>
        <input id="admin-search" className="input" type="search" maxLength={100} value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      {list.isError ? (
        <PageLoadError />
      ) : !list.data ? (
        <div className="stack-sm" role="status" aria-busy="true">
          <Skeleton height="5rem" />
          <Skeleton height="5rem" />
        </div>
      ) : !list.data.items.length ? (
        <p className="muted">{message('ui.care.admin.none')}</p>
      ) : (
        <ul className="care__list" aria-busy={list.isFetching}>
          {list.data.items.map((p) => (
            <li key={p.id} className="card care__session">
              <div className="stack-sm">
                <p className="care__when">
                  {fullName(p)}, {p.title}
                </p>
                <p className="care__meta">
                  <Name>{p.practiceName}</Name> · {message('ui.care.admin.states', { states: formatList(p.licensedStates) })}
                </p>
                {p.removedReason ? (
                  <p className="care__meta">{message('ui.care.admin.removed', { reason: p.removedReason })}</p>
                ) : (
                  <p className="care__meta">{message('ui.care.admin.upcoming', { count: String(p.upcomingSessions) })}</p>
                )}
              </div>
              {p.removedReason ? null : (
                <Link
                  className="btn btn--secondary"
                  to={generatePath(routeById.careAdminEdit.path, { id: p.id })}
                  aria-label={`${message('ui.care.admin.edit')} ${fullName(p)}`}
                >
                  {message('ui.care.admin.edit')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
