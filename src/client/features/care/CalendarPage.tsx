/**
 * The clinician's calendar (/care/v1/calendar): a week or a day of their slots (open, being booked, booked) and
 * sessions in the provider's zone (when the viewer's device is in another zone, each time also in the viewer's
 * zone, labelled); below it, the weekly availability that makes the slots (AvailabilityForm) and the calendar feed.
 */
import { useState } from 'react';
import { useGetCareAvailabilityQuery, useGetCareCalendarQuery } from '@/generated/client/hooks';
import type { EndpointTypes } from '@/generated/entities';
import { message } from '@/domain/messages';
import { addDaysIso, isoDateIn } from '@/domain/dates';
import { isApiError } from '@/client/api/errors';
import { PageLoadError } from '@/client/app/PageLoadError';
import { Button } from '@/client/ui/Button';
import { NewClientsSwitch } from './NewClientsSwitch';
import { fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { CareNav } from './CareNav';
import { CalendarFeed } from './CalendarFeed';
import { AvailabilityForm } from './AvailabilityForm';
import './care.css';
import { formatDay, formatLongDay, formatTime, formatTimeWithZone, zoneLabel } from '@/domain/date-format';
import { useStaffTimeZone } from '@/client/runtime/auth/reader-zone';
import { enumLabelOf, routeTitle } from '@/domain/translations';
import { messageNaming } from '@/client/ui/Name';
import * as careEnums from '@/generated/enums/care';

type Calendar = EndpointTypes['getCareCalendar']['response'];

/** The Monday of the week of a local date. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
  return addDaysIso(date, 1 - weekday);
}

/** Noon UTC of a local date: a safe instant to name the day in any zone near it. */
const noonOf = (date: string) => `${date}T12:00:00Z`;

function CalendarView({ today, viewerZone }: { today: string; viewerZone: string }) {
  const [view, setView] = useState<'week' | 'day'>('week');
  const [anchor, setAnchor] = useState(today);
  const from = view === 'week' ? mondayOf(anchor) : anchor;
  const days = view === 'week' ? 7 : 1;
  // A calendar is read fresh whenever it is opened: bookings arrive from elsewhere at any time.
  const calendar = useGetCareCalendarQuery({ query: { from, days } }, { refetchOnMount: 'always' });
  const zone = calendar.data?.provider.timeZone;
  const dates = Array.from({ length: days }, (_, i) => addDaysIso(from, i));
  return (
    <section className="stack" aria-labelledby="calendar-heading">
      <div className="care-calendar__bar">
        <h2 id="calendar-heading">
          {message('ui.care.calendar.rangeHeading', { first: formatLongDay(noonOf(dates[0]!), 'UTC'), last: formatLongDay(noonOf(dates.at(-1)!), 'UTC') })}
        </h2>
        <div className="cluster" role="group" aria-label={message('ui.care.calendar.week')}>
          <Button variant={view === 'week' ? 'primary' : 'secondary'} aria-pressed={view === 'week'} onClick={() => setView('week')}>
            {message('ui.care.calendar.week')}
          </Button>
          <Button variant={view === 'day' ? 'primary' : 'secondary'} aria-pressed={view === 'day'} onClick={() => setView('day')}>
            {message('ui.care.calendar.day')}
          </Button>
        </div>
        <div className="cluster">
          <Button variant="ghost" onClick={() => setAnchor(addDaysIso(anchor, -days))}>
            {message('ui.care.calendar.previous')}
          </Button>
          <Button variant="ghost" onClick={() => setAnchor(today)}>
            {message('ui.care.calendar.today')}
          </Button>
          <Button variant="ghost" onClick={() => setAnchor(addDaysIso(anchor, days))}>
            {message('ui.care.calendar.next')}
          </Button>
        </div>
      </div>
      {calendar.data && zone ? (
        <div className={`care-calendar care-calendar--${view}`} aria-busy={calendar.isFetching}>
          {dates.map((date) => (
            <CalendarDay key={date} date={date} zone={zone} viewerZone={viewerZone} calendar={calendar.data} />
          ))}
        </div>
      ) : calendar.isError ? (
        <PageLoadError />
      ) : (
        <div className="stack-sm" role="status" aria-busy="true">
          <Skeleton height="5rem" />
          <Skeleton height="5rem" />
        </div>
      )}
    </section>
  );
}

const slotState = (): Record<Calendar['slots'][number]['state'], string> => ({
  open: message('ui.care.calendar.slotOpen'),
  held: message('ui.care.calendar.slotHeld'),
  booked: message('ui.care.calendar.slotBooked'),
});

/**
 * When the viewer's account zone is another than the provider's: the same times in the viewer's zone,
 * labelled with that zone (and with the viewer's day when it is not the provider's day).
 */
function ViewerTime({ start, end, date, viewerZone }: { start: string; end: string; date: string; viewerZone: string }) {
  const day = isoDateIn(new Date(start), viewerZone) === date ? '' : `${formatDay(start, viewerZone)}, `;
  return (
    <span className="care__meta">
      {message('ui.care.calendar.viewerTime', { time: `${day}${formatTime(start, viewerZone)} – ${formatTimeWithZone(end, viewerZone)}` })}
    </span>
  );
}

function CalendarDay({ date, zone, viewerZone, calendar }: { date: string; zone: string; viewerZone: string; calendar: Calendar }) {
  const otherZone = viewerZone !== zone;
  const sessions = calendar.sessions.filter((s) => isoDateIn(new Date(s.start), zone) === date);
  // A booked slot is shown by its session; the others by their state.
  const slots = calendar.slots.filter(
    (s) => isoDateIn(new Date(s.start), zone) === date && !(s.state === 'booked' && sessions.some((x) => x.start === s.start)),
  );
  const items = [
    ...sessions.map((s) => ({
      key: s.id,
      start: s.start,
      end: s.end,
      kind: s.status === 'cancelled' ? 'cancelled' : 'session',
      text: message('ui.care.calendar.session', { names: s.patients.map(fullName).join(', ') }),
      mode: s.appointmentMode,
      reason: s.reason,
    })),
    ...slots.map((s) => ({ key: s.id, start: s.start, end: s.end, kind: s.state, text: slotState()[s.state], mode: s.mode, reason: undefined })),
  ].sort((a, b) => a.start.localeCompare(b.start));
  return (
    <section className="care-calendar__day stack-sm" aria-label={formatLongDay(noonOf(date), 'UTC')}>
      <h3>{formatLongDay(noonOf(date), 'UTC')}</h3>
      {items.length ? (
        <ul className="care__list">
          {items.map((i) => (
            <li key={i.key} className={`care-calendar__item care-calendar__item--${i.kind}`}>
              <span className="care__when">
                {formatTime(i.start, zone)} – {otherZone ? formatTimeWithZone(i.end, zone) : formatTime(i.end, zone)}
              </span>{' '}
              {otherZone ? (
                <>
                  <ViewerTime start={i.start} end={i.end} date={date} viewerZone={viewerZone} />{' '}
                </>
              ) : null}
              <span>{i.text}</span> <span className="care__meta">· {enumLabelOf(careEnums.appointmentMode, i.mode)}</span>
              {i.reason ? <p className="care__reason">{message('ui.care.schedule.reason', { reason: i.reason })}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">{message('ui.care.calendar.nothing')}</p>
      )}
    </section>
  );
}

export default function CalendarPage() {
  const availability = useGetCareAvailabilityQuery();
  const provider = availability.data?.provider;
  const notProvider = isApiError(availability.error) && availability.error.status === 404;
  // The staff member's account zone (when they chose one), never the device's: without one, the schedule's zone alone.
  const viewerZone = useStaffTimeZone(provider?.timeZone);
  return (
    <div className="container stack-lg care care--wide">
      <CareNav />
      <header className="stack-sm">
        <h1>{routeTitle('careCalendar')}</h1>
        {provider ? (
          <>
            <p className="lead">{message('ui.care.calendar.intro', { zone: zoneLabel(provider.timeZone) })}</p>
            <p className="muted">
              {messageNaming('ui.care.calendar.practice', { practice: provider.practice.name, city: provider.practice.city, state: provider.practice.state }, [
                'practice',
              ])}
            </p>
            {viewerZone !== provider.timeZone ? (
              <p className="muted small">
                {message('ui.care.calendar.viewerZone', { zone: zoneLabel(viewerZone), providerZone: zoneLabel(provider.timeZone) })}
              </p>
            ) : null}
          </>
        ) : availability.isPending ? (
          <Skeleton height="1.75rem" width="70%" />
        ) : null}
      </header>
      {notProvider ? (
        <p className="notice" role="status">
          {message('ui.care.schedule.noProvider')}
        </p>
      ) : availability.isError ? (
        <PageLoadError />
      ) : availability.data && provider ? (
        <>
          <CalendarView today={isoDateIn(new Date(), provider.timeZone)} viewerZone={viewerZone} />
          <NewClientsSwitch accepting={provider.acceptingNewPatients} />
          <AvailabilityForm answer={availability.data} />
          <CalendarFeed timeZone={provider.timeZone} />
        </>
      ) : (
        <div className="stack-sm" role="status" aria-busy="true">
          <Skeleton height="6rem" />
          <Skeleton height="12rem" />
        </div>
      )}
    </div>
  );
}
