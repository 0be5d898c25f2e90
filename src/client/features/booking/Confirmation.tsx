/**
 * The booked session: when, with whom, add to calendar (.ics or Google), and the way to the sessions.
 * It replaces the payment form, so its heading takes the focus and a status line announces the booking
 * (WCAG 2.4.3, 4.1.3). Staff booking for a caller read it about the caller, with the way back to the
 * caller's account.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { googleCalendarUrl, icsCalendar, type CalendarEvent } from '@/domain/calendar';
import type { Slot } from '@/client/store/types';
import { invalidatePortal } from '@/client/api/query-client';
import { providerName, type ProviderProfile } from './data';
import { formatLongDay, formatTime, formatTimeForReader, formatTimeWithZone, zoneAbbreviation } from '@/domain/date-format';
import { stateName } from '@/client/ui/format';
import { focusOnArrival } from '@/client/ui/focus-on-arrival';

/** The person staff booked for: named on the confirmation, with the way back to their account when staff may open it. */
export interface BookedForCaller {
  name: string;
  email: string;
  accountPath?: string;
}

/** What the confirmation reads of the provider: the name, the zone, and the practice's address for an in-person session. */
export type ConfirmedProvider = Pick<ProviderProfile, 'firstName' | 'lastName' | 'title' | 'timeZone'> & {
  practice: Pick<ProviderProfile['practice'], 'addressLine1' | 'city' | 'state' | 'zipcode'>;
};

export interface ConfirmationProps {
  appointmentId: string;
  provider: ConfirmedProvider;
  slot: Slot;
  counselingType?: string;
  timeZone: string;
  /** a partner's own success wording replaces ours */
  customSuccessMessage?: string | null;
  hideCopy?: boolean;
  showSessionsLink: boolean;
  forCaller?: BookedForCaller;
}

export function Confirmation({
  appointmentId,
  provider,
  slot,
  counselingType,
  timeZone,
  customSuccessMessage,
  hideCopy,
  showSessionsLink,
  forCaller,
}: ConfirmationProps) {
  // The account's sessions (and what is due) changed: the portal reads them again, not from before the booking.
  const queryClient = useQueryClient();
  useEffect(() => {
    void invalidatePortal(queryClient);
  }, [queryClient, appointmentId]);
  const event: CalendarEvent = useMemo(
    () => ({
      appointmentId,
      sequence: 0,
      title: message('ui.booking.confirm.calendarTitle', { counselingType: counselingType ?? '', provider: providerName(provider) }),
      start: slot.start,
      end: slot.end,
      ...(slot.availabilityType === 'in_person' && provider.practice.addressLine1
        ? { location: `${provider.practice.addressLine1}, ${provider.practice.city}, ${provider.practice.state} ${provider.practice.zipcode}` }
        : {}),
      description: message('ui.booking.confirm.joinVideo'),
      timeZone,
    }),
    [appointmentId, provider, slot, counselingType, timeZone],
  );
  const when =
    formatTimeWithZone(slot.start, provider.timeZone) === formatTimeWithZone(slot.start, timeZone)
      ? message('ui.booking.confirm.when', {
          date: formatLongDay(slot.start, timeZone),
          time: formatTime(slot.start, timeZone),
          zone: zoneAbbreviation(slot.start, timeZone),
        })
      : // The reader's time first, the provider's beside it ("9:00 AM MST your time (10:00 AM CST in Texas)").
        message('dates.dayAtTime', {
          day: formatLongDay(slot.start, timeZone),
          time: formatTimeForReader(slot.start, timeZone, provider.timeZone, provider.practice.state ? stateName(provider.practice.state) : undefined),
        });
  const heading = forCaller ? message('ui.booking.support.successHeading', { caller: forCaller.name }) : message('ui.booking.successHeading');
  // Written after the region is on the page (a live region announces changes, not what it was born with); React renders it empty.
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (status.current) status.current.textContent = `${heading}: ${when}`;
  }, [heading, when]);
  const icsHref = useMemo(() => `data:text/calendar;charset=utf-8,${encodeURIComponent(icsCalendar(event, { delivery: 'download' }))}`, [event]);
  return (
    <section className="card stack" aria-labelledby="booked-heading">
      <h1 id="booked-heading" ref={focusOnArrival} tabIndex={-1}>
        {heading}
      </h1>
      <p ref={status} role="status" className="visually-hidden" />
      <p className="slot-summary__when" data-testid="booked-when">
        {when}
        <br />
        {message('ui.booking.slot.with', { provider: providerName(provider) })}
      </p>
      {forCaller ? (
        <p>{message('ui.booking.support.successText', { caller: forCaller.name, email: forCaller.email })}</p>
      ) : customSuccessMessage ? (
        <p>{customSuccessMessage}</p>
      ) : hideCopy ? null : (
        <p>{message('ui.booking.successText')}</p>
      )}
      <div className="cluster">
        <a className="btn btn--secondary" href={icsHref} download={`session-${appointmentId}.ics`}>
          {message('ui.booking.confirm.ics')}
        </a>
        <a className="btn btn--secondary" href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
          {message('ui.booking.confirm.google')}
        </a>
        {forCaller?.accountPath ? (
          <Link className="btn btn--primary" to={forCaller.accountPath}>
            {message('ui.booking.support.backToAccount', { caller: forCaller.name })}
          </Link>
        ) : null}
        {showSessionsLink ? (
          <Link className="btn btn--primary" to={routeById.patientSessionsUpcoming.path}>
            {message('ui.booking.confirm.sessions')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
