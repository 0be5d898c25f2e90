/**
 * The clinician's private calendar feed: make a secret address for their own calendar app
 * (shown once, to copy), make a new one (the old stops working) or stop it. Only the clinician has one: for
 * anyone else (an impersonating admin) the section is not shown.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useCreateCareCalendarFeedMutation, useGetCareCalendarFeedQuery, useRevokeCareCalendarFeedMutation } from '@/generated/client/hooks';
import { formatWhen } from '@/domain/date-format';
import { useStaffTimeZone } from '@/client/runtime/auth/reader-zone';
import { message } from '@/domain/messages';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { Skeleton } from '@/client/ui/Skeleton';

export function CalendarFeed({ timeZone }: { timeZone: string }) {
  const zone = useStaffTimeZone(timeZone);
  const queryClient = useQueryClient();
  const feed = useGetCareCalendarFeedQuery();
  const [made, setMade] = useState<string>();
  const [stopped, setStopped] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.getCareCalendarFeed() });
  const create = useCreateCareCalendarFeedMutation({
    onSuccess: (answer) => {
      setMade(answer.url);
      setStopped(false);
      refresh();
    },
  });
  const revoke = useRevokeCareCalendarFeedMutation({
    onSuccess: () => {
      setMade(undefined);
      setStopped(true);
      refresh();
    },
  });
  if (isApiError(feed.error) && (feed.error.status === 403 || feed.error.status === 404)) return null;
  const problem = create.isError ? create.error : revoke.isError ? revoke.error : feed.isError ? feed.error : undefined;
  return (
    <section className="card stack-sm" aria-labelledby="calendar-feed">
      <h2 id="calendar-feed">{message('ui.care.feed.heading')}</h2>
      <p className="muted">{message('ui.care.feed.text')}</p>
      {feed.isPending ? (
        <Skeleton height="1.5rem" width="50%" />
      ) : feed.data ? (
        <p role="status">
          {feed.data.active && feed.data.createdAt
            ? message('ui.care.feed.active', { when: formatWhen(feed.data.createdAt, zone) })
            : stopped
              ? message('ui.care.feed.revoked')
              : message('ui.care.feed.none')}
        </p>
      ) : null}
      {made ? <p className="small">{message('ui.care.feed.created', { url: made })}</p> : null}
      <div className="cluster">
        <Button variant="secondary" onClick={() => create.mutate({})} disabled={create.isPending}>
          {feed.data?.active ? message('ui.care.feed.renew') : message('ui.care.feed.create')}
        </Button>
        {feed.data?.active ? (
          <Button variant="ghost" onClick={() => revoke.mutate({})} disabled={revoke.isPending}>
            {message('ui.care.feed.revoke')}
          </Button>
        ) : null}
      </div>
      <ErrorNotice text={problem ? errorTextFor(problem, 'patient_web') : undefined} />
    </section>
  );
}
