/** One session: when, with whom, how, for whom, and what can be done with it now. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { enumLabelOf } from '@/domain/translations';
import { sessionOutcome, sessionOutcomeLabel } from '@/domain/sessions';
import { modeLabel, patientNames, practiceAddress, providerName, whenOf, counselingLabel, type Session } from './session-data';
import { messageNaming } from '@/client/ui/Name';
import * as careEnums from '@/generated/enums/care';

export function sessionDetailsPath(s: Pick<Session, 'id'>): string {
  return `${routeById.patientSessions.path}?${new URLSearchParams({ session: s.id }).toString()}`;
}

export function SessionCard({
  session: s,
  now,
  actions,
  headingLevel = 3,
  linkToDetails = true,
}: {
  session: Session;
  now: Date;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
  linkToDetails?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const outcome = sessionOutcome(s, now);
  const cancelled = outcome === 'cancelled';
  return (
    <article className={`item session${cancelled ? ' session--cancelled' : ''}`} aria-label={whenOf(s)}>
      <div className="session__head">
        <Heading className="item__title session__when">{linkToDetails ? <Link to={sessionDetailsPath(s)}>{whenOf(s)}</Link> : whenOf(s)}</Heading>
        {outcome === 'upcoming' ? null : <span className={`badge badge--${outcome}`}>{sessionOutcomeLabel(outcome)}</span>}
      </div>
      <p className="session__provider" translate="no">
        {providerName(s)}
      </p>
      <p className="item__meta">
        {modeLabel(s)} · {counselingLabel(s)}
      </p>
      {s.appointmentMode === 'in_person' ? (
        <p className="item__meta">
          {messageNaming('ui.patient.sessions.practiceAt', { practice: s.practice.name, address: practiceAddress(s) }, ['practice'])}
        </p>
      ) : null}
      <p className="item__meta">{message('ui.patient.sessions.for', { patients: patientNames(s) })}</p>
      {s.series ? (
        <p className="item__meta session__series">
          {message('ui.patient.sessions.seriesLabel', {
            index: s.series.index + 1,
            count: s.series.sessions,
            repeat: enumLabelOf(careEnums.sessionRepeat, s.series.repeat),
          })}
        </p>
      ) : null}
      {s.rescheduledFrom ? <p className="item__meta">{message('ui.patient.sessions.rescheduledFrom', { when: whenOf(s, s.rescheduledFrom) })}</p> : null}
      {cancelled && s.cancellation ? (
        <p className="item__meta">
          {message('ui.patient.sessions.cancelledLabel', { when: whenOf(s, s.cancellation.at) })} · {s.cancellation.reason}
        </p>
      ) : null}
      {actions ? <div className="session__actions cluster">{actions}</div> : null}
    </article>
  );
}
