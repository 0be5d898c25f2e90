/**
 * Joining a waitlist: a provider's (providerId and state from the provider's profile) or a
 * search waitlist (state, service and mode from the search). The person picks where they are among the
 * provider's licensed states and the parts of the day that suit them; the API refuses a provider who could
 * never see the patient, with the catalogue's message.
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import * as waitlistConstants from '@/generated/constants/waitlist';
import type { AppointmentMode, CounselingType, TimeOfDay } from '@/generated/enums';
import * as careEnums from '@/generated/enums/care';
import { routeById } from '@/generated/routes';
import { queryKeys, useGetProviderProfileQuery, useJoinWaitlistMutation } from '@/generated/client/hooks';
import { message } from '@/domain/messages';
import { isOneOf } from '@/domain/provider-search';
import { errorTextFor } from '@/client/api/errors';
import { Button, ButtonLink } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { PortalShell } from './PortalShell';
import { ListSkeleton } from './states';
import { providerDisplayName } from '@/domain/names';
import { enumOptionsOf } from '@/domain/translations';

function JoinForm({
  providerId,
  providerName,
  states,
  initialState,
  counselingType,
  appointmentMode,
}: {
  providerId?: string;
  providerName?: string;
  states: readonly string[];
  initialState: string;
  counselingType?: CounselingType;
  appointmentMode?: AppointmentMode;
}) {
  const queryClient = useQueryClient();
  const join = useJoinWaitlistMutation({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.listWaitlist() }) });
  const [stateCode, setStateCode] = useState(states.includes(initialState) ? initialState : (states[0] ?? initialState));
  const [times, setTimes] = useState<TimeOfDay[]>([]);

  function submit(event: FormEvent) {
    event.preventDefault();
    join.mutate({
      body: {
        stateCode,
        ...(providerId ? { providerId } : {}),
        ...(counselingType ? { counselingType } : {}),
        ...(appointmentMode ? { appointmentMode } : {}),
        ...(times.length ? { timesOfDay: times } : {}),
      },
    });
  }

  if (join.isSuccess) {
    return (
      <div className="item stack-sm">
        <p role="status">{message('ui.waitlist.join.joined')}</p>
        <ButtonLink to={routeById.patientWaitlist.path} variant="secondary">
          {message('ui.waitlist.join.seeList')}
        </ButtonLink>
      </div>
    );
  }
  const minutes = String(waitlistConstants.waitlistOfferHoldMinutes);
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p>
        {providerName ? message('ui.waitlist.join.providerIntro', { provider: providerName, minutes }) : message('ui.waitlist.join.searchIntro', { minutes })}
      </p>
      {states.length > 1 ? (
        <label className="field">
          <span>{message('ui.waitlist.join.stateLabel')}</span>
          <select value={stateCode} onChange={(e) => setStateCode(e.target.value)}>
            {states.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <fieldset className="stack-sm">
        <legend>{message('ui.waitlist.join.timesLegend')}</legend>
        <p className="muted">{message('ui.waitlist.join.timesHint')}</p>
        {enumOptionsOf(careEnums.timeOfDay).map((o) => (
          <label key={o.value} className="cluster">
            <input
              type="checkbox"
              checked={times.includes(o.value)}
              onChange={(e) => setTimes((now) => (e.target.checked ? [...now, o.value] : now.filter((t) => t !== o.value)))}
            />
            {o.label}
          </label>
        ))}
      </fieldset>
      <ErrorNotice text={join.isError ? errorTextFor(join.error, 'patient_web') : undefined} />
      <div>
        <Button type="submit" disabled={join.isPending} aria-busy={join.isPending || undefined}>
          {message('ui.waitlist.join.submit')}
        </Button>
      </div>
    </form>
  );
}

function ProviderJoin({ providerId, state }: { providerId: string; state: string }) {
  const profile = useGetProviderProfileQuery({ query: { providerId } });
  if (profile.isPending) return <ListSkeleton rows={2} height="6rem" />;
  if (profile.isError) return <ErrorNotice text={errorTextFor(profile.error, 'patient_web')} />;
  const p = profile.data;
  return <JoinForm providerId={providerId} providerName={providerDisplayName(p)} states={p.licensedStates} initialState={state} />;
}

export default function WaitlistJoinPage() {
  const [params] = useSearchParams();
  const providerId = params.get('providerId') ?? undefined;
  const state = (params.get('state') ?? '').toUpperCase();
  const counselingType = params.get('counselingType');
  const appointmentMode = params.get('availabilityType');
  let body;
  if (!/^[A-Z]{2}$/.test(state)) {
    body = (
      <div className="item stack-sm" role="alert">
        <p>{message('ui.waitlist.join.missing')}</p>
        <ButtonLink to={routeById.providerSearch.path} variant="secondary">
          {message('ui.waitlist.list.findProvider')}
        </ButtonLink>
      </div>
    );
  } else if (providerId) {
    body = <ProviderJoin providerId={providerId} state={state} />;
  } else {
    body = (
      <JoinForm
        states={[state]}
        initialState={state}
        {...(isOneOf(careEnums.counselingType.values, counselingType) ? { counselingType } : {})}
        {...(isOneOf(careEnums.appointmentMode.values, appointmentMode) ? { appointmentMode } : {})}
      />
    );
  }
  return <PortalShell route="waitlistJoin">{body}</PortalShell>;
}
