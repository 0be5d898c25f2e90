import type { AppointmentMode } from '../generated/enums';
import {
  bookingQuery,
  bookingStartQuery,
  chosenTimeQuery,
  decideBookingStart,
  readBookingPlace,
  readBookingQuery,
  readBookingStartQuery,
  withQuery,
  type BookingStartRoutes,
} from './booking-start';
import { safeReturnPath } from './return-to';

// Paths are arguments of the rule; these stand in for the route table's.
const routes: BookingStartRoutes = { bookings: '/book', verifyUser: '/book/verify', underMaintenance: '/maintenance' };
const ONLINE: AppointmentMode = 'online';
const query = { counselingType: '3', availabilityType: ONLINE };

describe('where starting a booking goes', () => {
  it('goes to maintenance while bookings are disabled, whatever else holds', () => {
    expect(decideBookingStart({ bookingEnabled: false, userVerified: true, query }, routes)).toEqual({ kind: 'maintenance', url: routes.underMaintenance });
    expect(decideBookingStart({ bookingEnabled: false, userVerified: false, query }, routes).kind).toBe('maintenance');
  });

  it('goes to the booking page with the query for a verified user', () => {
    expect(decideBookingStart({ bookingEnabled: true, userVerified: true, query }, routes)).toEqual({
      kind: 'booking',
      url: '/book?counselingType=3&availabilityType=online',
    });
    expect(decideBookingStart({ bookingEnabled: true, userVerified: true, query: {} }, routes)).toEqual({ kind: 'booking', url: '/book' });
  });

  it('sends an unverified user to verify, returning to the booking page with the success modal', () => {
    const decision = decideBookingStart({ bookingEnabled: true, userVerified: false, query }, routes);
    expect(decision.kind).toBe('verifyUser');
    const url = new URL(decision.url, 'http://site.test');
    expect(url.pathname).toBe(routes.verifyUser);
    const returnTo = url.searchParams.get('returnTo');
    expect(decision).toMatchObject({ returnTo });
    const back = new URL(safeReturnPath(returnTo, '/'), 'http://site.test');
    expect(back.pathname).toBe(routes.bookings);
    expect(Object.fromEntries(back.searchParams)).toEqual({ ...query, showSuccessModal: 'true' });
  });
});

describe('the start query', () => {
  it('keeps the counseling type and availability type', () => {
    expect(bookingStartQuery({ ...query, partnershipCode: 'ACME' }, { b2bSelfBookingEnabled: false })).toEqual(query);
  });

  it('keeps the partnership code only while B2B self-booking is on', () => {
    expect(bookingStartQuery({ ...query, partnershipCode: 'ACME' }, { b2bSelfBookingEnabled: true })).toEqual({ ...query, partnershipCode: 'ACME' });
    expect(bookingStartQuery({ partnershipCode: '' }, { b2bSelfBookingEnabled: true })).toEqual({});
  });

  it('leaves out what is missing', () => {
    expect(bookingStartQuery({ counselingType: null, availabilityType: undefined }, { b2bSelfBookingEnabled: true })).toEqual({});
  });
});

describe('the booking query', () => {
  const full = {
    tz: 'America/Chicago',
    insuranceId: 12,
    insurancePlan: 'PPO Gold',
    selfPay: false,
    userId: 'u-1',
    patients: ['p-1', 'p-2'],
    leadId: 'lead-9',
    slotId: 77,
  };

  it('carries every field that is present, as text', () => {
    expect(bookingQuery(full)).toEqual({
      tz: 'America/Chicago',
      insuranceId: '12',
      insurancePlan: 'PPO Gold',
      selfPay: 'false',
      userId: 'u-1',
      patients: 'p-1,p-2',
      leadId: 'lead-9',
      slotId: '77',
    });
  });

  it('leaves out each field that is absent, blank or an empty list', () => {
    expect(bookingQuery({})).toEqual({});
    expect(bookingQuery({ tz: ' ', insuranceId: null, patients: [], selfPay: undefined, slotId: 0 })).toEqual({ slotId: '0' });
    expect(bookingQuery({ selfPay: true, patients: ['', 'p-3'] })).toEqual({ selfPay: 'true', patients: 'p-3' });
  });

  it('reads back what it writes', () => {
    const url = withQuery(routes.bookings, bookingQuery(full));
    expect(readBookingQuery(new URL(url, 'http://site.test').search)).toEqual({
      tz: 'America/Chicago',
      insuranceId: '12',
      insurancePlan: 'PPO Gold',
      selfPay: false,
      userId: 'u-1',
      patients: ['p-1', 'p-2'],
      leadId: 'lead-9',
      slotId: '77',
    });
    expect(readBookingQuery(new URLSearchParams('selfPay=true&patients='))).toEqual({ selfPay: true });
    expect(readBookingQuery('')).toEqual({});
  });

  it('encodes values that need it', () => {
    expect(withQuery('/x', { insurancePlan: 'A&B = C' })).toBe('/x?insurancePlan=A%26B+%3D+C');
  });
});

describe('the query of a chosen time', () => {
  const chosen = {
    providerId: 'prov-1',
    practiceId: 'prac-1',
    slotId: 'slot-1',
    counselingType: 'Individual Counseling',
    availabilityType: ONLINE,
    tz: 'America/Chicago',
    partnershipCode: 'ACME',
  };

  it('carries provider, practice, slot, counseling type, mode and time zone, so the booking can be resumed from its address', () => {
    const url = new URL(
      decideBookingStart({ bookingEnabled: true, userVerified: true, query: chosenTimeQuery(chosen, { b2bSelfBookingEnabled: false }) }, routes).url,
      'http://site.test',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      providerId: 'prov-1',
      practiceId: 'prac-1',
      slotId: 'slot-1',
      counselingType: 'Individual Counseling',
      availabilityType: ONLINE,
      tz: 'America/Chicago',
    });
    expect(readBookingPlace(url.searchParams)).toEqual({ providerId: 'prov-1', practiceId: 'prac-1' });
  });

  it('keeps all of it through identity verification (returnTo)', () => {
    const decision = decideBookingStart(
      { bookingEnabled: true, userVerified: false, query: chosenTimeQuery({ ...chosen, selfPay: true }, { b2bSelfBookingEnabled: true }) },
      routes,
    );
    const back = new URL(safeReturnPath(new URL(decision.url, 'http://site.test').searchParams.get('returnTo'), '/'), 'http://site.test');
    expect(Object.fromEntries(back.searchParams)).toEqual({ ...chosen, selfPay: 'true', showSuccessModal: 'true' });
  });

  it('leaves out what is missing, and reads back only what is there', () => {
    expect(chosenTimeQuery({ slotId: 'slot-1', providerId: 'prov-1', practiceId: ' ', counselingType: null }, { b2bSelfBookingEnabled: true })).toEqual({
      providerId: 'prov-1',
      slotId: 'slot-1',
    });
    expect(readBookingPlace('?slotId=s')).toEqual({});
    expect(readBookingStartQuery('?counselingType=Individual+Counseling&availabilityType=online&partnershipCode=ACME')).toEqual({
      counselingType: 'Individual Counseling',
      availabilityType: ONLINE,
      partnershipCode: 'ACME',
    });
    expect(readBookingStartQuery('?counselingType=Astrology&availabilityType=phone')).toEqual({});
  });
});
