/**
 * Secure messages in the portal: /app/patient/dashboard/messages lists the account's
 * conversations with clinicians (GET /patients/messages), newest first with unread counts;
 * /app/patient/dashboard/messages/:id opens one (GET /patients/messages/{id}, which marks it read) and
 * answers it (POST /patients/messages/{id}). The e-mail that a message waits links straight here. The
 * patient may also write first, to a clinician whose client they are (StartThread).
 */
import { useEffect, useState } from 'react';
import { Link, generatePath, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  useGetPatientThreadQuery,
  useListPatientMessageContactsQuery,
  useListPatientThreadsQuery,
  useSendPatientMessageMutation,
  useStartPatientThreadMutation,
} from '@/generated/client/hooks';
import type { MessageContact, MessageThreadSummary } from '@/generated/entities';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { formatDateTime } from '@/domain/date-format';
import { useReaderTimeZone } from '@/client/runtime/auth/reader-zone';
import { errorTextFor } from '@/client/api/errors';
import { Button } from '@/client/ui/Button';
import { Conversation } from '@/client/ui/Conversation';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName } from '@/client/ui/format';
import { PortalShell } from './PortalShell';
import { ListSkeleton, LoadFailed } from './states';

const clinicianName = (t: Pick<MessageThreadSummary, 'clinician'>) => `${fullName(t.clinician)}${t.clinician.title ? `, ${t.clinician.title}` : ''}`;
const contactKey = (c: MessageContact) => `${c.client.id}/${c.clinician.id}`;

/**
 * The patient writes first: one of the clinicians whose client a patient of the account is
 * (GET /patients/messages/contacts) opens the thread (POST /patients/messages), where the first message
 * is written. The client is named only when the account has more than one (a parent writing about a child).
 */
function StartThread() {
  const navigate = useNavigate();
  const contacts = useListPatientMessageContactsQuery({ refetchOnMount: 'always' });
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string>();
  const start = useStartPatientThreadMutation({
    onSuccess: (thread) => void navigate(generatePath(routeById.patientMessageThread.path, { id: thread.id })),
    onError: (e) => setError(errorTextFor(e, 'patient_web')),
  });
  if (contacts.isError) return <LoadFailed error={contacts.error} retry={() => void contacts.refetch()} />;
  if (!contacts.data) return <ListSkeleton rows={1} />;
  const items = contacts.data.items;
  if (!items.length) return <p className="muted">{message('ui.messages.patient.noContacts')}</p>;
  const severalClients = new Set(items.map((c) => c.client.id)).size > 1;
  return (
    <form
      className="card stack-sm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const contact = items.find((c) => contactKey(c) === chosen);
        setError(contact ? undefined : message('ui.messages.patient.startChoose'));
        if (contact) start.mutate({ body: { patientId: contact.client.id, providerId: contact.clinician.id } });
      }}
    >
      <h2>{message('ui.messages.patient.start')}</h2>
      <div className="field">
        <label className="field__label" htmlFor="message-clinician">
          {message('ui.messages.patient.startLabel')}
        </label>
        <select id="message-clinician" className="select" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">{message('ui.messages.patient.startChoose')}</option>
          {items.map((c) => (
            <option key={contactKey(c)} value={contactKey(c)}>
              {severalClients ? message('ui.messages.patient.startOption', { clinician: clinicianName(c), client: fullName(c.client) }) : clinicianName(c)}
            </option>
          ))}
        </select>
        <ErrorNotice text={error} inline />
      </div>
      <div className="cluster">
        <Button type="submit" disabled={start.isPending}>
          {message('ui.messages.patient.startButton')}
        </Button>
      </div>
    </form>
  );
}

function ThreadList() {
  const threads = useListPatientThreadsQuery({ refetchOnMount: 'always' });
  // The account's zone, not the device's: the same times wherever the patient reads them.
  const zone = useReaderTimeZone();
  if (threads.isError) return <LoadFailed error={threads.error} retry={() => void threads.refetch()} />;
  if (!threads.data) return <ListSkeleton rows={2} />;
  if (!threads.data.items.length) return <p className="muted">{message('ui.messages.patient.none')}</p>;
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
        <StartThread />
      </PortalShell>
    );
  }
  return (
    <PortalShell route="patientMessages" actions={<Link to={routeById.patientMessages.path}>{message('ui.messages.back')}</Link>}>
      <Thread key={id} id={id} />
    </PortalShell>
  );
}
