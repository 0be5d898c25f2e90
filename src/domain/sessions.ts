/**
 * What a patient may do with a session (product-spec §4 Appointment: booked to cancelled; rebook
 * and reschedule), and whether cancelling now is late (inside the late-cancellation window).
 */
export interface SessionFacts {
  status: string;
  /** ISO instants */
  start: string;
  end: string;
}

import * as careEnums from '../generated/enums/care';
import { messageTemplate } from './messages';
import { enumLabelOf } from './translations';

const BOOKED = 'booked';

/**
 * What became of a session, as a person reads it: still to come, cancelled, or over (it took place).
 * Attendance is not recorded, so a session that is over and was not cancelled took place.
 */
export type SessionOutcome = 'upcoming' | 'cancelled' | 'tookPlace';

export function sessionOutcome(session: SessionFacts, now: Date): SessionOutcome {
  if (session.status !== BOOKED) return 'cancelled';
  return new Date(session.end).getTime() <= now.getTime() ? 'tookPlace' : 'upcoming';
}

/** The outcome's words: the status enumeration's "Cancelled", "Took place", "Upcoming". */
export function sessionOutcomeLabel(outcome: SessionOutcome): string {
  if (outcome === 'cancelled') return enumLabelOf(careEnums.appointmentStatus, 'cancelled');
  return outcome === 'tookPlace' ? messageTemplate('ui.patient.sessions.outcome.tookPlace') : messageTemplate('ui.patient.sessions.outcome.upcoming');
}

/** A booked session that has not started can be cancelled or moved. */
export function isChangeable(session: SessionFacts, now: Date): boolean {
  return session.status === BOOKED && new Date(session.start).getTime() > now.getTime();
}

/** A session can be booked again once it is over, or when it was cancelled. */
export function isRebookable(session: SessionFacts, now: Date): boolean {
  return session.status !== BOOKED || new Date(session.end).getTime() <= now.getTime();
}
