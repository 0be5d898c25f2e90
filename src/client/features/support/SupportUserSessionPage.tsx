/**
 * One session's whole story (/app/support/dashboard/user/session?sessionId=), opened from a caller's
 * account: the provider, the time in the patient's and the provider's zones, what happened to it
 * and who did it, how it takes place, the people and who answers for them, consents, insurance or
 * the self-pay price, payments and refunds, notes and the audit history; and what support does for
 * the caller: cancel it (fee shown first; the practice's reason refunds in full), move it to another
 * time (rescheduleButtons flag), send the confirmation again, download the Good Faith Estimate of a
 * self-pay session, and add a note; and every e-mail sent about it with its delivery. Another partner's member (for a
 * third-party agent) or an unknown id answers 404 and shows the not-found state.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { routeById } from '@/generated/routes';
import { message, messageTemplate } from '@/domain/messages';
import { formatCents } from '@/domain/money';
import { isChangeable, sessionOutcome, sessionOutcomeLabel } from '@/domain/sessions';
import { useFetchNow } from '@/client/api/api-queries';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { Button, ButtonLink } from '@/client/ui/Button';
import { fullName } from '@/client/ui/format';
import { saveFile } from '@/client/ui/save-file';
import { CancelSessionDialog } from './CancelSessionDialog';
import { RescheduleSessionDialog } from './RescheduleSessionDialog';
import { useFlagOn } from '@/client/runtime/flags/useTreatment';
import { useStaffTimeZone } from '@/client/runtime/auth/reader-zone';
import { Loaded } from './Loaded';
import { AuditHistory, Fact, Mails, Money } from './SessionStoryRecords';
import { PatientDetailsDialog } from './PatientDetailsDialog';
import { PatientNotes } from './PatientNotes';
import { SupportShell } from './SupportShell';
import { accountPath, sessionPath, useSessionStory, type SessionStory } from './data';
import { queryKeys, useResendSessionConfirmationMutation } from '@/generated/client/hooks';
import { formatSessionTime, zoneLabel } from '@/domain/date-format';
import { enumLabelOf } from '@/domain/translations';
import { Name } from '@/client/ui/Name';
import * as careEnums from '@/generated/enums/care';
import * as peopleEnums from '@/generated/enums/people';

type Story = SessionStory;

/** The patient's zone (the account holder's, which the e-mails use), or the provider's when none is known. */
const zoneOf = (a: Story['appointment']) => a.timeZone ?? a.provider.timeZone;
/** What happened around the session (timeline, signatures, payments, mails, audit) reads in the agent's zone, named; never the device's. */
const useStoryZone = (a: Story['appointment']) => useStaffTimeZone(a.provider.timeZone);

function byText(by: Story['timeline'][number]['by']): string {
  if (!by) return message('ui.support.session.system');
  return by.staff ? message('ui.support.session.byStaff', { name: by.name }) : message('ui.support.session.by', { name: by.name });
}

function Summary({ story }: { story: Story }) {
  const a = story.appointment;
  const start = new Date(a.start);
  const provider = [fullName(a.provider), a.provider.title].filter(Boolean).join(', ');
  return (
    <section className="card stack" aria-labelledby="session-summary">
      <h2 id="session-summary">{message('ui.support.session.summary')}</h2>
      <dl className="support__facts">
        <Fact term={message('ui.support.session.status')}>{sessionOutcomeLabel(sessionOutcome(a, new Date()))}</Fact>
        <Fact term={message('ui.support.session.provider')}>{provider}</Fact>
        <Fact term={message('ui.support.session.patientTime', { zone: zoneLabel(zoneOf(a), start) })}>{formatSessionTime(a.start, zoneOf(a))}</Fact>
        <Fact term={message('ui.support.session.providerTime', { zone: zoneLabel(a.provider.timeZone, start) })}>
          {formatSessionTime(a.start, a.provider.timeZone)}
        </Fact>
        <Fact term={message('ui.support.session.type')}>{enumLabelOf(careEnums.counselingType, a.counselingType)}</Fact>
        <Fact term={message('ui.support.session.mode')}>{enumLabelOf(careEnums.appointmentMode, a.appointmentMode)}</Fact>
        {a.joinUrl ? (
          <Fact term={message('ui.support.session.join')}>
            <a href={a.joinUrl}>{a.joinUrl}</a>
          </Fact>
        ) : (
          <Fact term={message('ui.support.session.address')}>
            <Name>{a.practice.name}</Name>, {a.practice.addressLine1}, {a.practice.city}, {a.practice.state} {a.practice.zipcode}
          </Fact>
        )}
        <Fact term={message('ui.support.session.account')}>
          <Link to={accountPath(story.account.id)}>{fullName(story.account)}</Link> · {story.account.email}
        </Fact>
      </dl>
    </section>
  );
}

