/**
 * The clinician's calendar (/care/v1/calendar, issue 17 item 4): a week or a day of their slots
 * (open, being booked, booked) and sessions in the provider's zone (when the viewer's device is in
 * another zone, each time also in the viewer's zone, labelled), and the weekly availability that makes the slots: hours per weekday and session type,
 * time off and extra hours, session length, break and minimum notice. Saving regenerates the open
 * slots on the server (PUT /care/availability), so search shows the new times at once.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, queryRoot, useGetCareAvailabilityQuery, useGetCareCalendarQuery, useSaveCareAvailabilityMutation } from '@/generated/client/hooks';
import type { EndpointTypes, ProviderAvailability } from '@/generated/entities';
import { constants } from '@/generated/constants';
import { errorCatalogue } from '@/generated/errors';
import type { AppointmentMode } from '@/generated/enums';
import { message, messageTemplate } from '@/domain/messages';
import { addDaysIso, isoDateIn } from '@/domain/dates';
import { errorTextFor, isApiError } from '@/client/api/errors';
import { PageLoadError } from '@/client/app/PageLoadError';
import { Button } from '@/client/ui/Button';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { NewClientsSwitch } from './NewClientsSwitch';
import { fullName } from '@/client/ui/format';
import { Skeleton } from '@/client/ui/Skeleton';
import { CareNav } from './CareNav';
import { CalendarFeed } from './CalendarFeed';
import './care.css';
import { formatDay, formatLongDay, formatTime, formatTimeWithZone, viewerTimeZone, weekdayName, zoneLabel } from '@/domain/date-format';
import { enumLabelOf, enumOptionsOf, routeTitle } from '@/domain/translations';

type Calendar = EndpointTypes['getCareCalendar']['response'];
type AvailabilityAnswer = EndpointTypes['getCareAvailability']['response'];
type Window = ProviderAvailability['windows'][number];
type Exception = ProviderAvailability['exceptions'][number];

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
 * When the viewer's device is in another zone than the provider's: the same times in the viewer's zone,
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
    })),
    ...slots.map((s) => ({ key: s.id, start: s.start, end: s.end, kind: s.state, text: slotState()[s.state], mode: s.mode })),
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
              <span>{i.text}</span> <span className="care__meta">· {enumLabelOf('appointmentMode', i.mode)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">{message('ui.care.calendar.nothing')}</p>
      )}
    </section>
  );
}

/** How many open times the practice set up a first save would remove, when the server asks to confirm it first. */
function practiceTimesToRemove(error: unknown): number | undefined {
  if (!isApiError(error) || error.errorCode !== errorCatalogue.AVAILABILITY_REMOVES_PRACTICE_TIMES.code) return undefined;
  return error.body.removedOpenTimes;
}

/** Field errors of a refused save, by field ("windows.3", "exceptions.0", "slotMinutes"). */
function fieldErrorsOf(error: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (isApiError(error)) for (const e of error.fieldErrors) if (!out.has(e.field)) out.set(e.field, e.message);
  return out;
}

