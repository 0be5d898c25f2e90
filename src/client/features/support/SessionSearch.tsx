/**
 * Session search on the support dashboard (GET /support/sessions, behind patientSessionSearch): by
 * the patient's name, the account's e-mail, the day and the provider's name; each result opens the
 * session's whole story.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useSearchSupportSessionsQuery } from '@/generated/client/hooks';
import { message } from '@/domain/messages';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { sessionPath } from './data';
import { formatSessionTime } from '@/domain/date-format';
import { enumLabelOf } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

const searchFields = () =>
  [
    { key: 'name', label: message('ui.support.search.name'), type: 'text' },
    { key: 'email', label: message('ui.support.search.email'), type: 'email' },
    { key: 'date', label: message('ui.support.search.date'), type: 'date' },
    { key: 'provider', label: message('ui.support.search.provider'), type: 'text' },
  ] as const;

type Criteria = Partial<Record<ReturnType<typeof searchFields>[number]['key'], string>>;

export function SessionSearch() {
  const [criteria, setCriteria] = useState<Criteria>({});
  const [submitted, setSubmitted] = useState<Criteria>();
  const [problem, setProblem] = useState<string>();
  // Each search asks the server once (the same criteria again read anew); a failure shows at once, for staff to search again.
  const search = useSearchSupportSessionsQuery({ query: submitted ?? {} }, { enabled: submitted !== undefined, staleTime: 0, retry: false });
  const searching = search.isFetching;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const query = Object.fromEntries(
      Object.entries(criteria)
        .map(([k, v]) => [k, v?.trim()])
        .filter(([, v]) => v),
    ) as Criteria;
    if (!Object.keys(query).length) return setProblem(message('ui.support.search.needOne'));
    setProblem(undefined);
    if (JSON.stringify(query) === JSON.stringify(submitted)) void search.refetch();
    else setSubmitted(query);
  }

  return (
    <section className="card stack" aria-labelledby="session-search">
      <h2 id="session-search">{message('ui.support.search.heading')}</h2>
      <p className="muted">{message('ui.support.search.hint')}</p>
      <form className="stack-sm" onSubmit={submit} noValidate aria-labelledby="session-search">
        {searchFields().map((f) => (
          <div key={f.key} className="field">
            <label className="field__label" htmlFor={`session-search-${f.key}`}>
              {f.label}
            </label>
            <input
              id={`session-search-${f.key}`}
              className="input"
              type={f.type}
              value={criteria[f.key] ?? ''}
              onChange={(e) => setCriteria({ ...criteria, [f.key]: e.target.value })}
            />
          </div>
        ))}
        <ErrorNotice text={problem} inline />
        <div>
          <Button type="submit" variant="secondary" disabled={searching} aria-busy={searching || undefined}>
            {message('ui.support.search.submit')}
          </Button>
        </div>
      </form>
      <ErrorNotice text={search.error ? errorTextFor(search.error, 'support_web') : undefined} />
      {search.data ? (
        search.data.items.length ? (
          <ul className="support__list" aria-label={message('ui.support.search.results')}>
            {search.data.items.map((s) => (
              <li key={s.id}>
                <Link to={sessionPath(s.id)}>{formatSessionTime(s.start, s.timeZone)}</Link>
                <p className="support__meta">
                  {s.patients.join(', ')} · {s.providerName} · {enumLabelOf(careEnums.appointmentStatus, s.status)} · {s.accountEmail}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="notice" role="status">
            {message('ui.support.search.none')}
          </p>
        )
      ) : null}
    </section>
  );
}
