/**
 * A clinician's requests to their RCD, on their schedule (/care/v1): ask for a new
 * licence, new pay rates, or an availability or profile change (POST /care/provider-requests), and
 * see each request waiting, approved or declined with the RCD's reason (GET /care/provider-requests).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useCreateProviderRequestMutation, useListMyProviderRequestsQuery } from '@/generated/client/hooks';
import type { ProviderRequest, ProviderRequestInput } from '@/generated/entities';
import type { ProviderRequestKind } from '@/generated/enums';
import changeForm from '@/generated/forms/care-request-change';
import licenceForm from '@/generated/forms/care-request-licence';
import payRatesForm from '@/generated/forms/care-request-pay-rates';
import type { FormDefinition } from '@/generated/types';
import { message } from '@/domain/messages';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { useAppDispatch } from '@/client/store/hooks';
import { toastShown } from '@/client/store/toasts';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { formatDay } from '@/domain/date-format';
import { useCareTimeZone } from './care-zone';
import { Skeleton } from '@/client/ui/Skeleton';
import { requestSpecifics, typedDollars } from './request-text';
import { enumLabelOf, enumOptionsOf } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

/** The fields of each kind of request, each a spec form: a licence names its state and number, pay rates the amounts. */
const formOfKind: Record<ProviderRequestKind, FormDefinition> = {
  licence_added: licenceForm,
  pay_rate_change: payRatesForm,
  availability_change: changeForm,
  profile_change: changeForm,
};

/** What the kind's form gives: the request's fields, the rates as typed. */
interface RequestFields {
  description: string;
  stateCode?: ProviderRequestInput['stateCode'];
  licenseNumber?: string;
  payIndividual?: string;
  payFollowUp?: string;
}

function requestBody(kind: ProviderRequestKind, fields: RequestFields): ProviderRequestInput {
  const { payIndividual, payFollowUp, ...rest } = fields;
  const body: ProviderRequestInput = { ...rest, kind };
  // The form took them as typed amounts; the request holds them as numbers.
  const individual = typedDollars(payIndividual);
  const followUp = typedDollars(payFollowUp);
  if (individual !== undefined) body.payIndividual = individual;
  if (followUp !== undefined) body.payFollowUp = followUp;
  return body;
}

function RequestForm() {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ProviderRequestKind>('licence_added');
  // A sent request starts a fresh form (its key), so the next one does not begin with the last one's words.
  const [sent, setSent] = useState(0);
  const send = useCreateProviderRequestMutation({
    onSuccess: () => {
      setSent((n) => n + 1);
      dispatch(toastShown({ kind: 'success', text: message('ui.care.requests.sent') }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.listMyProviderRequests() });
    },
  });
  const apiErrors = send.error && isApiError(send.error) ? send.error.fieldErrors : [];
  return (
    <div className="card stack-sm">
      {/* Which request it is chooses the form below: not a field of it. */}
      <div className="field">
        <label className="field__label" htmlFor="request-kind">
          {message('ui.care.requests.kind')}
        </label>
        <select
          id="request-kind"
          className="select"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as ProviderRequestKind);
            send.reset();
          }}
        >
          {enumOptionsOf(careEnums.providerRequestKind).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {send.isError && !apiErrors.length ? <ErrorNotice text={errorTextFor(send.error, 'support_web')} /> : null}
      <SpecForm<RequestFields>
        key={`${kind}-${sent}`}
        idPrefix="request"
        form={formOfKind[kind]}
        serverErrors={apiErrors}
        submitting={send.isPending}
        onSubmit={(fields) => send.mutate({ body: requestBody(kind, fields) })}
      />
    </div>
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
