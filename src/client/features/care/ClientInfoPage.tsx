/**
 * One client (/care/v1/client-info/{id}): the minimum a clinician needs (name, age,
 * contact, a minor's responsible party, sessions with them, consents (each signed one as its PDF),
 * insurance and authorizations,
 * measures over time, open items) and notes by type (POST /patients/save-note). Only the clinician's
 * own clients: anyone else shows the not-found state (GET /care/clients/{id} answers 404).
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFetchNow } from '@/client/api/api-queries';
import * as careConstants from '@/generated/constants/care';
import type { EndpointTypes } from '@/generated/entities';
import type { ConsentType, TaskStatus } from '@/generated/enums';
import noteForm from '@/generated/forms/care-client-note';
import { localizedIntakePages, questionsOf } from '@/domain/intake';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { PageLoadError } from '@/client/app/PageLoadError';
import { SpecForm } from '@/client/runtime/forms/SpecForm';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { saveFile } from '@/client/ui/save-file';
import { CareNav } from './CareNav';
import { queryKeys, useGetCareClientQuery, useSavePatientNoteMutation, useStartCareThreadMutation } from '@/generated/client/hooks';
import { measureText } from './measure-text';
import { ResolveAlert } from './ResolveAlert';
import './care.css';
import { formatSessionTime } from '@/domain/date-format';
import { useCareTimeZone } from './care-zone';
import { enumLabelOf, routeTitle } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';
import * as patientsEnums from '@/generated/enums/patients';
import * as peopleEnums from '@/generated/enums/people';
import * as tasksEnums from '@/generated/enums/tasks';

const CLIENT_REFRESH_MS = careConstants.careClientRefreshSeconds * 1000;

const isOpen = (status: TaskStatus) => status !== 'completed' && status !== 'declined' && status !== 'cancelled';

/** Opens the secure conversation with this client (started when there is none) on the messages screen. */
function WriteMessage({ patientId }: { patientId: string }) {
  const navigate = useNavigate();
  const start = useStartCareThreadMutation({
    onSuccess: (thread) => void navigate(`${routeById.careMessage.path}?${new URLSearchParams({ thread: thread.id }).toString()}`),
  });
  return (
    <div className="stack-sm">
      <div className="cluster">
        <Button variant="secondary" disabled={start.isPending} onClick={() => start.mutate({ body: { patientId } })}>
          {message('ui.messages.care.writeTo')}
        </Button>
      </div>
      {start.isError ? <ErrorNotice text={errorTextFor(start.error, 'support_web')} inline /> : null}
    </div>
  );
}

/** Downloads a signed consent as its PDF (GET /patients/{id}/consent-pdf/{consentId}: own clients only). */
function ConsentPdf({ patientId, consent }: { patientId: string; consent: { id: string; kind: ConsentType } }) {
  const fetchNow = useFetchNow();
  const download = useMutation({
    mutationFn: async () => saveFile(await fetchNow((q) => q.getConsentPdf({ params: { id: patientId, consentId: consent.id } })), `consent-${consent.id}.pdf`),
  });
  return (
    <>
      <Button variant="secondary" className="btn--small" disabled={download.isPending} onClick={() => download.mutate()}>
        {message('ui.care.client.consentPdf', { kind: enumLabelOf(peopleEnums.consentType, consent.kind) })}
      </Button>
      {download.isError ? <ErrorNotice text={errorTextFor(download.error, 'support_web')} inline /> : null}
    </>
  );
}

type Note = EndpointTypes['savePatientNote']['body'];
/** What the note form holds: the body without the client's id. */
type NoteFields = Pick<Note, 'noteType' | 'text'>;

function NoteForm({ patientId }: { patientId: string }) {
  const queryClient = useQueryClient();
  // A saved note empties the form: a new one is drawn.
  const [saved, setSaved] = useState(0);
  const save = useSavePatientNoteMutation({
    onSuccess: () => {
      setSaved((n) => n + 1);
      void queryClient.invalidateQueries({ queryKey: queryKeys.getCareClient({ params: { id: patientId } }) });
    },
  });
  return (
    <div className="stack-sm">
      {save.isError ? <ErrorNotice text={errorTextFor(save.error, 'support_web')} /> : null}
      <SpecForm<NoteFields>
        key={saved}
        idPrefix="client-note"
        form={noteForm}
        initialData={{ noteType: 'clinical_handoff' }}
        submitting={save.isPending}
        onSubmit={({ noteType, text }) => save.mutate({ body: { patientId, noteType, text } })}
      />
    </div>
  );
}

