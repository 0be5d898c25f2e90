import * as bookingConstants from '../generated/constants/booking';
import { cancellationTerms, isLateCancellation } from './cancellation';

const now = new Date('2030-03-01T12:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
const base = { now, status: 'booked' as const, byStaff: false, cancelUntilAppointmentTime: true, waiveClientLateFee: false };

describe('cancellation terms', () => {
  it('is late strictly inside the window', () => {
    expect(isLateCancellation(hours(bookingConstants.lateCancelWindowHours), now)).toBe(false);
    expect(isLateCancellation(hours(bookingConstants.lateCancelWindowHours - 0.001), now)).toBe(true);
  });

  it('costs nothing outside the window', () => {
    expect(cancellationTerms({ ...base, start: hours(bookingConstants.lateCancelWindowHours + 1) })).toEqual({
      allowed: true,
      late: false,
      fee: 'none',
      feeCents: 0,
    });
  });

  it('charges the fee inside the window unless the flag waives it for a client', () => {
    expect(cancellationTerms({ ...base, start: hours(2) })).toEqual({
      allowed: true,
      late: true,
      fee: 'charge',
      feeCents: bookingConstants.lateCancelFeeCents,
    });
    expect(cancellationTerms({ ...base, start: hours(2), waiveClientLateFee: true })).toMatchObject({ allowed: true, fee: 'waived', feeCents: 0 });
  });

  it('blocks clients inside the window when cancelling until the appointment time is off, but not staff', () => {
    expect(cancellationTerms({ ...base, start: hours(2), cancelUntilAppointmentTime: false })).toEqual({ allowed: false, reason: 'window-closed' });
    expect(cancellationTerms({ ...base, start: hours(2), cancelUntilAppointmentTime: false, byStaff: true })).toMatchObject({ allowed: true, fee: 'charge' });
    expect(cancellationTerms({ ...base, start: hours(2), byStaff: true, staffWaivesFee: true })).toMatchObject({ allowed: true, fee: 'waived' });
    // the client flag does not waive for staff
    expect(cancellationTerms({ ...base, start: hours(2), byStaff: true, waiveClientLateFee: true })).toMatchObject({ fee: 'charge' });
  });

  it('never cancels a started, past or cancelled appointment', () => {
    expect(cancellationTerms({ ...base, start: now })).toEqual({ allowed: false, reason: 'started' });
    expect(cancellationTerms({ ...base, start: hours(-3), byStaff: true })).toEqual({ allowed: false, reason: 'started' });
    expect(cancellationTerms({ ...base, start: hours(100), status: 'cancelled' })).toEqual({ allowed: false, reason: 'cancelled' });
  });
});
