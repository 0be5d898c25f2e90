/**
 * Providers' requests (/care/rcd/provider-requests, where an RCD lands after sign-in):
 * requests waiting for a decision, oldest first, each approved or declined with a reason
 * (POST /rcd/provider-requests/{id}/decision); and the decided ones with who decided and why.
 */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useDecideProviderRequestMutation, useListRcdProviderRequestsQuery } from '@/generated/client/hooks';
import type { EndpointTypes, ProviderRequest } from '@/generated/entities';
import decideForm from '@/generated/forms/care-rcd-decide-request';
import { message, messageTemplate } from '@/domain/messages';
import { errorTextFor } from '@/client/api/errors';
import { PageLoadError } from '@/client/app/PageLoadError';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { pressedDecision } from './pressed-decision';
import { useAppDispatch } from '@/client/store/hooks';
import { toastShown } from '@/client/store/toasts';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { formatList } from '@/client/ui/format';
import { formatDay } from '@/domain/date-format';
import { useCareTimeZone } from './care-zone';
import { Skeleton } from '@/client/ui/Skeleton';
import { requestSpecifics } from './request-text';
import './care.css';
import { providerDisplayName } from '@/domain/names';
import { enumLabelOf, routeTitle } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

type Tab = 'open' | 'decided';
type RequestDecision = EndpointTypes['decideProviderRequest']['body']['decision'];
/** What the form gives: the body's reason (the decision is the button's, the version the request's). */
type DecideData = Pick<EndpointTypes['decideProviderRequest']['body'], 'reason'>;
const providerName = (r: ProviderRequest) => providerDisplayName(r.provider);

function RequestFacts({ request: r }: { request: ProviderRequest }) {
  const zone = useCareTimeZone();
  const specifics = requestSpecifics(r.request);
  return (
    <div className="stack-sm">
      <h3>
        {enumLabelOf(careEnums.providerRequestKind, r.request.kind)} · {providerName(r)}
      </h3>
      {specifics ? <p>{specifics}</p> : null}
      <p>{r.request.description}</p>
      <p className="care__meta">
        {message('ui.care.requests.asked', { when: formatDay(r.createdAt, zone) })} ·{' '}
        {message('ui.rcd.requests.licensed', { states: formatList(r.provider.licensedStates) })}
      </p>
    </div>
  );
}

function Decide({ request: r }: { request: ProviderRequest }) {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  // The button pressed: the form's own (approve) or decline beside it.
  const decision = useRef<RequestDecision>('approve');
  const decide = useDecideProviderRequestMutation({
    onSuccess: (decided, { body: { decision } }) => {
      const params = { kind: enumLabelOf(careEnums.providerRequestKind, decided.request.kind), provider: providerName(decided) };
      dispatch(
        toastShown({ kind: 'success', text: message(decision === 'approve' ? 'ui.rcd.requests.approvedToast' : 'ui.rcd.requests.declinedToast', params) }),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.listRcdProviderRequests() });
    },
  });
  return (
    <li className="card stack">
      <RequestFacts request={r} />
      <div className="stack-sm" onClickCapture={(e) => (decision.current = pressedDecision(e.target, 'approve', 'decline'))}>
        {decide.isError ? <ErrorNotice text={errorTextFor(decide.error, 'support_web')} /> : null}
        <SpecForm<DecideData>
          idPrefix={`reason-${r.id}`}
          form={decideForm}
          submitting={decide.isPending}
          actions={
            <Button type="submit" variant="secondary" value="decline" disabled={decide.isPending}>
              {message('ui.rcd.requests.decline')}
            </Button>
          }
          onSubmit={({ reason }) => decide.mutate({ params: { id: r.id }, body: { decision: decision.current, reason: reason.trim(), version: r.version } })}
        />
      </div>
    </li>
  );
}

function Decided({ request: r }: { request: ProviderRequest }) {
  const zone = useCareTimeZone();
  return (
    <li className="card stack-sm">
      <RequestFacts request={r} />
      <p className={r.status === 'completed' ? 'notice notice--success' : 'notice'}>
        {message(r.status === 'completed' ? 'ui.rcd.requests.approvedBy' : 'ui.rcd.requests.declinedBy', {
          who: r.decidedBy ?? '',
          when: r.decidedAt ? formatDay(r.decidedAt, zone) : '',
          reason: r.reason ?? '',
        })}
      </p>
    </li>
  );
}

export default function ProviderRequestsPage() {
  const [tab, setTab] = useState<Tab>('open');
  const list = useListRcdProviderRequestsQuery({ query: { state: tab } });
  return (
    <div className="container stack-lg care">
      <header className="stack-sm">
        <h1>{routeTitle('careProviderRequests')}</h1>
        <p className="lead">{message('ui.rcd.requests.intro')}</p>
      </header>
      <div className="cluster" role="group" aria-label={routeTitle('careProviderRequests')}>
        {(['open', 'decided'] as const).map((t) => (
          <Button key={t} variant={tab === t ? 'primary' : 'secondary'} aria-pressed={tab === t} onClick={() => setTab(t)}>
            {messageTemplate(t === 'open' ? 'ui.rcd.requests.open' : 'ui.rcd.requests.decided')}
          </Button>
        ))}
      </div>
      {list.isError ? (
        <PageLoadError />
      ) : !list.data ? (
        <div className="stack-sm" role="status" aria-busy="true">
          <Skeleton height="8rem" />
          <Skeleton height="8rem" />
        </div>
      ) : !list.data.items.length ? (
        <p className="muted">{messageTemplate(tab === 'open' ? 'ui.rcd.requests.none' : 'ui.rcd.requests.noneDecided')}</p>
      ) : (
        <ul className="care__list stack">
          {list.data.items.map((r) => (tab === 'open' ? <Decide key={r.id} request={r} /> : <Decided key={r.id} request={r} />))}
        </ul>
      )}
    </div>
  );
}