function Timeline({ story }: { story: Story }) {
  const a = story.appointment;
  const zone = useStoryZone(a);
  const when = (iso: string) => formatSessionTime(iso, zone);
  return (
    <section className="stack" aria-labelledby="session-timeline">
      <h2 id="session-timeline">{message('ui.support.session.timeline')}</h2>
      <ol className="support__list">
        {story.timeline.map((e, i) => (
          <li key={i} className="card">
            <p className="support__title">
              {e.event === 'rescheduled' && e.from
                ? message('ui.support.session.event.rescheduled', { when: when(e.from) })
                : messageTemplate(`ui.support.session.event.${e.event === 'rescheduled' ? 'booked' : e.event}`)}{' '}
              {byText(e.by)}
            </p>
            <p className="support__meta">{when(e.at)}</p>
            {e.reason ? <p>{message('ui.support.session.reason', { reason: e.reason })}</p> : null}
            {e.note ? <p>{e.note}</p> : null}
            {e.event === 'cancelled' && a.cancellation?.late ? (
              <p>
                {message('ui.support.session.lateFee', {
                  fee: formatCents(a.cancellation.feeCents),
                  status: messageTemplate(`ui.support.session.feeStatus.${a.cancellation.feeStatus}`),
                })}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {story.replaces ? (
        <p>
          <Link to={sessionPath(story.replaces.id)}>{message('ui.support.session.replaces', { when: when(story.replaces.start) })}</Link>
        </p>
      ) : null}
      {story.replacedBy
        .flatMap((r) => (r ? [r] : []))
        .map((r) => (
          <p key={r.id}>
            <Link to={sessionPath(r.id)}>{message('ui.support.session.replacedBy', { when: when(r.start) })}</Link>
          </p>
        ))}
    </section>
  );
}

function People({ story }: { story: Story }) {
  const fetchNow = useFetchNow();
  const a = story.appointment;
  const zone = useStoryZone(a);
  const [editing, setEditing] = useState<Story['appointment']['patients'][number]>();
  const [saved, setSaved] = useState(false);
  async function download(patientId: string, consentId: string) {
    const pdf = await fetchNow((q) => q.getConsentPdf({ params: { id: patientId, consentId } }));
    saveFile(pdf, `consent-${consentId}.pdf`);
  }
  return (
    <section className="stack" aria-labelledby="session-people">
      <h2 id="session-people">{message('ui.support.session.people')}</h2>
      <ul className="support__list">
        {a.patients.map((p) => {
          const party = story.responsibleParties.find((r) => r.patientId === p.id);
          const consents = story.consents.filter((c) => c.patientId === p.id);
          return (
            <li key={p.id} className="card stack-sm">
              <p className="support__title">{fullName(p)}</p>
              <p className="support__meta">
                {enumLabelOf(peopleEnums.relationship, p.relationship)}
                {p.isNew ? ` · ${message('ui.support.session.newPatient')}` : ''}
              </p>
              <dl className="support__facts">
                <Fact term={message('ui.support.session.responsibleParty')}>
                  {party ? [fullName(party), party.phoneNumber, party.email].filter(Boolean).join(' · ') : message('ui.support.session.noResponsibleParty')}
                </Fact>
                <Fact term={message('ui.support.session.consents')}>
                  {consents.length ? (
                    <ul className="support__plain">
                      {consents.map((c) => (
                        <li key={c.id}>
                          {enumLabelOf(peopleEnums.consentType, c.consentType)}:{' '}
                          {c.signedAt
                            ? message('ui.support.session.consentSigned', { name: c.signerName ?? '', when: formatSessionTime(c.signedAt, zone) })
                            : message('ui.support.session.consentUnsigned')}
                          {c.signedAt ? (
                            <>
                              {' '}
                              <Button variant="secondary" className="btn--small" onClick={() => void download(p.id, c.id)}>
                                {message('ui.support.session.consentPdf')}
                              </Button>
                            </>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    message('ui.support.session.noConsents')
                  )}
                </Fact>
              </dl>
              <div>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setSaved(false);
                    setEditing(p);
                  }}
                >
                  {message('ui.support.details.edit', { name: fullName(p) })}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <div aria-live="polite">
        {saved ? (
          <p className="notice notice--success" role="status">
            {message('ui.support.details.saved')}
          </p>
        ) : null}
      </div>
      {editing ? (
        <PatientDetailsDialog
          patient={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            setSaved(true);
          }}
        />
      ) : null}
    </section>
  );
}

/** A self-pay session's Good Faith Estimate (No Surprises Act), made by the server from the session as it is now. */
function Story({ story }: { story: Story }) {
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const [moving, setMoving] = useState(false);
  const [done, setDone] = useState<string>();
  const rescheduleOn = useFlagOn('rescheduleButtons');
  const a = story.appointment;
  const storyZone = useStoryZone(a);
  const resend = useResendSessionConfirmationMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.getSupportSession({ params: { id: a.id } }) }),
  });
  return (
    <>
      <Summary story={story} />
      <section className="stack-sm" aria-labelledby="session-actions">
        <h2 id="session-actions">{message('ui.support.session.actions')}</h2>
        <div aria-live="polite">
          {done ? (
            <p className="notice notice--success" role="status">
              {done}
            </p>
          ) : resend.data ? (
            <p className="notice notice--success" role="status">
              {message('ui.support.session.resent', { email: resend.data.sentTo })}
            </p>
          ) : null}
        </div>
        <ErrorNotice text={resend.error ? errorTextFor(resend.error, 'support_web') : undefined} />
        {isChangeable(a, new Date()) ? (
          <div className="cluster">
            <Button
              variant="secondary"
              onClick={() => resend.mutate({ params: { id: a.id } })}
              disabled={resend.isPending}
              aria-busy={resend.isPending || undefined}
            >
              {message('ui.support.session.resend')}
            </Button>
            {rescheduleOn ? (
              <Button
                variant="secondary"
                onClick={() => {
                  setDone(undefined);
                  setMoving(true);
                }}
              >
                {message('ui.support.session.reschedule')}
              </Button>
            ) : null}
            <Button variant="secondary" className="btn--danger" onClick={() => setCancelling(true)}>
              {message('ui.support.session.cancel')}
            </Button>
          </div>
        ) : null}
      </section>
      <Timeline story={story} />
      <People story={story} />
      <Money story={story} />
      <Mails story={story} />
      <PatientNotes people={a.patients} zone={storyZone} />
      <AuditHistory story={story} />
      {cancelling ? (
        <CancelSessionDialog
          session={a}
          onClose={() => setCancelling(false)}
          onDone={() => {
            setCancelling(false);
            setDone(message('ui.support.cancel.done'));
          }}
        />
      ) : null}
      {moving ? (
        <RescheduleSessionDialog
          session={a}
          zone={zoneOf(a)}
          onClose={() => setMoving(false)}
          onDone={(text) => {
            setMoving(false);
            setDone(text);
          }}
        />
      ) : null}
    </>
  );
}

export default function SupportUserSessionPage() {
  const [search] = useSearchParams();
  const sessionId = search.get('sessionId') ?? undefined;
  const story = useSessionStory(sessionId);
  const a = story.data?.appointment;
  return (
    <SupportShell route="supportUserSession" heading={a ? message('ui.support.session.heading', { when: formatSessionTime(a.start, zoneOf(a)) }) : undefined}>
      {isApiError(story.error) && story.error.status === 404 ? (
        <div className="notice stack-sm" role="alert">
          <p>{message('ui.support.session.notFound')}</p>
          <ButtonLink to={routeById.supportDashboard.path} variant="secondary">
            {message('ui.support.notFound.again')}
          </ButtonLink>
        </div>
      ) : sessionId ? (
        <Loaded query={story} rows={4}>
          {(data) => <Story story={data} />}
        </Loaded>
      ) : (
        <p className="notice">{message('ui.support.find.hint')}</p>
      )}
    </SupportShell>
  );
}
