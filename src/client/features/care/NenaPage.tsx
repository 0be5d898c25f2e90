/**
 * New clients needing attention (/care/v1/nena, our reading of the route, docs/features.md
 * "Clinician care area"): clients whose first session is still to come and who have not done the intake
 * check-in, signed a consent, had their insurance decided, or who have an urgent measure open
 * (GET /care/nena). Each opens the client's page.
 */
import { Link, generatePath } from 'react-router';
import { useGetCareNenaQuery } from '@/generated/client/hooks';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatSessionTime } from '@/domain/date-format';
import { useCareTimeZone } from './care-zone';
import { PageLoadError } from '@/client/app/PageLoadError';
import { fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { CareNav } from './CareNav';
import './care.css';
import { enumLabelOf, routeTitle } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

export default function NenaPage() {
  const zone = useCareTimeZone();
  const queue = useGetCareNenaQuery();
  return (
    <div className="container stack-lg care">
      <CareNav />
      <header className="stack-sm">
        <h1>{routeTitle('careNena')}</h1>
        <p className="lead">{message('ui.care.nena.intro')}</p>
      </header>
      {queue.isError ? (
        <PageLoadError />
      ) : !queue.data ? (
        <div className="stack-sm" role="status" aria-busy="true">
          <Skeleton height="5rem" />
          <Skeleton height="5rem" />
        </div>
      ) : !queue.data.items.length ? (
        <p className="muted">{message('ui.care.nena.none')}</p>
      ) : (
        <ul className="care__list">
          {queue.data.items.map(({ client, firstSession, needs }) => (
            <li key={client.id} className="card care__session">
              <div className="stack-sm">
                <p className="care__when">
                  <Link to={generatePath(routeById.careClientInfo.path, { id: client.id })}>{fullName(client)}</Link>
                  {client.urgent ? <span className="care-flag care-flag--urgent"> {message('ui.care.clients.urgent')}</span> : null}
                </p>
                <p className="care__meta">{message('ui.care.nena.first', { when: formatSessionTime(firstSession, zone) })}</p>
                <ul className="cluster care__needs" aria-label={fullName(client)}>
                  {needs.map((n) => (
                    <li key={n} className={`care-flag${n === 'urgent_measure' ? ' care-flag--urgent' : ' care-flag--need'}`}>
                      {enumLabelOf(careEnums.nenaNeed, n)}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
