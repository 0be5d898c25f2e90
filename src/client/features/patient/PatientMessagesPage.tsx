/**
 * Secure messages in the portal (issue 17 item 6): /app/patient/dashboard/messages lists the account's
 * conversations with clinicians (GET /patients/messages), newest first with unread counts;
 * /app/patient/dashboard/messages/:id opens one (GET /patients/messages/{id}, which marks it read) and
 * answers it (POST /patients/messages/{id}). The e-mail that a message waits links straight here.
 */
import { useEffect } from 'react';
import { Link, generatePath, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useGetPatientThreadQuery, useListPatientThreadsQuery, useSendPatientMessageMutation } from '@/generated/client/hooks';
import type { MessageThreadSummary } from '@/generated/entities';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatDateTime, viewerTimeZone } from '@/domain/date-format';
import { Conversation } from '@/client/ui/Conversation';
import { fullName } from '@/client/ui/format';
import { PortalShell } from './PortalShell';
import { ListSkeleton, LoadFailed } from './states';

const clinicianName = (t: MessageThreadSummary) => `${fullName(t.clinician)}${t.clinician.title ? `, ${t.clinician.title}` : ''}`;

function ThreadList() {
  const threads = useListPatientThreadsQuery({ refetchOnMount: 'always' });
  if (threads.isError) return <LoadFailed error={threads.error} retry={() => void threads.refetch()} />;
  if (!threads.data) return <ListSkeleton rows={2} />;
  if (!threads.data.items.length) return <p className="muted">{message('ui.messages.patient.none')}</p>;
  const zone = viewerTimeZone();
  return (
    <ul className="item-list" aria-label={message('ui.messages.patient.threadsLabel')}>
      {threads.data.items.map((t) => (
        <li key={t.id} className="item">
          <div>
            <p className="item__title">
              <Link to={generatePath(routeById.patientMessageThread.path, { id: t.id })}>{clinicianName(t)}</Link>
              {t.unread ? <span className="unread-badge">{message('ui.messages.unreadBadge', { count: String(t.unread) })}</span> : null}
            </p>
            <p className="item__meta">
              {message('ui.messages.patient.about', { name: fullName(t.client) })}
              {' · '}
              {t.lastMessageAt ? message('ui.messages.lastAt', { when: formatDateTime(t.lastMessageAt, zone) }) : message('ui.messages.noneYet')}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Thread({ id }: { id: string }) {
  const queryClient = useQueryClient();
  // The other side writes meanwhile: a thread opened again asks anew, whatever the cache holds.
  const thread = useGetPatientThreadQuery({ params: { id } }, { refetchOnMount: 'always' });
  const send = useSendPatientMessageMutation({
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.getPatientThread({ params: { id } }), answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.listPatientThreads() });
    },
  });
  // Reading the thread marks it read: the list and the navigation's badge follow.
  const readAt = thread.dataUpdatedAt;
  useEffect(() => {
    if (readAt) void queryClient.invalidateQueries({ queryKey: queryKeys.listPatientThreads() });
  }, [readAt, queryClient]);
  if (thread.isError) return <LoadFailed error={thread.error} retry={() => void thread.refetch()} />;
  if (!thread.data) return <ListSkeleton rows={3} />;
  const name = clinicianName(thread.data.thread);
  return (
    <section className="stack" aria-label={message('ui.messages.patient.with', { name })}>
      <h2>{message('ui.messages.patient.with', { name })}</h2>
      <p className="muted">{message('ui.messages.patient.about', { name: fullName(thread.data.thread.client) })}</p>
      <Conversation
        otherName={name}
        label={message('ui.messages.patient.with', { name })}
        items={thread.data.messages}
        onSend={(text) => send.mutateAsync({ params: { id }, body: { text } })}
      />
    </section>
  );
}

export default function PatientMessagesPage() {
  const { id } = useParams();
  if (!id) {
    return (
      <PortalShell route="patientMessages">
        <p className="lead">{message('ui.messages.patient.intro')}</p>
        <ThreadList />
      </PortalShell>
    );
  }
  return (
    <PortalShell route="patientMessages" actions={<Link to={routeById.patientMessages.path}>{message('ui.messages.back')}</Link>}>
      <Thread key={id} id={id} />
    </PortalShell>
  );
}
