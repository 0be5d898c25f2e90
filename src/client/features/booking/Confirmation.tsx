/** The booked session: when, with whom, add to calendar (.ics or Google), and the way to the sessions. */
import { useEffect, useMemo } from 'react';
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

export interface ConfirmationProps {
  appointmentId: string;
  provider: ProviderProfile;
  slot: Slot;
  counselingType?: string;
  timeZone: string;
  /** a partner's own success wording replaces ours */
  customSuccessMessage?: string | null;
  hideCopy?: boolean;
  showSessionsLink: boolean;
}

export function Confirmation({ appointmentId, provider, slot, counselingType, timeZone, customSuccessMessage, hideCopy, showSessionsLink }: ConfirmationProps) {
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
    }),
    [appointmentId, provider, slot, counselingType],
  );
  const icsHref = useMemo(() => `data:text/calendar;charset=utf-8,${encodeURIComponent(icsCalendar(event, { delivery: 'download' }))}`, [event]);
  return (
    <section className="card stack" aria-labelledby="booked-heading">
      <h1 id="booked-heading" tabIndex={-1}>
        {message('ui.booking.successHeading')}
      </h1>
      <p className="slot-summary__when" data-testid="booked-when">
        {formatTimeWithZone(slot.start, provider.timeZone) === formatTimeWithZone(slot.start, timeZone)
          ? message('ui.booking.confirm.when', {
              date: formatLongDay(slot.start, timeZone),
              time: formatTime(slot.start, timeZone),
              zone: zoneAbbreviation(slot.start, timeZone),
            })
          : // The reader's time first, the provider's beside it ("9:00 AM MST your time (10:00 AM CST in Texas)").
            message('dates.dayAtTime', {
              day: formatLongDay(slot.start, timeZone),
              time: formatTimeForReader(slot.start, timeZone, provider.timeZone, provider.practice.state ? stateName(provider.practice.state) : undefined),
            })}
        <br />
        {message('ui.booking.slot.with', { provider: providerName(provider) })}
      </p>
      {customSuccessMessage ? <p>{customSuccessMessage}</p> : hideCopy ? null : <p>{message('ui.booking.successText')}</p>}
      <div className="cluster">
        <a className="btn btn--secondary" href={icsHref} download={`session-${appointmentId}.ics`}>
          {message('ui.booking.confirm.ics')}
        </a>
        <a className="btn btn--secondary" href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
          {message('ui.booking.confirm.google')}
        </a>
        {showSessionsLink ? (
          <Link className="btn btn--primary" to={routeById.patientSessionsUpcoming.path}>
            {message('ui.booking.confirm.sessions')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
