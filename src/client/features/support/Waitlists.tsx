/**
 * A caller's waitlists as support sees them on the caller's account: each place in line,
 * the times offered from it and what became of them; support takes the caller off a waitlist or declines
 * a held time for them (the time goes to the next person at once).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntry } from '@/generated/entities';
import { queryKeys, useDeclineWaitlistOfferMutation, useLeaveWaitlistMutation, useListWaitlistQuery } from '@/generated/client/hooks';
import { formatSessionTime } from '@/domain/date-format';
import { message } from '@/domain/messages';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { Loaded } from './Loaded';
import { providerDisplayName } from '@/domain/names';
import { enumLabelOf } from '@/domain/translations';
import * as waitlistEnums from '@/generated/enums/waitlist';

function Entry({ entry, onChanged }: { entry: WaitlistEntry; onChanged: (text: string) => void }) {
  const leave = useLeaveWaitlistMutation({ onSuccess: () => onChanged(message('ui.waitlist.support.left')) });
  const decline = useDeclineWaitlistOfferMutation({ onSuccess: () => onChanged(message('ui.waitlist.list.declined')) });
  const problem = leave.isError ? leave.error : decline.isError ? decline.error : undefined;
  return (
    <li className="card stack-sm">
      <p className="support__title">{entry.provider ? providerDisplayName(entry.provider) : message('ui.waitlist.list.searchEntry')}</p>
      <p className="support__meta">
        {message('ui.waitlist.list.state', { state: entry.stateCode })} · {enumLabelOf(waitlistEnums.waitlistEntryStatus, entry.status)}
      </p>
      {entry.offers.length ? (
        <ul className="stack-sm">
          {entry.offers.map((o) => (
            <li key={o.id} className="cluster">
              <span>
                {formatSessionTime(o.start, o.timeZone)} · {enumLabelOf(waitlistEnums.waitlistOfferStatus, o.status)}
              </span>
              {o.status === 'open' ? (
                <Button variant="ghost" onClick={() => decline.mutate({ params: { id: o.id } })} disabled={decline.isPending}>
                  {message('ui.waitlist.support.decline')}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {entry.status === 'waiting' ? (
        <div>
          <Button variant="secondary" onClick={() => leave.mutate({ params: { id: entry.id } })} disabled={leave.isPending}>
            {message('ui.waitlist.support.leave')}
          </Button>
        </div>
      ) : null}
      <ErrorNotice text={problem ? errorTextFor(problem, 'support_web') : undefined} />
    </li>
  );
}

export function Waitlists({ userId }: { userId: string }) {
  const list = useListWaitlistQuery({ query: { userId } });
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<string>();
  const changed = (text: string) => {
    setOutcome(text);
    void queryClient.invalidateQueries({ queryKey: queryKeys.listWaitlist({ query: { userId } }) });
  };
  return (
    <section className="stack" aria-labelledby="account-waitlists">
      <h2 id="account-waitlists">{message('ui.waitlist.support.heading')}</h2>
      {outcome ? <p role="status">{outcome}</p> : null}
      <Loaded query={{ ...list, data: list.data?.items }} rows={1}>
        {(items) =>
          items.length ? (
            <ul className="support__list">
              {items.map((e) => (
                <Entry key={e.id} entry={e} onChanged={changed} />
              ))}
            </ul>
          ) : (
            <p className="muted">{message('ui.waitlist.support.empty')}</p>
          )
        }
      </Loaded>
    </section>
  );
}
