/**
 * A clinician's requests to their RCD, on their schedule (/care/v1): ask for a new
 * licence, new pay rates, or an availability or profile change (POST /care/provider-requests), and
 * see each request waiting, approved or declined with the RCD's reason (GET /care/provider-requests).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useCreateProviderRequestMutation, useListMyProviderRequestsQuery } from '@/generated/client/hooks';
import type { ProviderRequest, ProviderRequestInput } from '@/generated/entities';
import * as careConstants from '@/generated/constants/care';
import type { ProviderRequestKind } from '@/generated/enums';
import { message } from '@/domain/messages';
import { errorTextFor } from '@/client/api/errors';
import { useAppDispatch } from '@/client/store/hooks';
import { toastShown } from '@/client/store/toasts';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { formatDay } from '@/domain/date-format';
import { useCareTimeZone } from './care-zone';
import { Skeleton } from '@/client/ui/Skeleton';
import { amountOf, requestSpecifics } from './request-text';
import { enumLabelOf, enumOptionsOf } from '@/domain/translations';
import { stateChoices } from '@/client/ui/format';
import * as careEnums from '@/generated/enums/care';

function RequestForm() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ProviderRequestKind>('licence_added');
  const [description, setDescription] = useState('');
  const [stateCode, setStateCode] = useState('');
  const [licenseNumber, setLicenseNumber] = useState('');
  const [payIndividual, setPayIndividual] = useState('');
  const [payFollowUp, setPayFollowUp] = useState('');
  const requestBody = () => {
    const body: ProviderRequestInput = { kind, description };
    if (kind === 'licence_added') {
      if (stateCode) body.stateCode = stateCode as ProviderRequestInput['stateCode'];
      if (licenseNumber.trim()) body.licenseNumber = licenseNumber;
    }
    if (kind === 'pay_rate_change') {
      const individual = amountOf(payIndividual);
      const followUp = amountOf(payFollowUp);
      if (individual !== undefined) body.payIndividual = individual;
      if (followUp !== undefined) body.payFollowUp = followUp;
    }
    return body;
  };
  const send = useCreateProviderRequestMutation({
    onSuccess: () => {
      setDescription('');
      setStateCode('');
      setLicenseNumber('');
      setPayIndividual('');
      setPayFollowUp('');
      dispatch(toastShown({ kind: 'success', text: message('ui.care.requests.sent') }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.listMyProviderRequests() });
    },
  });
  return (
    <form
      className="card stack-sm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate({ body: requestBody() });
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor="request-kind">
          {message('ui.care.requests.kind')}
        </label>
        <select id="request-kind" className="select" value={kind} onChange={(e) => setKind(e.target.value as ProviderRequestKind)}>
          {enumOptionsOf(careEnums.providerRequestKind).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {kind === 'licence_added' ? (
        <>
          <div className="field">
            <label className="field__label" htmlFor="request-state">
              {message('ui.care.requests.state')}
            </label>
            <select id="request-state" className="select" value={stateCode} onChange={(e) => setStateCode(e.target.value)}>
              <option value="">{message('ui.care.requests.chooseState')}</option>
              {stateChoices().map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="request-license">
              {message('ui.care.requests.licenseNumber')}
            </label>
            <input id="request-license" className="input" maxLength={40} value={licenseNumber} onChange={(e) => setLicenseNumber(e.target.value)} />
          </div>
        </>
      ) : null}
      {kind === 'pay_rate_change' ? (
        <>
          <div className="field">
            <label className="field__label" htmlFor="request-pay">
              {message('ui.care.requests.payIndividual')}
            </label>
            <input id="request-pay" className="input" inputMode="decimal" value={payIndividual} onChange={(e) => setPayIndividual(e.target.value)} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="request-pay-follow-up">
              {message('ui.care.requests.payFollowUp')}
            </label>
            <input id="request-pay-follow-up" className="input" inputMode="decimal" value={payFollowUp} onChange={(e) => setPayFollowUp(e.target.value)} />
          </div>
        </>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor="request-description">
          {message('ui.care.requests.description')}
        </label>
        <textarea
          id="request-description"
          className="input textarea"
          maxLength={careConstants.providerRequestTextMax}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      {send.isError ? <ErrorNotice text={errorTextFor(send.error, 'support_web')} /> : null}
      <div>
        <Button type="submit" disabled={send.isPending || !description.trim()}>
          {message('ui.care.requests.send')}
        </Button>
      </div>
    </form>
  );
}

function RequestItem({ request: r }: { request: ProviderRequest }) {
  const zone = useCareTimeZone();
  const specifics = requestSpecifics(r.request);
  const decided = r.decidedAt ? formatDay(r.decidedAt, zone) : '';
  return (
    <li className="card stack-sm">
      <h3>{enumLabelOf(careEnums.providerRequestKind, r.request.kind)}</h3>
      {specifics ? <p>{specifics}</p> : null}
      <p>{r.request.description}</p>
      <p className="care__meta">{message('ui.care.requests.asked', { when: formatDay(r.createdAt, zone) })}</p>
      <p className={r.status === 'completed' ? 'notice notice--success' : 'notice'}>
        {r.status === 'completed'
          ? message('ui.care.requests.approved', { when: decided, reason: r.reason ?? '' })
          : r.status === 'declined'
            ? message('ui.care.requests.declined', { when: decided, reason: r.reason ?? '' })
            : message('ui.care.requests.waiting')}
      </p>
    </li>
  );
}

export function ProviderRequestsPanel() {
  // Read again each time the schedule opens: the RCD decides elsewhere.
  const list = useListMyProviderRequestsQuery({ refetchOnMount: 'always' });
  return (
    <section className="stack" aria-labelledby="provider-requests">
      <h2 id="provider-requests">{message('ui.care.requests.heading')}</h2>
      <p className="muted">{message('ui.care.requests.help')}</p>
      <RequestForm />
      {list.isError ? null : !list.data ? (
        <div role="status" aria-busy="true">
          <Skeleton height="5rem" />
        </div>
      ) : list.data.items.length ? (
        <ul className="care__list stack">
          {list.data.items.map((r) => (
            <RequestItem key={r.id} request={r} />
          ))}
        </ul>
      ) : (
        <p className="muted">{message('ui.care.requests.none')}</p>
      )}
    </section>
  );
}
