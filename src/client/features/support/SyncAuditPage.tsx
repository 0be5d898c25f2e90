/**
 * The sync audit (/app/support/dashboard/red-alert/sync-audit): every try of delivering a record to
 * the practice's scheduling or EHR system, newest first, filtered by record type, record and outcome
 * (kept in the address, so a red alert links to its record's attempts) and paged.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useListSyncAttemptsQuery } from '@/generated/client/hooks';
import type { EndpointTypes } from '@/generated/entities';
import { message, messageTemplate } from '@/domain/messages';
import { formatSessionTime } from '@/domain/date-format';
import { useStaffTimeZone } from '@/client/runtime/auth/reader-zone';
import { Button } from '@/client/ui/Button';
import { Loaded } from './Loaded';
import { SupportShell } from './SupportShell';

type Query = EndpointTypes['listSyncAttempts']['query'];
const resourceTypes = ['Patient', 'Appointment', 'Consent', 'Payment'] as const;
const outcomes = ['delivered', 'failed'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function queryOf(params: URLSearchParams): Query {
  const resourceType = resourceTypes.find((r) => r === params.get('resourceType'));
  const outcome = outcomes.find((o) => o === params.get('outcome'));
  const recordId = params.get('recordId') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return { ...(resourceType ? { resourceType } : {}), ...(outcome ? { outcome } : {}), ...(UUID.test(recordId) ? { recordId } : {}), page };
}

export default function SyncAuditPage() {
  const zone = useStaffTimeZone();
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const [draft, setDraft] = useState({ resourceType: query.resourceType ?? '', recordId: query.recordId ?? '', outcome: query.outcome ?? '' });
  const attempts = useListSyncAttemptsQuery({ query }, { staleTime: 0 });

  function go(next: Record<string, string>) {
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '')));
  }
  function apply(e: React.FormEvent) {
    e.preventDefault();
    go({ ...draft, recordId: draft.recordId.trim(), page: '1' });
  }
  const current = { resourceType: query.resourceType ?? '', recordId: query.recordId ?? '', outcome: query.outcome ?? '' };

  return (
    <SupportShell route="supportRedAlertSyncAudit">
      <p className="lead">{message('ui.support.syncAudit.intro')}</p>
      <form className="card stack-sm" aria-label={message('ui.support.syncAudit.filters')} onSubmit={apply}>
        <div className="support__filters">
          <div className="field">
            <label className="field__label" htmlFor="sync-type">
              {message('ui.support.syncAudit.resourceType')}
            </label>
            <select id="sync-type" className="input" value={draft.resourceType} onChange={(e) => setDraft({ ...draft, resourceType: e.target.value })}>
              <option value="">{message('ui.support.syncAudit.any')}</option>
              {resourceTypes.map((r) => (
                <option key={r} value={r}>
                  {messageTemplate(`ui.support.redAlert.resource.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="sync-record">
              {message('ui.support.syncAudit.recordId')}
            </label>
            <input id="sync-record" className="input" value={draft.recordId} onChange={(e) => setDraft({ ...draft, recordId: e.target.value })} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="sync-outcome">
              {message('ui.support.syncAudit.outcome')}
            </label>
            <select id="sync-outcome" className="input" value={draft.outcome} onChange={(e) => setDraft({ ...draft, outcome: e.target.value })}>
              <option value="">{message('ui.support.syncAudit.any')}</option>
              <option value="delivered">{message('ui.support.syncAudit.delivered')}</option>
              <option value="failed">{message('ui.support.syncAudit.failed')}</option>
            </select>
          </div>
        </div>
        <div>
          <Button type="submit">{message('ui.support.syncAudit.apply')}</Button>
        </div>
      </form>
      <Loaded query={attempts} rows={4}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          if (!data.items.length) return <p className="notice">{message('ui.support.syncAudit.empty')}</p>;
          return (
            <div className="stack-sm">
              <div className="support__table-wrap">
                <table className="support__table">
                  <thead>
                    <tr>
                      <th scope="col">{message('ui.support.syncAudit.when')}</th>
                      <th scope="col">{message('ui.support.syncAudit.record')}</th>
                      <th scope="col">{message('ui.support.syncAudit.outcome')}</th>
                      <th scope="col">{message('ui.support.syncAudit.answer')}</th>
                      <th scope="col">{message('ui.support.syncAudit.by')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((a) => (
                      <tr key={a.id}>
                        <td data-label={message('ui.support.syncAudit.when')}>{formatSessionTime(a.at, zone)}</td>
                        <td data-label={message('ui.support.syncAudit.record')}>
                          {messageTemplate(`ui.support.redAlert.resource.${a.resourceType}`)}{' '}
                          <span className="muted">{`${a.recordId.slice(0, 8)} v${a.version} (${a.adapter})`}</span>
                        </td>
                        <td data-label={message('ui.support.syncAudit.outcome')}>
                          {a.outcome === 'delivered' ? message('ui.support.syncAudit.delivered') : message('ui.support.syncAudit.failed')}
                        </td>
                        <td data-label={message('ui.support.syncAudit.answer')}>{a.answer}</td>
                        <td data-label={message('ui.support.syncAudit.by')}>{a.requestedBy ?? message('ui.support.syncAudit.worker')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <nav className="cluster" aria-label={message('ui.support.syncAudit.page', { page: data.page, pages })}>
                <span>{message('ui.support.syncAudit.page', { page: data.page, pages })}</span>
                {data.page > 1 ? (
                  <Button variant="ghost" onClick={() => go({ ...current, page: String(data.page - 1) })}>
                    {message('ui.support.syncAudit.previous')}
                  </Button>
                ) : null}
                {data.page < pages ? (
                  <Button variant="ghost" onClick={() => go({ ...current, page: String(data.page + 1) })}>
                    {message('ui.support.syncAudit.next')}
                  </Button>
                ) : null}
              </nav>
            </div>
          );
        }}
      </Loaded>
    </SupportShell>
  );
}
