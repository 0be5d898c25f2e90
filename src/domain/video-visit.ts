/**
 * When a video session's room is open: from videoVisitOpensMinutesBefore minutes before the
 * start until videoVisitClosesMinutesAfter minutes after the end; a cancelled session's room never opens,
 * and one the clinician ended stays closed. Pure: "now" is an input (the server's clock).
 */
import * as bookingConstants from '../generated/constants/booking';

export type VisitRoomState = 'notYetOpen' | 'open' | 'closed' | 'cancelled' | 'ended';

const MINUTE = 60_000;

export interface VisitWindow {
  opensAt: Date;
  closesAt: Date;
}

export function visitWindow(start: Date, end: Date): VisitWindow {
  return {
    opensAt: new Date(start.getTime() - bookingConstants.videoVisitOpensMinutesBefore * MINUTE),
    closesAt: new Date(end.getTime() + bookingConstants.videoVisitClosesMinutesAfter * MINUTE),
  };
}

export function visitRoomState(session: { start: Date; end: Date; status: string; endedAt?: Date | null }, now: Date): VisitRoomState {
  if (session.status === 'cancelled') return 'cancelled';
  if (session.endedAt) return 'ended';
  const { opensAt, closesAt } = visitWindow(session.start, session.end);
  if (now.getTime() < opensAt.getTime()) return 'notYetOpen';
  if (now.getTime() >= closesAt.getTime()) return 'closed';
  return 'open';
}

/** The room of a session on this site: what every join link (portal, schedule, mails, calendar files) points to. */
export function visitRoomPath(appointmentId: string): string {
  return `/app/visit/${appointmentId}`;
}

/** An external video service's room for a session: its address template with the id filled in. */
export function externalVisitUrl(template: string, appointmentId: string): string {
  return template.split('{appointmentId}').join(encodeURIComponent(appointmentId));
}
