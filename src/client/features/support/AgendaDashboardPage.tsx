/**
 * The practice's open front-desk tasks (/agenda/dashboard): pick the practice, see every open task
 * (consent not signed, insurance card missing, balance due) of the people on its sessions over the
 * coming days, earliest first, each with the way to that day's agenda where the front desk acts on it.
 * Only open tasks are listed (product-spec §3): a task done leaves the list.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useGetFrontDeskTasksQuery } from '@/generated/client/hooks';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { formatUsDate } from '@/domain/dates';
import { formatDateTime, formatSessionTime } from '@/domain/date-format';
import { withQuery } from '@/client/runtime/navigation/places';
import { Button } from '@/client/ui/Button';
import { formatList, fullName, stateChoices } from '@/client/ui/format';
import { Loaded } from './Loaded';
import { Pick } from './Pick';
import { SupportShell } from './SupportShell';
import { usePractices } from './data';
import { enumLabelOf } from '@/domain/translations';
import { messageNaming } from '@/client/ui/Name';
import * as careEnums from '@/generated/enums/care';
import * as patientsEnums from '@/generated/enums/patients';

const DAYS = 7;

function OpenTasks({ practiceId }: { practiceId: string }) {
  const open = useGetFrontDeskTasksQuery(
    { query: { practiceId, days: DAYS } },
    // What is open changes at the desk all day: fetched again whenever the page is opened.
    { staleTime: 0 },
  );
  return (
    <Loaded query={open} rows={3}>
      {(data) => (
        <section className="stack" aria-labelledby="agenda-tasks">
          <h2 id="agenda-tasks">{messageNaming('ui.support.agendaTasks.heading', { practice: data.practice.name }, ['practice'])}</h2>
          {data.items.length ? (
            <ol className="support__list">
              {data.items.map((item) => {
                const name = fullName(item.patient);
                return (
                  <li key={`${item.sessionId}-${item.patient.id}`} className="card" aria-label={name}>
                    <p className="support__title">{name}</p>
                    <p className="support__meta">
                      {formatSessionTime(item.start, data.practice.timeZone)} · {item.providerName} ·{' '}
                      {enumLabelOf(careEnums.appointmentMode, item.appointmentMode)}
                    </p>
                    <ul className="support__plain">
                      {item.tasks.map((t) => (
                        <li key={t.kind}>
                          <span className="badge badge--todo">
                            {t.kind === 'balanceDue'
                              ? message('ui.support.agenda.balance', { amount: formatCents(t.amountCents ?? 0) })
                              : enumLabelOf(patientsEnums.frontDeskTask, t.kind)}
                          </span>
                          {t.covers?.length ? (
                            <span className="support__meta">
                              {' '}
                              {message('ui.support.agenda.balanceCovers', {
                                sessions: formatList(t.covers.map((start) => formatDateTime(start, data.practice.timeZone))),
                              })}
                            </span>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                    <p>
                      <Link to={withQuery(routeById.agenda.path, { practiceId: data.practice.id, date: item.date })}>
                        {message('ui.support.agendaTasks.openDay', { day: formatUsDate(item.date) })}
                      </Link>
                    </p>
                  </li>
                );
              })}
            </ol>
          ) : (
            <p className="notice">{message('ui.support.agendaTasks.empty')}</p>
          )}
        </section>
      )}
    </Loaded>
  );
}

export default function AgendaDashboardPage() {
  const [search, setSearch] = useSearchParams();
  const practiceId = search.get('practiceId') ?? '';
  const [stateCode, setStateCode] = useState('');
  const [picked, setPicked] = useState(practiceId);
  const practices = usePractices(stateCode);
  return (
    <SupportShell route="agendaDashboard">
      <p className="lead">{message('ui.support.agendaTasks.intro', { days: DAYS })}</p>
      <form
        className="card stack"
        aria-label={message('ui.support.agendaTasks.show')}
        onSubmit={(e) => {
          e.preventDefault();
          if (picked) setSearch({ practiceId: picked });
        }}
      >
        <Pick
          id="tasks-state"
          label={message('ui.support.check.state')}
          value={stateCode}
          onChange={(v) => {
            setStateCode(v);
            setPicked('');
          }}
          options={stateChoices()}
        />
        <Pick
          id="tasks-practice"
          label={message('ui.support.check.practice')}
          value={picked}
          onChange={setPicked}
          options={(practices.data ?? []).map((p) => ({ value: p.id, label: `${p.name}, ${p.city}` }))}
          disabled={!practices.data}
        />
        <div>
          <Button type="submit" disabled={!picked}>
            {message('ui.support.agendaTasks.show')}
          </Button>
        </div>
      </form>
      {practiceId ? <OpenTasks key={practiceId} practiceId={practiceId} /> : <p className="muted">{message('ui.support.agendaTasks.pick')}</p>}
    </SupportShell>
  );
}
