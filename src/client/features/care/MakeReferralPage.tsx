/**
 * Make a referral (/care/v1/referrals/make): the clinician chooses one of their
 * clients (specs/forms/care-referral-client.yaml, the clients given by the page), finds the colleague to refer them to
 * by name in a live search box (GET /providers/referring/search/{client}),
 * and fills the authorization form of product-spec §3 with its §5 rules (specs/forms/referral.yaml,
 * the same rules the server applies). Sent, it opens the done page of this referral.
 */
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { EndpointTypes, ReferralForm } from '@/generated/entities';
import clientForm from '@/generated/forms/care-referral-client';
import referralForm from '@/generated/forms/referral';
import type { FormDefinition } from '@/generated/types';
import { routeById } from '@/generated/routes';
import { queryKeys, useListCareClientsQuery, useMakeReferralMutation, useSearchReferringProvidersQuery } from '@/generated/client/hooks';
import { message } from '@/domain/messages';
import type { FieldError } from '@/domain/validation/field-errors';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { PageLoadError } from '@/client/app/PageLoadError';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { localizedForm } from '@/client/runtime/forms/localized-form';
import { Button, ButtonLink } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { CareNav } from './CareNav';
import './care.css';
import { routeTitle } from '@/domain/translations';

/** Searching starts with this many letters typed, so the list is short enough to read. */
const SEARCH_MIN = 2;

/** What the client's form gives: the body's patientId. */
type ClientData = Pick<EndpointTypes['makeReferral']['body'], 'patientId'>;

interface Chosen {
  id: string;
  name: string;
}

