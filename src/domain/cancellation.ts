/**
 * Whether and on what terms an appointment can be cancelled (product-spec §4 Appointment, §6 flags
 * "cancel until appointment time" and "client cancel within 48 hours"). Cancelling within
 * lateCancelWindowHours of the start is late: it carries lateCancelFeeCents unless the fee is
 * waived - for a client by the clientCancelWithin48Hours flag, by staff on request. When the
 * cancelUntilAppointmentTime flag blocks it, clients cannot cancel inside the window at all; staff
 * can. Nobody cancels a started, past or cancelled appointment.
 */
import * as bookingConstants from '../generated/constants/booking';

export interface CancellationContext {
  start: Date;
  now: Date;
  status: 'booked' | 'cancelled';
  /** support or another staff role, not the patient themself */
  byStaff: boolean;
  /** flag cancelUntilAppointmentTime is on (allow) */
  cancelUntilAppointmentTime: boolean;
  /** flag clientCancelWithin48Hours is on (waive) */
  waiveClientLateFee: boolean;
  /** staff asked to waive the fee */
  staffWaivesFee?: boolean;
}

export type FeeDecision = 'none' | 'waived' | 'charge';

export type CancellationTerms =
  { allowed: false; reason: 'cancelled' | 'started' | 'window-closed' } | { allowed: true; late: boolean; fee: FeeDecision; feeCents: number };

export function isLateCancellation(start: Date, now: Date): boolean {
  return start.getTime() - now.getTime() < bookingConstants.lateCancelWindowHours * 3_600_000;
}

export function cancellationTerms(c: CancellationContext): CancellationTerms {
  if (c.status === 'cancelled') return { allowed: false, reason: 'cancelled' };
  if (c.now >= c.start) return { allowed: false, reason: 'started' };
  const late = isLateCancellation(c.start, c.now);
  if (!late) return { allowed: true, late, fee: 'none', feeCents: 0 };
  if (!c.byStaff && !c.cancelUntilAppointmentTime) return { allowed: false, reason: 'window-closed' };
  const waived = c.byStaff ? Boolean(c.staffWaivesFee) : c.waiveClientLateFee;
  return waived ? { allowed: true, late, fee: 'waived', feeCents: 0 } : { allowed: true, late, fee: 'charge', feeCents: bookingConstants.lateCancelFeeCents };
}
