/**
 * Sessions, upcoming and past (product-spec §2 sub-views /upcoming and /past), or one session
 * (?session=id; another account's answers 404 and shows the not-found state). Upcoming sessions
 * can be joined (video), added to a calendar, rescheduled (when the rescheduleButtons flag is on)
 * and cancelled; past and cancelled ones can be booked again.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { message } from '@/domain/messages';
import { routeById, type RouteId } from '@/generated/routes';
import { isChangeable, isRebookable, sessionOutcome } from '@/domain/sessions';
import { useFlagOn } from '@/client/runtime/flags/useTreatment';
import { Button, ButtonLink } from '@/client/ui/Button';
import { PortalShell } from './PortalShell';
import { useDialogChange } from './useDialogChange';
import { ListSkeleton, Loaded } from './states';
import { CancelDialog } from './sessions/CancelDialog';
import { RebookDialog, RescheduleDialog } from './sessions/ChangeDialogs';
import { SessionCard } from './sessions/SessionCard';
import { hasGoodFaithEstimate } from '@/domain/good-faith-estimate';
import { downloadCalendarFile, downloadGoodFaithEstimate, useSession, useSessions, type Session } from './sessions/session-data';
import { useFetchNow } from '@/client/api/api-queries';
import { errorTextFor } from '@/client/api/errors';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { useUseReminderLinkMutation } from '@/generated/client/hooks';

type Change = { kind: 'cancel' | 'cancelRest' | 'reschedule' | 'rebook'; session: Session };

/** The session's Good Faith Estimate as a PDF download; a failed download says how to recover. */
function EstimateDownload({ session }: { session: Session }) {
  const fetchNow = useFetchNow();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  async function download() {
    setBusy(true);
    setProblem(undefined);
    try {
      await downloadGoodFaithEstimate(fetchNow, session);
    } catch (error) {
      setProblem(errorTextFor(error, 'patient_web'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="ghost" onClick={() => void download()} disabled={busy} aria-busy={busy || undefined}>
        {message('ui.patient.sessions.goodFaithEstimate')}
      </Button>
      <ErrorNotice text={problem} />
    </>
  );
}

function SessionActions({ session, now, onChange }: { session: Session; now: Date; onChange: (c: Change) => void }) {
  const rescheduleOn = useFlagOn('rescheduleButtons');
  const fetchNow = useFetchNow();
  if (isChangeable(session, now)) {
    return (
      <>
        {hasGoodFaithEstimate(session) ? <EstimateDownload session={session} /> : null}
        {session.appointmentMode === 'online' && session.joinUrl ? <ButtonLink to={session.joinUrl}>{message('ui.patient.sessions.join')}</ButtonLink> : null}
        <Button variant="secondary" onClick={() => void downloadCalendarFile(session, fetchNow)}>
          {message('ui.patient.sessions.addToCalendar')}
        </Button>
        {rescheduleOn ? (
          <Button variant="secondary" onClick={() => onChange({ kind: 'reschedule', session })}>
            {message('ui.patient.sessions.reschedule')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => onChange({ kind: 'cancel', session })}>
          {message('ui.patient.sessions.cancel')}
        </Button>
        {session.series && session.series.index < session.series.sessions - 1 ? (
          <Button variant="ghost" onClick={() => onChange({ kind: 'cancelRest', session })}>
            {message('ui.patient.sessions.cancelRest')}
          </Button>
        ) : null}
      </>
    );
  }
  if (isRebookable(session, now)) {
    return (
      <Button variant="secondary" onClick={() => onChange({ kind: 'rebook', session })}>
        {message('ui.patient.sessions.rebook')}
      </Button>
    );
  }
  return null;
}

/** The cards' headings follow the page's: h2 under the page's h1, h3 under a section's h2 (no level skipped). */
function SessionItems({ items, now, onChange, headingLevel }: { items: Session[]; now: Date; onChange: (c: Change) => void; headingLevel: 2 | 3 }) {
  return (
    <ul className="item-list">
      {items.map((s) => (
        <li key={s.id}>
          <SessionCard session={s} now={now} headingLevel={headingLevel} actions={<SessionActions session={s} now={now} onChange={onChange} />} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Upcoming lists the sessions still to come; the cancelled ones whose time has not come yet follow
 * under their own heading, so a cancelled session never reads as upcoming. Past sessions each say
 * what became of them (took place, or cancelled).
 */
function SessionList({ when, now, onChange }: { when: 'upcoming' | 'past'; now: Date; onChange: (c: Change) => void }) {
  const sessions = useSessions(when);
  return (
    <Loaded query={sessions} skeleton={<ListSkeleton rows={3} height="9rem" />}>
      {(items) => {
        const upcoming = when === 'upcoming' ? items.filter((s) => sessionOutcome(s, now) !== 'cancelled') : items;
        const cancelled = when === 'upcoming' ? items.filter((s) => sessionOutcome(s, now) === 'cancelled') : [];
        return (
          <>
            {upcoming.length ? <SessionItems items={upcoming} now={now} onChange={onChange} headingLevel={2} /> : <NoSessions when={when} />}
            {cancelled.length ? (
              <section className="stack-sm" aria-labelledby="sessions-cancelled">
                <h2 id="sessions-cancelled">{message('ui.patient.sessions.cancelledHeading')}</h2>
                <SessionItems items={cancelled} now={now} onChange={onChange} headingLevel={3} />
              </section>
            ) : null}
          </>
        );
      }}
    </Loaded>
  );
}

function NoSessions({ when }: { when: 'upcoming' | 'past' }) {
  return (
    <div className="item stack-sm">
      <p>{when === 'upcoming' ? message('ui.patient.sessions.noneUpcoming') : message('ui.patient.sessions.none')}</p>
      <ButtonLink to={routeById.providerSearch.path} variant="secondary">
        {message('ui.patient.home.findProvider')}
      </ButtonLink>
    </div>
  );
}

/**
 * A reminder mail's reschedule or cancel link (?reminder=token beside ?session=id): spent once, it opens
 * this session's own reschedule or cancel dialog (the cancel dialog states the late fee when late). A used,
 * expired or another account's link says so, and the session's own buttons stay there to use.
 */
function ReminderLinkOpener({ token, session, onChange }: { token: string; session: Session; onChange: (c: Change) => void }) {
  const spend = useUseReminderLinkMutation();
  const spent = useRef(false);
  const [notice, setNotice] = useState<string>();
  useEffect(() => {
    if (spent.current) return;
    spent.current = true;
    spend.mutate(
      { body: { token } },
      {
        onSuccess: (r) => {
          if (r.valid && r.appointmentId === session.id && (r.purpose === 'reschedule' || r.purpose === 'cancel')) {
            setNotice(message('ui.patient.reminders.linkOpened'));
            onChange({ kind: r.purpose, session });
          } else setNotice(message('ui.patient.reminders.linkUsed'));
        },
        onError: () => setNotice(message('ui.patient.reminders.linkUsed')),
      },
    );
  }, [token, session, spend, onChange]);
  return (
    <div aria-live="polite" role="status">
      {notice ? <p className="notice">{notice}</p> : null}
    </div>
  );
}

function OneSession({ id, now, reminderToken, onChange }: { id: string; now: Date; reminderToken?: string; onChange: (c: Change) => void }) {
  const session = useSession(id);
  return (
    <Loaded query={session} skeleton={<ListSkeleton rows={1} height="11rem" />}>
      {(s) => (
        <>
          {reminderToken ? <ReminderLinkOpener token={reminderToken} session={s} onChange={onChange} /> : null}
          <SessionCard session={s} now={now} headingLevel={2} linkToDetails={false} actions={<SessionActions session={s} now={now} onChange={onChange} />} />
        </>
      )}
    </Loaded>
  );
}

export default function PatientSessionsPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const sessionId = search.get('session') ?? undefined;
  const reminderToken = search.get('reminder') ?? undefined;
  const route: RouteId =
    location.pathname === routeById.patientSessionsPast.path
      ? 'patientSessionsPast'
      : location.pathname === routeById.patientSessionsUpcoming.path
        ? 'patientSessionsUpcoming'
        : 'patientSessions';
  const when = route === 'patientSessionsPast' ? 'past' : 'upcoming';
  const { change, start: startChange, close, done } = useDialogChange<Change>();
  const [now] = useState(() => new Date());

  return (
    <PortalShell
      route={route}
      actions={
        <ButtonLink to={routeById.patientWaitlist.path} variant="secondary">
          {message('ui.waitlist.openFromSessions')}
        </ButtonLink>
      }
    >
      <nav className="subnav" aria-label={message('ui.patient.sessions.tabsLabel')}>
        <Link to={routeById.patientSessionsUpcoming.path} aria-current={!sessionId && when === 'upcoming' ? 'page' : undefined}>
          {message('ui.patient.sessions.upcoming')}
        </Link>
        <Link to={routeById.patientSessionsPast.path} aria-current={!sessionId && when === 'past' ? 'page' : undefined}>
          {message('ui.patient.sessions.past')}
        </Link>
      </nav>
      {sessionId ? (
        <OneSession id={sessionId} now={now} reminderToken={reminderToken} onChange={startChange} />
      ) : (
        <SessionList when={when} now={now} onChange={startChange} />
      )}

      {change?.kind === 'cancel' || change?.kind === 'cancelRest' ? (
        <CancelDialog session={change.session} rest={change.kind === 'cancelRest'} onClose={close} onDone={(o) => done(o.text)} />
      ) : null}
      {change?.kind === 'reschedule' ? <RescheduleDialog session={change.session} onClose={close} onDone={done} /> : null}
      {change?.kind === 'rebook' ? <RebookDialog session={change.session} onClose={close} onDone={done} /> : null}
    </PortalShell>
  );
}