function ProviderPicker({
  clientId,
  chosen,
  onChoose,
  error,
  focus,
}: {
  clientId: string;
  chosen: Chosen | null;
  onChoose: (p: Chosen | null) => void;
  error?: string;
  /** the client was just chosen: the search box takes the focus the client's form had */
  focus?: boolean;
}) {
  const [q, setQ] = useState('');
  const search = useDeferredValue(q.trim());
  const found = useSearchReferringProvidersQuery(
    { params: { id: clientId }, query: { q: search } },
    { enabled: Boolean(clientId) && search.length >= SEARCH_MIN && !chosen, placeholderData: (previous) => previous },
  );
  if (chosen) {
    return (
      <div className="stack-sm">
        <p className="notice notice--success">{message('ui.care.referrals.chosenProvider', { provider: chosen.name })}</p>
        <p>
          <Button variant="secondary" onClick={() => onChoose(null)}>
            {message('ui.care.referrals.changeProvider')}
          </Button>
        </p>
      </div>
    );
  }
  const hintId = 'referral-provider-hint';
  const errorId = 'referral-provider-error';
  return (
    <div className="stack-sm">
      <div className="field">
        <label className="field__label" htmlFor="referral-provider">
          {message('ui.care.referrals.providerSearch')}
        </label>
        <p id={hintId} className="field__hint">
          {clientId ? message('ui.care.referrals.providerSearchHint') : message('ui.care.referrals.chooseClientFirst')}
        </p>
        <input
          id="referral-provider"
          className="input"
          type="search"
          maxLength={100}
          value={q}
          disabled={!clientId}
          autoFocus={focus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(e) => setQ(e.target.value.replace(/[^A-Za-z0-9 .'-]/g, ''))}
        />
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {search.length < SEARCH_MIN || !clientId ? null : found.isError ? (
        <ErrorNotice text={errorTextFor(found.error, 'support_web')} />
      ) : !found.data ? (
        <div role="status" aria-busy="true">
          <Skeleton height="3rem" />
        </div>
      ) : found.data.items.length ? (
        <ul className="care__list" aria-busy={found.isFetching}>
          {found.data.items.map((p) => {
            const name = `${fullName(p)}, ${p.credential}`;
            return (
              <li key={p.id} className="card care__session">
                <span>{name}</span>
                <Button variant="secondary" onClick={() => onChoose({ id: p.id, name })}>
                  {message('ui.care.referrals.referTo', { provider: name })}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">{message('ui.care.referrals.noProviders')}</p>
      )}
    </div>
  );
}

export default function MakeReferralPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clients = useListCareClientsQuery();
  const [clientId, setClientId] = useState('');
  // the client chosen before "Choose another client", still selected when the form opens again
  const [previousClientId, setPreviousClientId] = useState('');
  const [provider, setProvider] = useState<Chosen | null>(null);
  const [missing, setMissing] = useState<{ client?: boolean; provider?: boolean }>({});
  const send = useMakeReferralMutation({
    onSuccess: (referral) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.listReferrals() });
      void navigate(`${routeById.careMakeReferralDone.path}?referral=${encodeURIComponent(referral.id)}`);
    },
  });
  const apiErrors = send.error && isApiError(send.error) ? send.error.fieldErrors : [];
  // The API names the form's fields under "form"; the page's own choices by their names.
  const formErrors: FieldError[] = apiErrors.filter((e) => e.field.startsWith('form.')).map((e) => ({ ...e, field: e.field.slice('form.'.length) }));
  const providerError = apiErrors.find((e) => e.field === 'toProviderId')?.message;
  const clientError = apiErrors.find((e) => e.field === 'patientId')?.message;
  const client = clients.data?.items.find((c) => c.id === clientId);
  const otherError = send.isError && !apiErrors.length ? errorTextFor(send.error, 'support_web') : undefined;

  const submit = (form: ReferralForm) => {
    const lacking = { client: !clientId, provider: !provider };
    setMissing(lacking);
    if (lacking.client || lacking.provider || !provider) return;
    send.mutate({ body: { patientId: clientId, toProviderId: provider.id, form } });
  };

  return (
    <div className="container stack-lg care">
      <CareNav />
      <header className="stack-sm">
        <h1>{routeTitle('careMakeReferral')}</h1>
        <p className="lead">{message('ui.care.referrals.makeIntro')}</p>
      </header>
      {clients.isError ? (
        <PageLoadError />
      ) : !clients.data ? (
        <div className="stack-sm" role="status" aria-busy="true">
          <Skeleton height="3rem" />
          <Skeleton height="12rem" />
        </div>
      ) : !clients.data.items.length ? (
        <div className="card stack-sm">
          <p>{message('ui.care.referrals.noClients')}</p>
          <p>
            <ButtonLink variant="secondary" to={routeById.careReferrals.path}>
              {message('ui.care.referrals.back')}
            </ButtonLink>
          </p>
        </div>
      ) : (
        <>
          <section className="card stack">
            {client ? (
              <div className="stack-sm">
                <p className="notice notice--success">{message('ui.care.referrals.chosenClient', { client: fullName(client) })}</p>
                {clientError ? <ErrorNotice text={clientError} /> : null}
                <p>
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setClientId('');
                      setProvider(null);
                    }}
                  >
                    {message('ui.care.referrals.changeClient')}
                  </Button>
                </p>
              </div>
            ) : (
              <SpecForm<ClientData>
                idPrefix="referral-client"
                form={clientForm}
                initialData={previousClientId ? { patientId: previousClientId } : undefined}
                context={{ choices: { clients: clients.data.items.map((c) => ({ value: c.id, label: fullName(c) })) } }}
                serverErrors={missing.client ? [{ field: 'patientId', keyword: 'required', message: message('referral.clientRequired') }] : []}
                onSubmit={({ patientId }) => {
                  setClientId(patientId);
                  setPreviousClientId(patientId);
                  setMissing((m) => ({ ...m, client: false }));
                }}
              />
            )}
            <ProviderPicker
              key={clientId}
              clientId={clientId}
              focus={Boolean(clientId)}
              chosen={provider}
              onChoose={setProvider}
              error={missing.provider && !provider ? message('referral.providerRequired') : provider ? undefined : providerError}
            />
          </section>
          {/* Every try to send says what is missing above, even while the form still has its own errors. */}
          <section
            className="card stack"
            aria-label={localizedForm(referralForm).title}
            onSubmitCapture={() => setMissing({ client: !clientId, provider: !provider })}
          >
            {otherError ? <ErrorNotice text={otherError} /> : null}
            <SpecForm<ReferralForm>
              idPrefix="referral"
              form={referralForm as FormDefinition}
              onSubmit={submit}
              serverErrors={formErrors}
              submitting={send.isPending}
            />
          </section>
        </>
      )}
    </div>
  );
}
