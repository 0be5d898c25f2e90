/**
 * Measurement-based care (/care/v1/mbc/dashboard, behind careDashboards): each
 * client's PHQ-9 and GAD-7 latest score and band, their scores over time, the trend (named only from
 * three scores on), response, remission, reliable improvement, "not improving by week 8", what is due,
 * and the urgent flag of an open clinical alert, which the clinician resolves here with a note
 * (ResolveAlert), urgent clients first (GET /care/mbc). Each series is
 * drawn over its severity bands (TrendChart), its trend named from three scores on.
 */
import { Link, generatePath } from 'react-router';
import { useGetMbcDashboardQuery } from '@/generated/client/hooks';
import type { EndpointTypes } from '@/generated/entities';
import * as careConstants from '@/generated/constants/care';
import { routeById } from '@/generated/routes';
import { message, messageTemplate } from '@/domain/messages';
import { PageLoadError } from '@/client/app/PageLoadError';
import { fullName } from '@/client/ui/format';
import { formatSessionTime } from '@/domain/date-format';
import { useCareTimeZone } from './care-zone';
import { Skeleton } from '@/client/ui/Skeleton';
import { CareNav } from './CareNav';
import { measureText } from './measure-text';
import { ResolveAlert } from './ResolveAlert';
import { TrendChart } from './TrendChart';
import './care.css';
import { enumLabelOf, routeTitle } from '@/domain/translations';
import * as tasksEnums from '@/generated/enums/tasks';

type Row = EndpointTypes['getMbcDashboard']['response']['items'][number];
type Instrument = keyof typeof careConstants.measureInstruments;

function InstrumentLine({ row, instrument }: { row: Row; instrument: Instrument }) {
  const p = row.progress[instrument];
  const latest = row.client.latest[instrument];
  const scores = row.measures.filter((m) => m.instrument === instrument).map((m) => m.total);
  const flags = [
    p.trend ? messageTemplate(`ui.care.mbc.trend.${p.trend}`) : null,
    p.response ? message('ui.care.mbc.response') : null,
    p.remission ? message('ui.care.mbc.remission') : null,
    p.reliableImprovement ? message('ui.care.mbc.reliable') : null,
    p.notImprovingByWeek8 ? message('ui.care.mbc.notImproving') : null,
    p.due ? message('ui.care.mbc.due') : null,
  ].filter(Boolean);
  return (
    <div className="stack-sm">
      <p>
        <strong>{latest ? measureText(latest) : `${careConstants.measureInstruments[instrument].name}: ${message('ui.care.mbc.noScores')}`}</strong>
        {flags.length ? <span className="care__meta"> · {flags.join(' · ')}</span> : null}
      </p>
      {scores.length > 1 ? <p className="care__meta">{message('ui.care.mbc.history', { scores: scores.join(' → ') })}</p> : null}
      {scores.length ? <TrendChart instrument={instrument} scores={scores} trend={p.trend} /> : null}
    </div>
  );
}

export default function MbcDashboardPage() {
  const zone = useCareTimeZone();
  const dashboard = useGetMbcDashboardQuery({ refetchOnMount: 'always' });
  return (
    <div className="container stack-lg care">
      <CareNav />
      <header className="stack-sm">
        <h1>{routeTitle('careMbcDashboard')}</h1>
        <p className="lead">{message('ui.care.mbc.intro')}</p>
      </header>
      {dashboard.data ? (
        dashboard.data.items.length ? (
          <ul className="care__list">
            {dashboard.data.items.map((row) => (
              <li key={row.client.id} className="card stack-sm" aria-label={fullName(row.client)}>
                <p className="care__when">
                  <Link to={generatePath(routeById.careClientInfo.path, { id: row.client.id })}>{fullName(row.client)}</Link>
                  {row.client.urgent ? <span className="care-flag care-flag--urgent">{message('ui.care.clients.urgent')}</span> : null}
                </p>
                {row.alerts.map((a) => (
                  <div key={a.id} className="stack-sm">
                    <p className="care__meta">
                      {enumLabelOf(tasksEnums.taskPriority, a.priority)} ·{' '}
                      {message('ui.care.alert.raised', { reason: a.reason, when: formatSessionTime(a.createdAt, zone) })}
                    </p>
                    <ResolveAlert alert={a} label={`${message('ui.care.alert.resolve')}: ${fullName(row.client)}`} />
                  </div>
                ))}
                <InstrumentLine row={row} instrument="phq9" />
                <InstrumentLine row={row} instrument="gad7" />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{message('ui.care.mbc.none')}</p>
        )
      ) : dashboard.isError ? (
        <PageLoadError />
      ) : (
        <div className="stack-sm" role="status" aria-busy="true">
          <Skeleton height="6rem" />
          <Skeleton height="6rem" />
        </div>
      )}
    </div>
  );
}
