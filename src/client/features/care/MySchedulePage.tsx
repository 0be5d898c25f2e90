/**
 * A clinician's schedule (/care/v1, where clinicians land after sign-in): their upcoming sessions day
 * by day in their own time zone, with the clients, the video link or the practice, and the recent
 * ones below (GET /care/schedule). Who waits in a session's video room shows on the session, to open the room and admit them. Cancelled sessions stay on the list, marked "Cancelled"; only sessions
 * still to come offer their video link.
 */
import { useGetCareScheduleQuery } from '@/generated/client/hooks';
import type { EndpointTypes } from '@/generated/entities';
import * as bookingConstants from '@/generated/constants/booking';
import { message, messageTemplate } from '@/domain/messages';
import { isApiError } from '@/client/api/errors';
import { PageLoadError } from '@/client/app/PageLoadError';
import { fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { ButtonLink } from '@/client/ui/Button';
import { CareNav } from './CareNav';
import { ProviderRequestsPanel } from './ProviderRequestsPanel';
import './care.css';
import { formatDay, formatTime, zoneLabel } from '@/domain/date-format';
import { enumLabelOf, routeTitle } from '@/domain/translations';
import { messageNaming } from '@/client/ui/Name';
import * as careEnums from '@/generated/enums/care';

const WAITING_REFRESH_MS = bookingConstants.videoVisitWaitingRefreshSeconds * 1000;

type Schedule = EndpointTypes['getCareSchedule']['response'];
type Session = Schedule['items'][number];

function useSchedule(when: 'upcoming' | 'past') {
  // The upcoming list is read again every few seconds: it shows who waits in a video room to be admitted.
  return useGetCareScheduleQuery(
    { query: { when, limit: when === 'upcoming' ? 50 : 10 } },
    { refetchInterval: when === 'upcoming' ? WAITING_REFRESH_MS : false },
  );
}

function SessionItem({ session: s, zone, joinable }: { session: Session; zone: string; joinable: boolean }) {
  const cancelled = s.status === 'cancelled';
  const names = s.patients.map(fullName).join(', ');
  return (
    <li className={`card care__session${cancelled ? ' care__session--cancelled' : ''}`}>
      <div className="stack-sm">
        <p className="care__when">
          {formatTime(s.start, zone)} – {formatTime(s.end, zone)}
        </p>
        <p>{message('ui.care.schedule.clients', { names })}</p>
        {s.reason ? <p className="care__reason">{message('ui.care.schedule.reason', { reason: s.reason })}</p> : null}
        <p className="care__meta">
          {enumLabelOf(careEnums.counselingType, s.counselingType)} · {enumLabelOf(careEnums.appointmentMode, s.appointmentMode)}
          {cancelled ? ` · ${enumLabelOf(careEnums.appointmentStatus, s.status)}` : ''}
        </p>
        {s.appointmentMode === 'in_person' ? (
          <p className="care__meta">
            {messageNaming(
              'ui.care.schedule.inPerson',
              { practice: s.practice.name, address: `${s.practice.addressLine1}, ${s.practice.city}, ${s.practice.state} ${s.practice.zipcode}` },
              ['practice'],
            )}
          </p>
        ) : null}
      </div>
      {joinable && s.joinUrl && !cancelled ? (
        <div className="stack-sm">
          {s.waiting?.length ? (
            <p className="notice" role="status">
              {message('ui.care.schedule.waiting', { names: s.waiting.join(', ') })}
            </p>
          ) : null}
          <ButtonLink to={s.joinUrl}>{messageTemplate(s.waiting?.length ? 'ui.care.schedule.admit' : 'ui.care.schedule.join')}</ButtonLink>
        </div>
      ) : null}
    </li>
  );
}

/** Sessions under a heading per day, in the provider's time zone. */
function Days({ sessions, zone, joinable }: { sessions: Session[]; zone: string; joinable: boolean }) {
  const days = new Map<string, Session[]>();
  for (const s of sessions) {
    const day = formatDay(s.start, zone);
    days.set(day, [...(days.get(day) ?? []), s]);
  }
  return (
    <div className="stack">
      {[...days].map(([day, list]) => (
        <section key={day} className="stack-sm" aria-label={day}>
          <h3>{day}</h3>
          <ul className="care__list">
            {list.map((s) => (
              <SessionItem key={s.id} session={s} zone={zone} joinable={joinable} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function Part({ when }: { when: 'upcoming' | 'past' }) {
  const schedule = useSchedule(when);
  const id = `schedule-${when}`;
  const zone = schedule.data?.provider.timeZone;
  return (
    <section className="stack" aria-labelledby={id}>
      <h2 id={id}>{messageTemplate(when === 'upcoming' ? 'ui.care.schedule.upcoming' : 'ui.care.schedule.past')}</h2>
      {schedule.data && zone ? (
        schedule.data.items.length ? (
          <Days sessions={schedule.data.items} zone={zone} joinable={when === 'upcoming'} />
        ) : (
          <p className="muted">{messageTemplate(when === 'upcoming' ? 'ui.care.schedule.noUpcoming' : 'ui.care.schedule.noPast')}</p>
        )
      ) : schedule.isError ? null : (
        <div className="stack-sm" role="status" aria-busy="true">
          <Skeleton height="6rem" />
          <Skeleton height="6rem" />
        </div>
      )}
    </section>
  );
}

export default function MySchedulePage() {
  const schedule = useSchedule('upcoming');
  const provider = schedule.data?.provider;
  const notProvider = isApiError(schedule.error) && schedule.error.status === 404;
  return (
    <div className="container stack-lg care">
      <CareNav />
      <header className="stack-sm">
        <h1>{routeTitle('careSchedule')}</h1>
        {provider ? (
          <p className="lead">
            {message('ui.care.schedule.intro', {
              provider: [fullName(provider), provider.title].filter(Boolean).join(', '),
              zone: zoneLabel(provider.timeZone),
            })}
          </p>
        ) : schedule.isPending ? (
          <Skeleton height="1.75rem" width="70%" />
        ) : null}
      </header>
      {notProvider ? (
        <p className="notice" role="status">
          {message('ui.care.schedule.noProvider')}
        </p>
      ) : schedule.isError ? (
        <PageLoadError />
      ) : (
        <>
          <Part when="upcoming" />
          <Part when="past" />
          <ProviderRequestsPanel />
        </>
      )}
    </div>
  );
}
