/**
 * Edit a provider (/care/admin/{id}/edit): a clinical admin changes the profile
 * (about and the language it is written in, title, search filters such as languages and ages served, licensed states, practice, pay
 * rates; PUT /care/admin/providers/{id}, validated by the AdminProviderProfile spec) or removes the
 * provider with a removal reason of product-spec §3 (POST …/remove): the public profile then answers
 * 410 and each upcoming session goes to the red-alert queue, which the toast counts.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  queryRoot,
  useGetAdminProviderQuery,
  useGetProviderFiltersQuery,
  useRemoveAdminProviderMutation,
  useUpdateAdminProviderMutation,
} from '@/generated/client/hooks';
import type { AdminProviderProfile, EndpointTypes, Filter } from '@/generated/entities';
import * as careConstants from '@/generated/constants/care';
import * as localesConstants from '@/generated/constants/locales';
import type { FilterType } from '@/generated/enums';
import * as careEnums from '@/generated/enums/care';
import removeProviderForm from '@/generated/forms/care-admin-remove-provider';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { PageLoadError } from '@/client/app/PageLoadError';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { useAppDispatch } from '@/client/store/hooks';
import { toastShown } from '@/client/store/toasts';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { amountOf } from './request-text';
import './care.css';
import { constantIn, enumLabelOf, enumOptionsOf, routeTitle } from '@/domain/translations';

type Answer = EndpointTypes['getAdminProvider']['response'];

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

function FilterChoices({ filters, chosen, onChange }: { filters: Filter[]; chosen: number[]; onChange: (ids: number[]) => void }) {
  const byType = new Map<FilterType, Filter[]>();
  for (const f of filters) byType.set(f.type, [...(byType.get(f.type) ?? []), f]);
  return (
    <details className="stack-sm">
      <summary>{message('ui.care.admin.filters')}</summary>
      {[...byType].map(([type, list]) => (
        <fieldset key={type} className="stack-sm">
          <legend>{enumLabelOf(careEnums.filterType, type)}</legend>
          <div className="cluster">
            {list.map((f) => (
              <label key={f.id} className="choice">
                <input type="checkbox" checked={chosen.includes(f.id)} onChange={(e) => onChange(toggle(chosen, f.id, e.target.checked))} /> {f.displayValue}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </details>
  );
}

function ProfileForm({ provider }: { provider: Answer }) {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  // The same entry the visitor pages read for every state (no state chosen).
  const filters = useGetProviderFiltersQuery({ query: {} });
  const [profile, setProfile] = useState<AdminProviderProfile>(provider.profile);
  const [payIndividual, setPayIndividual] = useState(String(provider.profile.payIndividual));
  const [payFollowUp, setPayFollowUp] = useState(provider.profile.payFollowUp === null ? '' : String(provider.profile.payFollowUp));
  const set = (patch: Partial<AdminProviderProfile>) => setProfile((p) => ({ ...p, ...patch }));
  const save = useUpdateAdminProviderMutation({
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.getAdminProvider({ params: { id: provider.id } }), saved);
      void queryClient.invalidateQueries({ queryKey: queryRoot('listAdminProviders') });
      dispatch(toastShown({ kind: 'success', text: message('ui.care.admin.saved', { name: fullName(saved) }) }));
    },
  });
  return (
    <form
      className="card stack"
      aria-label={routeTitle('careAdminEdit')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({
          params: { id: provider.id },
          body: { ...profile, payIndividual: amountOf(payIndividual) ?? -1, payFollowUp: amountOf(payFollowUp) ?? null },
        });
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor="admin-about">
          {message('ui.care.admin.about')}
        </label>
        <textarea
          id="admin-about"
          className="input textarea"
          rows={6}
          maxLength={careConstants.providerAboutMax}
          value={profile.about}
          onChange={(e) => set({ about: e.target.value })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="admin-about-locale">
          {message('ui.care.admin.aboutLocale')}
        </label>
        {/* Pages in another language mark the text with it, so a screen reader reads it in its own voice. */}
        <select
          id="admin-about-locale"
          className="select"
          value={profile.aboutLocale}
          onChange={(e) => set({ aboutLocale: e.target.value as AdminProviderProfile['aboutLocale'] })}
        >
          {localesConstants.locales.map((l) => (
            <option key={l.tag} value={l.tag} lang={l.tag}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="admin-title">
          {message('ui.care.admin.title')}
        </label>
        <select id="admin-title" className="select" value={profile.title} onChange={(e) => set({ title: e.target.value as AdminProviderProfile['title'] })}>
          {enumOptionsOf(careEnums.providerTitle).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor="admin-practice">
          {message('ui.care.admin.practice')}
        </label>
        <select id="admin-practice" className="select" value={profile.practiceId} onChange={(e) => set({ practiceId: e.target.value })}>
          {provider.practices.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}, {p.city}, {p.state}
            </option>
          ))}
        </select>
      </div>
      {/* Off, search does not list them for new clients. */}
      <label className="choice">
        <input type="checkbox" checked={profile.acceptingNewPatients ?? true} onChange={(e) => set({ acceptingNewPatients: e.target.checked })} />{' '}
        {message('ui.care.newClients.label')}
      </label>
      <div className="care-availability__settings">
        <div className="field">
          <label className="field__label" htmlFor="admin-pay">
            {message('ui.care.admin.payIndividual')}
          </label>
          <input id="admin-pay" className="input" inputMode="decimal" value={payIndividual} onChange={(e) => setPayIndividual(e.target.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="admin-pay-follow-up">
            {message('ui.care.admin.payFollowUp')}
          </label>
          <input id="admin-pay-follow-up" className="input" inputMode="decimal" value={payFollowUp} onChange={(e) => setPayFollowUp(e.target.value)} />
        </div>
      </div>
      <details className="stack-sm">
        <summary>{message('ui.care.admin.licensedStates')}</summary>
        <fieldset className="cluster">
          <legend className="visually-hidden">{message('ui.care.admin.licensedStates')}</legend>
          {constantIn('usStates').map((s) => (
            <label key={s.code} className="choice">
              <input
                type="checkbox"
                checked={profile.licensedStates.includes(s.code)}
                onChange={(e) =>
                  set({ licensedStates: toggle<string>(profile.licensedStates, s.code, e.target.checked) as AdminProviderProfile['licensedStates'] })
                }
              />{' '}
              {s.name}
            </label>
          ))}
        </fieldset>
      </details>
      {filters.data ? <FilterChoices filters={filters.data.items} chosen={profile.filterIds} onChange={(filterIds) => set({ filterIds })} /> : null}
      {save.isError ? <ErrorNotice text={errorTextFor(save.error, 'support_web')} /> : null}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {message('ui.care.admin.save')}
        </Button>
      </div>
    </form>
  );
}

type Removal = EndpointTypes['removeAdminProvider']['body'];

function RemoveForm({ provider }: { provider: Answer }) {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const remove = useRemoveAdminProviderMutation({
    onSuccess: (done) => {
      dispatch(toastShown({ kind: 'success', text: message('ui.care.admin.removedToast', { name: fullName(provider), count: String(done.redAlerts) }) }));
      void queryClient.invalidateQueries({ queryKey: queryRoot('listAdminProviders') });
      void queryClient.invalidateQueries({ queryKey: queryRoot('getAdminProvider') });
    },
  });
  return (
    <section className="card stack-sm" aria-labelledby="admin-remove">
      <h2 id="admin-remove">{message('ui.care.admin.removeHeading')}</h2>
      <p className="muted">{message('ui.care.admin.removeHelp')}</p>
      {remove.isError ? <ErrorNotice text={errorTextFor(remove.error, 'support_web')} /> : null}
      <SpecForm<Removal>
        idPrefix="admin-remove"
        form={removeProviderForm}
        destructive
        // The first reason is offered as chosen, as the list has always been.
        initialData={{ reason: careEnums.providerRemovalReason.values[0] }}
        submitting={remove.isPending}
        onSubmit={({ reason, note }) => remove.mutate({ params: { id: provider.id }, body: note?.trim() ? { reason, note } : { reason } })}
      />
    </section>
  );
}

export default function CareAdminEditPage() {
  const { id = '' } = useParams();
  const provider = useGetAdminProviderQuery({ params: { id } }, { retry: false });
  const notFound = isApiError(provider.error) && (provider.error.status === 404 || provider.error.status === 400);
  const d = provider.data;
  return (
    <div className="container stack-lg care">
      <p>
        <Link to={routeById.careAdmin.path}>{message('ui.care.admin.back')}</Link>
      </p>
      {notFound ? (
        <>
          <h1>{routeTitle('careAdminEdit')}</h1>
          <p className="notice">{message('ui.care.admin.notFound')}</p>
        </>
      ) : provider.isError ? (
        <PageLoadError />
      ) : !d ? (
        <div className="stack-sm" role="status" aria-busy="true">
          <Skeleton height="2rem" width="60%" />
          <Skeleton height="12rem" />
        </div>
      ) : (
        <>
          <header className="stack-sm">
            <h1>
              {fullName(d)}, {d.profile.title}
            </h1>
            <p className="lead">
              {message('ui.care.admin.upcoming', { count: String(d.upcomingSessions) })} · <a href={d.profilePath}>{message('ui.care.admin.viewProfile')}</a>
            </p>
          </header>
          {d.removedReason ? (
            <p className="notice" role="status">
              {message('ui.care.admin.isRemoved', { reason: d.removedReason })}
            </p>
          ) : (
            <>
              <ProfileForm key={d.id} provider={d} />
              <RemoveForm provider={d} />
            </>
          )}
        </>
      )}
    </div>
  );
}
