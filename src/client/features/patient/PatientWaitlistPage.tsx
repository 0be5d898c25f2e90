/**
 * The patient's waitlists: each place in line with what it waits for, and the times
 * offered from it. An open offer can be booked (the normal booking, with the held time) or declined (the
 * time goes to the next person at once); a waiting place can be left.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntry } from '@/generated/entities';
import { routeById } from '@/generated/routes';
import { queryKeys, useDeclineWaitlistOfferMutation, useLeaveWaitlistMutation, useListWaitlistQuery } from '@/generated/client/hooks';
import { formatSessionTime, formatTimeWithZone, formatWhen } from '@/domain/date-format';
import { useReaderTimeZone } from '@/client/runtime/auth/reader-zone';
import { message } from '@/domain/messages';
import { errorTextFor } from '@/client/api/errors';
import { Button, ButtonLink } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { PortalShell } from './PortalShell';
import { ListSkeleton, Loaded } from './states';
import { providerDisplayName } from '@/domain/names';
import { enumLabelOf } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';
import * as waitlistEnums from '@/generated/enums/waitlist';

type Offer = WaitlistEntry['offers'][number];

function waitsFor(entry: WaitlistEntry): string {
  const who = entry.provider ? providerDisplayName(entry.provider) : message('ui.waitlist.list.searchEntry');
  return who;
}

function details(entry: WaitlistEntry): string {
  const parts = [message('ui.waitlist.list.state', { state: entry.stateCode })];
  if (entry.counselingType) parts.push(entry.counselingType);
  if (entry.appointmentMode) parts.push(enumLabelOf(careEnums.appointmentMode, entry.appointmentMode));
  parts.push(entry.timesOfDay.length ? entry.timesOfDay.map((t) => enumLabelOf(careEnums.timeOfDay, t)).join(', ') : message('ui.waitlist.list.anyTime'));
  return parts.join(' · ');
}

function OfferItem({ offer, onDeclined }: { offer: Offer; onDeclined: () => void }) {
  const decline = useDeclineWaitlistOfferMutation({ onSuccess: onDeclined });
  const open = offer.status === 'open';
  return (
    <li className="item stack-sm">
      <p>
        <strong>{formatSessionTime(offer.start, offer.timeZone)}</strong> · {offer.providerName} ·{' '}
        {enumLabelOf(careEnums.appointmentMode, offer.appointmentMode)}
      </p>
      <p className="muted">
        {open
          ? message('ui.waitlist.list.heldUntil', { time: formatTimeWithZone(offer.expiresAt, offer.timeZone) })
          : enumLabelOf(waitlistEnums.waitlistOfferStatus, offer.status)}
      </p>
      {open ? (
        <div className="cluster">
          <ButtonLink to={offer.bookingPath}>{message('ui.waitlist.list.book')}</ButtonLink>
          <Button variant="ghost" onClick={() => decline.mutate({ params: { id: offer.id } })} disabled={decline.isPending}>
            {message('ui.waitlist.list.decline')}
          </Button>
        </div>
      ) : null}
      <ErrorNotice text={decline.isError ? errorTextFor(decline.error, 'patient_web') : undefined} />
    </li>
  );
}

function EntryItem({ entry, onChanged }: { entry: WaitlistEntry; onChanged: (text: string) => void }) {
  const leave = useLeaveWaitlistMutation({ onSuccess: () => onChanged(message('ui.waitlist.list.left')) });
  // When they joined, in the account's zone, not the provider's or the device's.
  const zone = useReaderTimeZone();
  return (
    <li className="item stack-sm">
      <h2>{waitsFor(entry)}</h2>
      <p className="muted">
        {details(entry)} · {message('ui.waitlist.list.joinedOn', { when: formatWhen(entry.createdAt, zone) })}
      </p>
      {entry.status !== 'waiting' ? <p>{enumLabelOf(waitlistEnums.waitlistEntryStatus, entry.status)}</p> : null}
      {entry.offers.length ? (
        <section className="stack-sm" aria-label={message('ui.waitlist.list.offersHeading')}>
          <h3>{message('ui.waitlist.list.offersHeading')}</h3>
          <ul className="item-list">
            {entry.offers.map((o) => (
              <OfferItem key={o.id} offer={o} onDeclined={() => onChanged(message('ui.waitlist.list.declined'))} />
            ))}
          </ul>
        </section>
      ) : null}
      {entry.status === 'waiting' ? (
        <div>
          <Button variant="secondary" onClick={() => leave.mutate({ params: { id: entry.id } })} disabled={leave.isPending}>
            {message('ui.waitlist.list.leave')}
          </Button>
        </div>
      ) : null}
      <ErrorNotice text={leave.isError ? errorTextFor(leave.error, 'patient_web') : undefined} />
    </li>
  );
}

export default function PatientWaitlistPage() {
  const list = useListWaitlistQuery();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<string>();
  const changed = (text: string) => {
    setOutcome(text);
    void queryClient.invalidateQueries({ queryKey: queryKeys.listWaitlist() });
  };
  return (
    <PortalShell route="patientWaitlist">
      {outcome ? <p role="status">{outcome}</p> : null}
      <Loaded query={{ ...list, data: list.data?.items }} skeleton={<ListSkeleton rows={2} height="8rem" />}>
        {(items) =>
          items.length ? (
            <ul className="item-list">
              {items.map((e) => (
                <EntryItem key={e.id} entry={e} onChanged={changed} />
              ))}
            </ul>
          ) : (
            <div className="item stack-sm">
              <p>{message('ui.waitlist.list.empty')}</p>
              <ButtonLink to={routeById.providerSearch.path} variant="secondary">
                {message('ui.waitlist.list.findProvider')}
              </ButtonLink>
            </div>
          )
        }
      </Loaded>
    </PortalShell>
  );
}
