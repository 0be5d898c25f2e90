/**
 * Secure messages of the care area (/care/message): the clinician's conversations with
 * their clients, newest first with unread counts (GET /care/messages); one opens in place (the thread
 * id in ?thread=, so the e-mailed link and a reload land on it; GET /care/messages/{id} marks it read)
 * and is answered (POST /care/messages/{id}, which also closes the unanswered-message task). A new
 * conversation starts with one of the clinician's own clients (POST /care/messages; specs/forms/care-message.yaml, the
 * clients given by the page).
 */
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { EndpointTypes, MessageThreadSummary } from '@/generated/entities';
import careMessageForm from '@/generated/forms/care-message';
import {
  queryKeys,
  useGetCareThreadQuery,
  useListCareClientsQuery,
  useListCareThreadsQuery,
  useSendCareMessageMutation,
  useStartCareThreadMutation,
} from '@/generated/client/hooks';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatDateTime } from '@/domain/date-format';
import { useCareTimeZone } from './care-zone';
import { isApiError, errorTextFor } from '@/client/api/errors';
import { PageLoadError } from '@/client/app/PageLoadError';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { Conversation } from '@/client/ui/Conversation';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { CareNav } from './CareNav';
import './care.css';
import { routeTitle } from '@/domain/translations';

/** What the form gives: the body of POST /care/messages. */
type StartThreadData = EndpointTypes['startCareThread']['body'];

function Loading() {
  return (
    <div className="stack-sm" role="status" aria-busy="true">
      <Skeleton height="4rem" />
      <Skeleton height="4rem" />
    </div>
  );
}

function ThreadList({ onOpen }: { onOpen: (id: string) => void }) {
  const zone = useCareTimeZone();
  const threads = useListCareThreadsQuery({ refetchOnMount: 'always' });
  if (threads.isError) return <PageLoadError />;
  if (!threads.data) return <Loading />;
  if (!threads.data.items.length) return <p className="muted">{message('ui.messages.care.none')}</p>;
  return (
    <ul className="care__list" aria-label={message('ui.messages.care.threadsLabel')}>
      {threads.data.items.map((t: MessageThreadSummary) => (
        <li key={t.id} className="card care__session">
          <div className="stack-sm">
            <p className="care__when">
              <Link
                to={`?thread=${t.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  onOpen(t.id);
                }}
              >
                {fullName(t.client)}
              </Link>
              {t.unread ? <span className="unread-badge">{message('ui.messages.unreadBadge', { count: String(t.unread) })}</span> : null}
            </p>
            <p className="care__meta">
              {t.lastMessageAt ? message('ui.messages.lastAt', { when: formatDateTime(t.lastMessageAt, zone) }) : message('ui.messages.noneYet')}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function StartThread({ onOpen }: { onOpen: (id: string) => void }) {
  const clients = useListCareClientsQuery({});
  const start = useStartCareThreadMutation({ onSuccess: (thread) => onOpen(thread.id) });
  if (clients.isError) return <PageLoadError />;
  if (!clients.data) return <Skeleton height="6rem" />;
  if (!clients.data.items.length) return <p className="muted">{message('ui.messages.care.noClients')}</p>;
  const apiErrors = start.error && isApiError(start.error) ? start.error.fieldErrors : [];
  const choices = clients.data.items.map((c) => ({ value: c.id, label: fullName(c) }));
  return (
    <section className="card stack-sm" aria-labelledby="message-start">
      <h2 id="message-start">{message('ui.messages.care.start')}</h2>
      {start.isError && !apiErrors.length ? <ErrorNotice text={errorTextFor(start.error, 'support_web')} /> : null}
      <SpecForm<StartThreadData>
        idPrefix="message"
        form={careMessageForm}
        context={{ choices: { clients: choices } }}
        serverErrors={apiErrors}
        submitting={start.isPending}
        onSubmit={({ patientId }) => start.mutate({ body: { patientId } })}
      />
    </section>
  );
}

function Thread({ id }: { id: string }) {
  const queryClient = useQueryClient();
  // The other side writes meanwhile: a thread opened again asks anew, whatever the cache holds.
  const thread = useGetCareThreadQuery({ params: { id } }, { refetchOnMount: 'always' });
  const send = useSendCareMessageMutation({
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.getCareThread({ params: { id } }), answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.listCareThreads() });
    },
  });
  // Reading the thread marks the client's messages read: the list's counts follow.
  const readAt = thread.dataUpdatedAt;
  useEffect(() => {
    if (readAt) void queryClient.invalidateQueries({ queryKey: queryKeys.listCareThreads() });
  }, [readAt, queryClient]);
  if (thread.isError) {
    return isApiError(thread.error) && thread.error.status === 404 ? (
      <p className="notice notice--error" role="alert">
        {message('ui.messages.threadNotFound')}
      </p>
    ) : (
      <PageLoadError />
    );
  }
  if (!thread.data) return <Loading />;
  const name = fullName(thread.data.thread.client);
  const label = message('ui.messages.care.with', { name });
  return (
    <section className="stack" aria-label={label}>
      <h2>{label}</h2>
      <Conversation otherName={name} label={label} items={thread.data.messages} onSend={(text) => send.mutateAsync({ params: { id }, body: { text } })} />
    </section>
  );
}

export default function CareMessagePage() {
  const [search, setSearch] = useSearchParams();
  const open = search.get('thread');
  const openThread = (id: string | null) => setSearch(id ? { thread: id } : {});
  return (
    <div className="container stack-lg care">
      <CareNav />
      <header className="stack-sm">
        <h1>{routeTitle('careMessage')}</h1>
        <p className="lead">{message('ui.messages.care.intro')}</p>
      </header>
      {open ? (
        <>
          <p>
            <Link
              to={routeById.careMessage.path}
              onClick={(e) => {
                e.preventDefault();
                openThread(null);
              }}
            >
              {message('ui.messages.back')}
            </Link>
          </p>
          <Thread key={open} id={open} />
        </>
      ) : (
        <>
          <ThreadList onOpen={openThread} />
          <StartThread onOpen={openThread} />
        </>
      )}
    </div>
  );
}