function AvailabilityForm({ answer }: { answer: AvailabilityAnswer }) {
  const queryClient = useQueryClient();
  const { provider } = answer;
  const [plan, setPlan] = useState<ProviderAvailability>(answer.availability);
  const [done, setDone] = useState<string>();
  const save = useSaveCareAvailabilityMutation({
    onSuccess: (saved) => {
      setPlan(saved.availability);
      setDone(message('ui.care.availability.saved', { created: String(saved.regenerated?.created ?? 0), removed: String(saved.regenerated?.removed ?? 0) }));
      queryClient.setQueryData(queryKeys.getCareAvailability(), saved);
      void queryClient.invalidateQueries({ queryKey: queryRoot('getCareCalendar') });
    },
    onMutate: () => setDone(undefined),
  });
  const errors = fieldErrorsOf(save.error);
  const removing = practiceTimesToRemove(save.error);
  const setWindow = (i: number, change: Partial<Window>) => setPlan({ ...plan, windows: plan.windows.map((w, j) => (j === i ? { ...w, ...change } : w)) });
  const setException = (i: number, change: Partial<Exception>) =>
    setPlan({ ...plan, exceptions: plan.exceptions.map((e, j) => (j === i ? { ...e, ...change } : e)) });
  const lastWindow = plan.windows.at(-1);
  const zones = constants.timeZones.some((z) => z.zone === plan.timeZone)
    ? constants.timeZones
    : [{ zone: plan.timeZone, standard: plan.timeZone }, ...constants.timeZones];
  const numberField = (key: 'bufferMinutes' | 'minNoticeHours', max: number) => (
    <div className="field">
      <label className="field__label" htmlFor={`availability-${key}`}>
        {messageTemplate(`ui.care.availability.${key}`)}
      </label>
      <input
        id={`availability-${key}`}
        className="input"
        type="number"
        min={0}
        max={max}
        value={plan[key]}
        aria-invalid={errors.has(key) || undefined}
        onChange={(e) => setPlan({ ...plan, [key]: Math.max(0, Math.min(max, Math.trunc(Number(e.target.value) || 0))) })}
      />
      {errors.has(key) ? <p className="field__error">{errors.get(key)}</p> : null}
    </div>
  );
  return (
    <form
      className="stack"
      aria-labelledby="availability-heading"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ body: plan });
      }}
    >
      <h2 id="availability-heading">{message('ui.care.availability.heading')}</h2>
      <p className="muted">{message('ui.care.availability.help')}</p>
      {!answer.saved ? <p className="notice">{message('ui.care.availability.notSaved')}</p> : null}
      <div className="care-availability__settings">
        <div className="field">
          <label className="field__label" htmlFor="availability-slotMinutes">
            {message('ui.care.availability.slotMinutes')}
          </label>
          <select
            id="availability-slotMinutes"
            className="select"
            value={plan.slotMinutes}
            onChange={(e) => setPlan({ ...plan, slotMinutes: Number(e.target.value) })}
          >
            {constants.availabilitySlotMinutes.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          {errors.has('slotMinutes') ? <p className="field__error">{errors.get('slotMinutes')}</p> : null}
        </div>
        {numberField('bufferMinutes', constants.availabilityMaxBufferMinutes)}
        {numberField('minNoticeHours', constants.availabilityMaxNoticeHours)}
        <div className="field">
          <label className="field__label" htmlFor="availability-timeZone">
            {message('ui.care.availability.timeZone')}
          </label>
          <select id="availability-timeZone" className="select" value={plan.timeZone} onChange={(e) => setPlan({ ...plan, timeZone: e.target.value })}>
            {zones.map((z) => (
              <option key={z.zone} value={z.zone}>
                {z.standard}
              </option>
            ))}
          </select>
          {errors.has('timeZone') ? <p className="field__error">{errors.get('timeZone')}</p> : null}
        </div>
      </div>

      {plan.windows.length ? (
        <ul className="care__list">
          {plan.windows.map((w, i) => {
            const error = errors.get(`windows.${i}`) ?? errors.get(`windows.${i}.practiceId`);
            const id = `window-${i}`;
            return (
              <li key={i} className="card care-availability__row" aria-label={`${weekdayName(w.weekday)} ${w.start}–${w.end}`}>
                <div className="field">
                  <label className="field__label" htmlFor={`${id}-weekday`}>
                    {message('ui.care.availability.weekday')}
                  </label>
                  <select id={`${id}-weekday`} className="select" value={w.weekday} onChange={(e) => setWindow(i, { weekday: Number(e.target.value) })}>
                    {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                      <option key={d} value={d}>
                        {weekdayName(d)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label className="field__label" htmlFor={`${id}-start`}>
                    {message('ui.care.availability.start')}
                  </label>
                  <input
                    id={`${id}-start`}
                    className="input"
                    type="time"
                    step={300}
                    required
                    value={w.start}
                    aria-invalid={Boolean(error) || undefined}
                    onChange={(e) => setWindow(i, { start: e.target.value })}
                  />
                </div>
                <div className="field">
                  <label className="field__label" htmlFor={`${id}-end`}>
                    {message('ui.care.availability.end')}
                  </label>
                  <input
                    id={`${id}-end`}
                    className="input"
                    type="time"
                    step={300}
                    required
                    value={w.end}
                    aria-invalid={Boolean(error) || undefined}
                    onChange={(e) => setWindow(i, { end: e.target.value })}
                  />
                </div>
                <div className="field">
                  <label className="field__label" htmlFor={`${id}-mode`}>
                    {message('ui.care.availability.mode')}
                  </label>
                  <select id={`${id}-mode`} className="select" value={w.mode} onChange={(e) => setWindow(i, { mode: e.target.value as AppointmentMode })}>
                    {enumOptionsOf('appointmentMode').map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </div>
                {provider.offersMedication ? (
                  <label className="choice">
                    <input type="checkbox" checked={w.medication ?? false} onChange={(e) => setWindow(i, { medication: e.target.checked })} />
                    <span>{message('ui.care.availability.medication')}</span>
                  </label>
                ) : null}
                <Button variant="ghost" onClick={() => setPlan({ ...plan, windows: plan.windows.filter((_, j) => j !== i) })}>
                  {message('ui.care.availability.remove')}
                </Button>
                {error ? <p className="field__error care-availability__error">{error}</p> : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">{message('ui.care.availability.empty')}</p>
      )}
      <div>
        <Button
          variant="secondary"
          onClick={() =>
            setPlan({
              ...plan,
              windows: [
                ...plan.windows,
                {
                  weekday: lastWindow ? (lastWindow.weekday % 7) + 1 : 1,
                  start: lastWindow?.start ?? '09:00',
                  end: lastWindow?.end ?? '17:00',
                  mode: lastWindow?.mode ?? 'online',
                  practiceId: provider.practice.id,
                  medication: false,
                },
              ],
            })
          }
        >
          {message('ui.care.availability.add')}
        </Button>
      </div>

      <h3>{message('ui.care.availability.exceptions')}</h3>
      <p className="muted small">{message('ui.care.availability.exceptionsHelp')}</p>
      {plan.exceptions.length ? (
        <ul className="care__list">
          {plan.exceptions.map((x, i) => {
            const id = `exception-${i}`;
            const wholeDay = x.start == null;
            const error = errors.get(`exceptions.${i}`);
            return (
              <li key={i} className="card care-availability__row">
                <div className="field">
                  <label className="field__label" htmlFor={`${id}-kind`}>
                    {message('ui.care.availability.exceptionKind')}
                  </label>
                  <select
                    id={`${id}-kind`}
                    className="select"
                    value={x.kind}
                    onChange={(e) =>
                      setException(
                        i,
                        e.target.value === 'extra'
                          ? { kind: 'extra', start: x.start ?? '09:00', end: x.end ?? '12:00', mode: x.mode ?? 'online' }
                          : { kind: 'blocked', mode: null },
                      )
                    }
                  >
                    <option value="blocked">{message('ui.care.availability.blocked')}</option>
                    <option value="extra">{message('ui.care.availability.extra')}</option>
                  </select>
                </div>
                <div className="field">
                  <label className="field__label" htmlFor={`${id}-date`}>
                    {message('ui.care.availability.exceptionDate')}
                  </label>
                  <input id={`${id}-date`} className="input" type="date" required value={x.date} onChange={(e) => setException(i, { date: e.target.value })} />
                </div>
                {x.kind === 'blocked' ? (
                  <label className="choice">
                    <input
                      type="checkbox"
                      checked={wholeDay}
                      onChange={(e) => setException(i, e.target.checked ? { start: null, end: null } : { start: '09:00', end: '12:00' })}
                    />
                    <span>{message('ui.care.availability.wholeDay')}</span>
                  </label>
                ) : null}
                {!wholeDay ? (
                  <>
                    <div className="field">
                      <label className="field__label" htmlFor={`${id}-start`}>
                        {message('ui.care.availability.start')}
                      </label>
                      <input
                        id={`${id}-start`}
                        className="input"
                        type="time"
                        step={300}
                        value={x.start ?? ''}
                        onChange={(e) => setException(i, { start: e.target.value })}
                      />
                    </div>
                    <div className="field">
                      <label className="field__label" htmlFor={`${id}-end`}>
                        {message('ui.care.availability.end')}
                      </label>
                      <input
                        id={`${id}-end`}
                        className="input"
                        type="time"
                        step={300}
                        value={x.end ?? ''}
                        onChange={(e) => setException(i, { end: e.target.value })}
                      />
                    </div>
                  </>
                ) : null}
                <Button variant="ghost" onClick={() => setPlan({ ...plan, exceptions: plan.exceptions.filter((_, j) => j !== i) })}>
                  {message('ui.care.availability.remove')}
                </Button>
                {error ? <p className="field__error care-availability__error">{error}</p> : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted small">{message('ui.care.availability.noExceptions')}</p>
      )}
      <div>
        <Button
          variant="secondary"
          onClick={() =>
            setPlan({
              ...plan,
              exceptions: [...plan.exceptions, { kind: 'blocked', date: isoDateIn(new Date(), plan.timeZone), start: null, end: null, mode: null }],
            })
          }
        >
          {message('ui.care.availability.addException')}
        </Button>
      </div>

      {removing !== undefined ? (
        // Nothing was saved: the clinician says whether the practice's open times go (with their number) or stay.
        <div className="notice notice--warning stack-sm" role="alert">
          <p>{errorTextFor(save.error, 'patient_web')}</p>
          <div className="form-actions">
            <Button type="button" disabled={save.isPending} onClick={() => save.mutate({ body: plan, query: { removePracticeTimes: removing } })}>
              {message('ui.care.availability.removeAnyway')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => save.reset()}>
              {message('ui.care.availability.keepPracticeTimes')}
            </Button>
          </div>
        </div>
      ) : null}
      {save.isError && !errors.size && removing === undefined ? <ErrorNotice text={errorTextFor(save.error, 'patient_web')} /> : null}
      {save.isError && errors.size ? <ErrorNotice text={[...errors.values()][0]} /> : null}
      {done ? (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      ) : null}
      <div className="form-actions">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? message('ui.care.availability.saving') : message('ui.care.availability.save')}
        </Button>
      </div>
    </form>
  );
}

export default function CalendarPage() {
  const availability = useGetCareAvailabilityQuery();
  const provider = availability.data?.provider;
  const notProvider = isApiError(availability.error) && availability.error.status === 404;
  const viewerZone = viewerTimeZone();
  return (
    <div className="container stack-lg care care--wide">
      <CareNav />
      <header className="stack-sm">
        <h1>{routeTitle('careCalendar')}</h1>
        {provider ? (
          <>
            <p className="lead">{message('ui.care.calendar.intro', { zone: zoneLabel(provider.timeZone) })}</p>
            <p className="muted">
              {message('ui.care.calendar.practice', { practice: provider.practice.name, city: provider.practice.city, state: provider.practice.state })}
            </p>
            {viewerZone && viewerZone !== provider.timeZone ? (
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
          <CalendarView today={isoDateIn(new Date(), provider.timeZone)} viewerZone={viewerZone || provider.timeZone} />
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
