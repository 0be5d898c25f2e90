/** Sessions of the account: lists, one session, and what a session card says about itself. */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, queryRoot, useGetAppointmentQuery, useListAppointmentsQuery } from '@/generated/client/hooks';
import type { BookedAppointment } from '@/generated/entities';
import { message } from '@/domain/messages';
import type { FetchNow } from '@/client/api/api-queries';
import { fullName } from '../data';
import { saveFile } from '@/client/ui/save-file';
import { formatSessionTime } from '@/domain/date-format';
import { providerDisplayName } from '@/domain/names';
import { enumLabelOf } from '@/domain/translations';
import * as careEnums from '@/generated/enums/care';

export type Session = BookedAppointment;
export type SessionsWhen = 'upcoming' | 'past';

/** The account's upcoming or past sessions (GET /appointments?when=). */
export function useSessions(when: SessionsWhen, enabled = true) {
  return useListAppointmentsQuery({ query: { when } }, { enabled, select: (answer) => answer.items });
}

/** One session of the account (GET /appointments/{id}). */
export function useSession(id: string | undefined) {
  return useGetAppointmentQuery({ params: { id: id ?? '' } }, { enabled: Boolean(id) });
}

/** A session changed (cancelled, moved, booked again): its answer kept, when there is one, and every session list and session read again. */
export function sessionsChanged(queryClient: QueryClient, changed?: Session): void {
  if (changed) queryClient.setQueryData(queryKeys.getAppointment({ params: { id: changed.id } }), changed);
  void queryClient.invalidateQueries({ queryKey: queryRoot('listAppointments') });
  void queryClient.invalidateQueries({ queryKey: queryRoot('getAppointment') });
}

/** The time zone a patient reads their sessions in: theirs, else the provider's. */
export function zoneOf(s: Session): string {
  return s.timeZone ?? s.provider.timeZone;
}

export function whenOf(s: Session, iso = s.start): string {
  return formatSessionTime(iso, zoneOf(s));
}

export function providerName(s: Session): string {
  return providerDisplayName(s.provider);
}

export function patientNames(s: Session): string {
  return s.patients.map(fullName).join(', ');
}

export function modeLabel(s: Session): string {
  return enumLabelOf(careEnums.appointmentMode, s.appointmentMode);
}

export function counselingLabel(s: Session): string {
  return enumLabelOf(careEnums.counselingType, s.counselingType);
}

export function practiceAddress(s: Session): string {
  const p = s.practice;
  return `${p.addressLine1}, ${p.city}, ${p.state} ${p.zipcode}`;
}

/**
 * Downloads the session as an iCalendar file the phone's or computer's calendar opens. The iCalendar writer
 * is fetched when asked for, not with the portal's screens.
 */
export async function downloadCalendarFile(s: Session, fetchNow: FetchNow): Promise<void> {
  // A session of a series: the series' one repeating event, as the mails attach it (its moved and cancelled sessions
  // in it), written by the server, so the file never carries a single session under a UID that collides with it.
  if (s.series) {
    const ics = await fetchNow((q) => q.getAppointmentCalendar({ params: { id: s.id } }));
    saveFile(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), `sessions-${s.start.slice(0, 10)}.ics`);
    return;
  }
  const { icsCalendar } = await import('@/domain/calendar');
  const provider = providerName(s);
  // The session's video room on this site, as an address a calendar can open.
  const joinUrl = s.joinUrl ? new URL(s.joinUrl, window.location.origin).href : null;
  const ics = icsCalendar(
    {
      appointmentId: s.id,
      sequence: s.calendarSequence ?? 0,
      cancelled: s.status === 'cancelled',
      start: s.start,
      end: s.end,
      title: message('ui.patient.sessions.calendarTitle', { provider }),
      description: [modeLabel(s), counselingLabel(s), joinUrl ?? ''].filter(Boolean).join('\n'),
      ...(s.appointmentMode === 'in_person'
        ? { location: message('ui.patient.sessions.practiceAt', { practice: s.practice.name, address: practiceAddress(s) }) }
        : {}),
      ...(joinUrl ? { url: joinUrl } : {}),
      // In the zone the page shows the session in.
      timeZone: zoneOf(s),
    },
    { delivery: 'download' },
  );
  saveFile(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), `session-${s.start.slice(0, 10)}.ics`);
}

export async function downloadGoodFaithEstimate(fetchNow: FetchNow, s: Session): Promise<void> {
  const pdf = await fetchNow((q) => q.getGoodFaithEstimate({ params: { id: s.id } }));
  saveFile(pdf, `good-faith-estimate-${s.start.slice(0, 10)}.pdf`);
}
