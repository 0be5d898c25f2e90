/**
 * A clinician's clients (/care/v1/clients): everyone with a past or upcoming session
 * with them, searchable by name, with next and last session, care status, latest PHQ-9 and GAD-7,
 * open items and the urgent flag (GET /care/clients). Each opens the client's page.
 */
import { useDeferredValue, useState } from 'react';
import { Link, generatePath } from 'react-router';
import { useListCareClientsQuery } from '@/generated/client/hooks';
import type { CareClient, MeasureScore } from '@/generated/entities';
import { routeById } from '@/generated/routes';
import { message, messageTemplate } from '@/domain/messages';
import { PageLoadError } from '@/client/app/PageLoadError';
import { fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { CareNav } from './CareNav';
import { measureText } from './measure-text';
import './care.css';
import { formatSessionTime, zoneLabel } from '@/domain/date-format';
import { enumLabelOf, routeTitle } from '@/domain/translations';
import * as patientsEnums from '@/generated/enums/patients';

function ClientCard({ client: c, zone }: { client: CareClient; zone: string }) {
  return (
    <li className="card care__session">
      <div className="stack-sm">
        <p className="care__when">
          <Link to={generatePath(routeById.careClientInfo.path, { id: c.id })}>{fullName(c)}</Link>
          {c.urgent ? <span className="care-flag care-flag--urgent"> {message('ui.care.clients.urgent')}</span> : null}
        </p>
        <p className="care__meta">
          {[c.age === null ? null : message('ui.care.clients.age', { age: String(c.age) }), enumLabelOf(patientsEnums.careStatus, c.careStatus)]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="care__meta">
          {c.nextSession ? message('ui.care.clients.next', { when: formatSessionTime(c.nextSession, zone) }) : message('ui.care.clients.noNext')}
          {c.lastSession ? ` · ${message('ui.care.clients.last', { when: formatSessionTime(c.lastSession, zone) })}` : ''}
        </p>
        {c.latest.phq9 || c.latest.gad7 ? (
          <p className="care__meta">
            {[c.latest.phq9, c.latest.gad7]
              .filter((m): m is MeasureScore => m !== null)
              .map(measureText)
              .join(' · ')}
          </p>
        ) : null}
        {c.openItems ? <p className="care__meta">{message('ui.care.clients.openItems', { count: String(c.openItems) })}</p> : null}
      </div>
    </li>
  );
}

export default function ClientsPage() {
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const clients = useListCareClientsQuery({ query: search ? { q: search } : {} }, { placeholderData: (previous) => previous });
  return (
    <div className="container stack-lg care">
      <CareNav />
      <header className="stack-sm">
        <h1>{routeTitle('careClients')}</h1>
        <p className="lead">{message('ui.care.clients.intro')}</p>
        {/* The schedule's zone, named: the same session reads the same here and there, whatever the device's zone. */}
        {clients.data ? <p className="muted">{message('ui.care.clients.zone', { zone: zoneLabel(clients.data.timeZone) })}</p> : null}
      </header>
      <div className="field">
        <label className="field__label" htmlFor="clients-search">
          {message('ui.care.clients.search')}
        </label>
        <input id="clients-search" className="input" type="search" maxLength={100} value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      {clients.data ? (
        clients.data.items.length ? (
          <ul className="care__list" aria-busy={clients.isFetching}>
            {clients.data.items.map((c) => (
              <ClientCard key={c.id} client={c} zone={clients.data.timeZone} />
            ))}
          </ul>
        ) : (
          <p className="muted">{messageTemplate(search ? 'ui.care.clients.noMatch' : 'ui.care.clients.none')}</p>
        )
      ) : clients.isError ? (
        <PageLoadError />
      ) : (
        <div className="stack-sm" role="status" aria-busy="true">
          <Skeleton height="5rem" />
          <Skeleton height="5rem" />
        </div>
      )}
    </div>
  );
}
