/**
 * Where a patient stands in care, from their appointments: new (never booked), in care (a booked
 * appointment still to come or under way), returning (booked before, nothing to come). Cancelled
 * appointments do not count.
 */
import type { AppointmentStatus, CareStatus } from '../generated/enums';

export interface AppointmentTimes {
  status: AppointmentStatus | string;
  start: Date;
  end: Date;
}

export interface CareStatusSummary {
  careStatus: CareStatus;
  bookedCount: number;
  nextAppointmentAt: string | null;
  lastAppointmentAt: string | null;
}

export function careStatus(appointments: readonly AppointmentTimes[], now: Date): CareStatusSummary {
  const booked = appointments.filter((a) => a.status === 'booked');
  const upcoming = booked.filter((a) => a.end.getTime() > now.getTime()).sort((a, b) => a.start.getTime() - b.start.getTime());
  const past = booked.filter((a) => a.end.getTime() <= now.getTime()).sort((a, b) => b.start.getTime() - a.start.getTime());
  return {
    careStatus: upcoming.length ? 'in_care' : past.length ? 'returning' : 'new',
    bookedCount: booked.length,
    nextAppointmentAt: upcoming[0]?.start.toISOString() ?? null,
    lastAppointmentAt: past[0]?.start.toISOString() ?? null,
  };
}
