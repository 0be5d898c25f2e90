/**
 * Undelivered e-mails and jobs (/app/support/dashboard/background-jobs): background work the job
 * engine gave up on after every try (GET /jobs/dead-letters), newest first, with what staff may see
 * of it (an e-mail's template and address, never its content) and the last error. "Try again"
 * (POST /jobs/dead-letters/{id}/retry) gives one a new round of tries once its cause is fixed.
 */
import { Fragment } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useListDeadLettersQuery, useRetryDeadLetterMutation } from '@/generated/client/hooks';
import type { EndpointTypes } from '@/generated/entities';
import { message } from '@/domain/messages';
import { formatSessionTime } from '@/domain/date-format';
import { useStaffTimeZone } from '@/client/runtime/auth/reader-zone';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { useAppDispatch } from '@/client/store/hooks';
import { toastShown } from '@/client/store/toasts';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { Loaded } from './Loaded';
import { SupportShell } from './SupportShell';

type DeadLetter = EndpointTypes['listDeadLetters']['response']['items'][number];

/** The job is no longer dead-lettered (someone retried it meanwhile). */
const gone = (error: unknown) => isApiError(error) && error.status === 404;

function DeadLetterItem({ item }: { item: DeadLetter }) {
  // The agent's account zone (else the calendar zone), named: never the device's.
  const zone = useStaffTimeZone();
  const when = (iso: string) => formatSessionTime(iso, zone);
  const queryClient = useQueryClient();
  const dispatch = useAppDispatch();
  const id = `dead-${item.id}`;
  const retry = useRetryDeadLetterMutation({
    onSuccess: async () => {
      // A toast, not a note in the row: the job leaves the list.
      dispatch(toastShown({ kind: 'success', text: message('ui.jobs.retried', { job: item.job }) }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.listDeadLetters() });
    },
    onError: async (error) => {
      if (gone(error)) {
        dispatch(toastShown({ kind: 'info', text: message('ui.jobs.gone') }));
        await queryClient.invalidateQueries({ queryKey: queryKeys.listDeadLetters() });
      }
    },
  });
  const facts = Object.entries(item.summary);
  return (
    <li className="card stack-sm" aria-labelledby={id}>
      <h2 id={id} className="support__title">
        {item.job}
        {item.summary.to ? ` · ${item.summary.to}` : ''}
      </h2>
      <p className="support__meta">{message('ui.jobs.tries', { count: item.tries, queued: when(item.firstQueuedAt), when: when(item.deadAt) })}</p>
      <dl className="support__facts">
        {facts.map(([key, value]) => (
          <Fragment key={key}>
            <dt>{key}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
        <dt>{message('ui.jobs.error')}</dt>
        <dd>{item.error}</dd>
      </dl>
      <ErrorNotice text={retry.error && !gone(retry.error) ? errorTextFor(retry.error, 'support_web') : undefined} />
      <div>
        <Button
          type="button"
          variant="secondary"
          onClick={() => retry.mutate({ params: { id: item.id } })}
          disabled={retry.isPending}
          aria-busy={retry.isPending || undefined}
          aria-describedby={id}
        >
          {message('ui.jobs.retry')}
        </Button>
      </div>
    </li>
  );
}

export default function DeadLettersPage() {
  const list = useListDeadLettersQuery({ select: (answer) => answer.items, staleTime: 0 });
  return (
    <SupportShell route="supportDeadLetters">
      <p className="lead">{message('ui.jobs.intro')}</p>
      <Loaded query={list} rows={3}>
        {(items) =>
          items.length ? (
            <ol className="support__list">
              {items.map((item) => (
                <DeadLetterItem key={item.id} item={item} />
              ))}
            </ol>
          ) : (
            <p className="notice">{message('ui.jobs.empty')}</p>
          )
        }
      </Loaded>
    </SupportShell>
  );
}
