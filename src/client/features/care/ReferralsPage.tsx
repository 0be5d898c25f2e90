/**
 * Referrals (/care/v1/referrals, behind the referrals flag): the clients colleagues
 * referred to this clinician, each accepted or declined with a reason while it waits, and the clients
 * this clinician referred, with where each stands (GET /care/referrals). "Make a referral" opens the form.
 */
import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EndpointTypes, Referral } from '@/generated/entities';
import answerForm from '@/generated/forms/care-referral-answer';
import { routeById } from '@/generated/routes';
import { queryKeys, useDecideReferralMutation, useListReferralsQuery } from '@/generated/client/hooks';
import { message } from '@/domain/messages';
import { formatDay } from '@/domain/date-format';
import { useCareTimeZone } from './care-zone';
import { formatUsDate } from '@/domain/dates';
import { errorTextFor } from '@/client/api/errors';
import { PageLoadError } from '@/client/app/PageLoadError';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { pressedDecision } from './pressed-decision';
import { useAppDispatch } from '@/client/store/hooks';
import { toastShown } from '@/client/store/toasts';
import { Button, ButtonLink } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { CareNav } from './CareNav';
import './care.css';
import { providerDisplayName as providerName } from '@/domain/names';
import { enumLabelOf, routeTitle } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

type ReferralDecision = EndpointTypes['decideReferral']['body']['decision'];
/** What the form gives: the body's reason (the decision is the button's, the version the referral's). */
type AnswerData = Pick<EndpointTypes['decideReferral']['body'], 'reason'>;

function ReferralFacts({ referral: r }: { referral: Referral }) {
  const zone = useCareTimeZone();
  const when = formatDay(r.createdAt, zone);
  const a = r.authorization;
  return (
    <div className="stack-sm">
      <h3>{fullName(r.client)}</h3>
      <p className="care__meta">
        {r.direction === 'received'
          ? message('ui.care.referrals.from', { provider: providerName(r.fromProvider), when })
          : message('ui.care.referrals.to', { provider: providerName(r.toProvider), when })}
      </p>
      <p>{message('ui.care.referrals.reason', { reason: r.referralReason })}</p>
      <p className="care__meta">
        {message('ui.care.referrals.authorization', {
          number: a.authorizationNumber,
          from: formatUsDate(a.effectiveDate),
          until: formatUsDate(a.expirationDate),
        })}
      </p>
      <p className={r.state === 'accepted' ? 'notice notice--success' : r.state === 'declined' ? 'notice' : 'care__meta'}>
        {r.state === 'declined' && r.declineReason
          ? message('ui.care.referrals.declinedBecause', { reason: r.declineReason })
          : message('ui.care.referrals.state', { state: enumLabelOf(careEnums.referralState, r.state) })}
      </p>
    </div>
  );
}

function Answer({ referral: r }: { referral: Referral }) {
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  // The button pressed: the form's own (accept) or decline beside it.
  const decision = useRef<ReferralDecision>('accept');
  const decide = useDecideReferralMutation({
    onSuccess: (answered) => {
      const toast = answered.state === 'accepted' ? 'ui.care.referrals.acceptedToast' : 'ui.care.referrals.declinedToast';
      dispatch(toastShown({ kind: 'success', text: message(toast, { client: fullName(answered.client) }) }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.listReferrals() });
    },
  });
  return (
    <div className="stack-sm" onClickCapture={(e) => (decision.current = pressedDecision(e.target, 'accept', 'decline'))}>
      {decide.isError ? <ErrorNotice text={errorTextFor(decide.error, 'support_web')} /> : null}
      <SpecForm<AnswerData>
        idPrefix={`referral-${r.id}`}
        form={answerForm}
        submitting={decide.isPending}
        actions={
          <Button type="submit" variant="secondary" value="decline" disabled={decide.isPending}>
            {message('ui.care.referrals.decline')}
          </Button>
        }
        onSubmit={({ reason }) => {
          const body = reason?.trim() ? { decision: decision.current, reason, version: r.version } : { decision: decision.current, version: r.version };
          decide.mutate({ params: { id: r.id }, body });
        }}
      />
    </div>
  );
}

function ReferralList({ items, empty, headingId }: { items: readonly Referral[]; empty: string; headingId: string }) {
  if (!items.length) return <p className="muted">{empty}</p>;
  return (
    <ul className="care__list" aria-labelledby={headingId}>
      {items.map((r) => (
        <li key={r.id} className="card stack">
          <ReferralFacts referral={r} />
          {r.direction === 'received' && r.state === 'pending' ? <Answer referral={r} /> : null}
        </li>
      ))}
    </ul>
  );
}

export default function ReferralsPage() {
  // A colleague's answer arrives from elsewhere: each visit asks again, showing what is known meanwhile.
  const referrals = useListReferralsQuery({ refetchOnMount: 'always' });
  return (
    <div className="container stack-lg care">
      <CareNav />
      <header className="stack-sm">
        <h1>{routeTitle('careReferrals')}</h1>
        <p className="lead">{message('ui.care.referrals.intro')}</p>
        <p>
          <ButtonLink to={routeById.careMakeReferral.path}>{message('ui.care.referrals.make')}</ButtonLink>
        </p>
      </header>
      {referrals.isError ? (
        <PageLoadError />
      ) : !referrals.data ? (
        <div className="stack-sm" role="status" aria-busy="true">
          <Skeleton height="8rem" />
          <Skeleton height="8rem" />
        </div>
      ) : (
        <>
          <section className="stack" aria-labelledby="referrals-received">
            <h2 id="referrals-received">{message('ui.care.referrals.received')}</h2>
            <ReferralList items={referrals.data.received} empty={message('ui.care.referrals.noneReceived')} headingId="referrals-received" />
          </section>
          <section className="stack" aria-labelledby="referrals-sent">
            <h2 id="referrals-sent">{message('ui.care.referrals.sent')}</h2>
            <ReferralList items={referrals.data.sent} empty={message('ui.care.referrals.noneSent')} headingId="referrals-sent" />
          </section>
        </>
      )}
    </div>
  );
}
