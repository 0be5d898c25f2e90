/**
 * Edit a provider (/care/admin/{id}/edit): a clinical admin changes the profile
 * (about and the language it is written in, title, search filters such as languages and ages served, licensed states, practice, pay
 * rates; PUT /care/admin/providers/{id}, validated by the AdminProviderProfile spec) or removes the
 * provider with a removal reason of product-spec §3 (POST …/remove): the public profile then answers
 * 410 and each upcoming session goes to the red-alert queue, which the toast counts.
 */
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
import type { AdminProviderProfile, EndpointTypes } from '@/generated/entities';
import * as localesConstants from '@/generated/constants/locales';
import * as careEnums from '@/generated/enums/care';
import profileForm from '@/generated/forms/care-admin-provider-profile';
import removeProviderForm from '@/generated/forms/care-admin-remove-provider';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { PageLoadError } from '@/client/app/PageLoadError';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { useAppDispatch } from '@/client/store/hooks';
import { toastShown } from '@/client/store/toasts';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { typedDollars } from './request-text';
import './care.css';
import { constantIn, enumLabelOf, routeTitle } from '@/domain/translations';

type Answer = EndpointTypes['getAdminProvider']['response'];

/** What the profile form holds: the body's fields, with the rates as typed (dollars). */
type ProfileFields = Omit<AdminProviderProfile, 'payIndividual' | 'payFollowUp' | 'filterIds'> & {
  filterIds?: AdminProviderProfile['filterIds'];
  payIndividual: string;
  payFollowUp?: string;
};

function ProfileForm({ provider }: { provider: Answer }) {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  // The same entry the visitor pages read for every state (no state chosen).
  const filters = useGetProviderFiltersQuery({ query: {} });
  const save = useUpdateAdminProviderMutation({
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.getAdminProvider({ params: { id: provider.id } }), saved);
      void queryClient.invalidateQueries({ queryKey: queryRoot('listAdminProviders') });
      dispatch(toastShown({ kind: 'success', text: message('ui.care.admin.saved', { name: fullName(saved) }) }));
    },
  });
  const { payIndividual, payFollowUp, ...rest } = provider.profile;
  const choices = {
    // Each language named in itself, marked with it so a screen reader reads it in its own voice.
    locales: localesConstants.locales.map((l) => ({ value: l.tag, label: l.name, lang: l.tag })),
    practices: provider.practices.map((p) => ({ value: p.id, label: `${p.name}, ${p.city}, ${p.state}` })),
    states: constantIn('usStates').map((s) => ({ value: s.code, label: s.name })),
    filters: (filters.data?.items ?? []).map((f) => ({ value: f.id, label: f.displayValue, group: enumLabelOf(careEnums.filterType, f.type) })),
  };
  return (
    <section className="card stack" aria-label={routeTitle('careAdminEdit')}>
      {save.isError ? <ErrorNotice text={errorTextFor(save.error, 'support_web')} /> : null}
      <SpecForm<ProfileFields>
        idPrefix="admin-profile"
        form={profileForm}
        context={{ choices }}
        initialData={{
          ...rest,
          // Left out, search lists them: the box starts ticked.
          acceptingNewPatients: rest.acceptingNewPatients ?? true,
          payIndividual: String(payIndividual),
          ...(payFollowUp === null ? {} : { payFollowUp: String(payFollowUp) }),
        }}
        submitting={save.isPending}
        onSubmit={({ payIndividual: individual, payFollowUp: followUp, filterIds = [], ...fields }) =>
          save.mutate({
            params: { id: provider.id },
            // The form has held the rates to the parser's shape; the server holds them to their range.
            body: { ...fields, filterIds, payIndividual: typedDollars(individual) ?? -1, payFollowUp: typedDollars(followUp) ?? null },
          })
        }
      />
    </section>
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