export default function ClientInfoPage() {
  const zone = useCareTimeZone();
  const { id = '' } = useParams();
  // The client answers check-ins (PHQ-9, GAD-7) and the care team adds items while this page stays open:
  // read again when the page comes back into view and every careClientRefreshSeconds, whatever the cache's freshness.
  const info = useGetCareClientQuery(
    { params: { id } },
    { retry: false, refetchOnWindowFocus: 'always', refetchInterval: CLIENT_REFRESH_MS, refetchIntervalInBackground: false },
  );
  const notFound = isApiError(info.error) && (info.error.status === 404 || info.error.status === 400);
  const d = info.data;
  return (
    <div className="container stack-lg care">
      <CareNav />
      <p>
        <Link to={routeById.careClients.path}>{message('ui.care.client.back')}</Link>
      </p>
      {notFound ? (
        <>
          <h1>{routeTitle('careClientInfo')}</h1>
          <p className="notice">{message('ui.care.client.notFound')}</p>
        </>
      ) : info.isError ? (
        <PageLoadError />
      ) : !d ? (
        <div className="stack-sm" role="status" aria-busy="true">
          <Skeleton height="2rem" width="60%" />
          <Skeleton height="8rem" />
        </div>
      ) : (
        <>
          <header className="stack-sm">
            <h1>
              {fullName(d.client)}
              {d.client.urgent ? <span className="care-flag care-flag--urgent">{message('ui.care.clients.urgent')}</span> : null}
            </h1>
            <p className="lead">
              {[
                d.client.age === null ? null : message('ui.care.clients.age', { age: String(d.client.age) }),
                d.gender,
                enumLabelOf(patientsEnums.careStatus, d.client.careStatus),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <WriteMessage patientId={d.client.id} />
          </header>
          <section className="stack-sm" aria-labelledby="client-contact">
            <h2 id="client-contact">{message('ui.care.client.contact')}</h2>
            <p>{[d.contact.email, d.contact.phone].filter(Boolean).join(' · ') || message('ui.care.client.none')}</p>
            {d.responsibleParty ? (
              <p>
                {message('ui.care.client.responsibleParty')}: {fullName(d.responsibleParty)}{' '}
                {[d.responsibleParty.email, d.responsibleParty.phone].filter(Boolean).join(' · ')}
              </p>
            ) : null}
          </section>
          {d.tasks.some((t) => isOpen(t.status)) ? (
            <section className="stack-sm" aria-labelledby="client-tasks">
              <h2 id="client-tasks">{message('ui.care.client.tasks')}</h2>
              <ul className="care__list">
                {d.tasks.map((t) => (
                  <li key={t.id} className="card stack-sm">
                    <p>
                      <strong>{enumLabelOf(tasksEnums.taskKind, t.kind)}</strong> · {enumLabelOf(tasksEnums.taskPriority, t.priority)} ·{' '}
                      {enumLabelOf(tasksEnums.taskStatus, t.status)}
                    </p>
                    <p className="care__meta">{message('ui.care.alert.raised', { reason: t.reason, when: formatSessionTime(t.createdAt, zone) })}</p>
                    {t.kind === 'clinical_alert' && isOpen(t.status) ? (
                      <ResolveAlert alert={t} label={`${message('ui.care.alert.resolve')}: ${enumLabelOf(tasksEnums.taskKind, t.kind)}`} />
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className="stack-sm" aria-labelledby="client-intake">
            <h2 id="client-intake">{message('ui.care.client.intake')}</h2>
            {d.intake ? (
              <>
                <p className="muted">{message('ui.care.client.intakeWhen', { when: formatSessionTime(d.intake.submittedAt, zone) })}</p>
                <dl className="stack-sm">
                  {localizedIntakePages()
                    .flatMap(questionsOf)
                    .map((q) => {
                      const answer = d.intake?.answers[q.id];
                      if (!answer) return null;
                      const shown = q.kind === 'choice' && 'options' in q ? (q.options.find((o) => o.value === answer)?.label ?? answer) : answer;
                      return (
                        <div key={q.id}>
                          <dt className="muted">{q.label}</dt>
                          <dd>{shown}</dd>
                        </div>
                      );
                    })}
                </dl>
              </>
            ) : (
              <p className="muted">{message('ui.care.client.noIntake')}</p>
            )}
          </section>
          <section className="stack-sm" aria-labelledby="client-measures">
            <h2 id="client-measures">{message('ui.care.client.measures')}</h2>
            {d.measures.length ? (
              <table className="care-table">
                <tbody>
                  {[...d.measures].reverse().map((m) => (
                    <tr key={m.id}>
                      <td>{formatSessionTime(m.completedAt, zone)}</td>
                      <td>{measureText(m)}</td>
                      <td>{m.urgent ? <span className="care-flag care-flag--urgent">{message('ui.care.clients.urgent')}</span> : null}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="muted">{message('ui.care.client.noMeasures')}</p>
            )}
          </section>
          <section className="stack-sm" aria-labelledby="client-sessions">
            <h2 id="client-sessions">{message('ui.care.client.sessions')}</h2>
            <ul className="care__list">
              {d.sessions.map((s) => (
                <li key={s.id} className={`card${s.status === 'cancelled' ? ' care__session--cancelled' : ''}`}>
                  <span className="care__when">{formatSessionTime(s.start, zone)}</span> · {enumLabelOf(careEnums.counselingType, s.counselingType)} ·{' '}
                  {enumLabelOf(careEnums.appointmentMode, s.appointmentMode)}
                  {s.status === 'cancelled' ? ` · ${enumLabelOf(careEnums.appointmentStatus, s.status)}` : ''}
                  {s.reason ? <p className="care__reason">{message('ui.care.schedule.reason', { reason: s.reason })}</p> : null}
                </li>
              ))}
            </ul>
          </section>
          <section className="stack-sm" aria-labelledby="client-consents">
            <h2 id="client-consents">{message('ui.care.client.consents')}</h2>
            {d.consents.length ? (
              <ul>
                {d.consents.map((c) => (
                  <li key={c.id}>
                    {enumLabelOf(peopleEnums.consentType, c.kind)}:{' '}
                    {c.signedAt ? (
                      <>
                        {message('ui.care.client.consentSigned', { when: formatSessionTime(c.signedAt, zone) })}{' '}
                        <ConsentPdf patientId={d.client.id} consent={c} />
                      </>
                    ) : (
                      message('ui.care.client.consentUnsigned')
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{message('ui.care.client.none')}</p>
            )}
          </section>
          <section className="stack-sm" aria-labelledby="client-insurance">
            <h2 id="client-insurance">{message('ui.care.client.insurance')}</h2>
            {d.insurances.length ? (
              <ul>
                {d.insurances.map((i) => (
                  <li key={i.id}>
                    {i.carrier}, {i.plan} ({i.memberId})
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{message('ui.care.client.noInsurance')}</p>
            )}
            {d.authorizations.map((a) => (
              <p key={a.id}>
                {message('ui.care.client.authorization', { number: a.authorizationNumber ?? '', from: a.effectiveDate ?? '', to: a.expirationDate ?? '' })}
              </p>
            ))}
          </section>
          <section className="stack-sm" aria-labelledby="client-notes">
            <h2 id="client-notes">{message('ui.care.client.notes')}</h2>
            {d.notes.length ? (
              <ul className="care__list">
                {d.notes.map((n) => (
                  <li key={n.id} className="card">
                    <p className="care__meta">
                      {enumLabelOf(patientsEnums.patientNoteType, n.noteType)} · {n.authorName} · {formatSessionTime(n.createdAt, zone)}
                    </p>
                    <p>{n.text}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{message('ui.care.client.noNotes')}</p>
            )}
            <NoteForm patientId={d.client.id} />
          </section>
        </>
      )}
    </div>
  );
}
