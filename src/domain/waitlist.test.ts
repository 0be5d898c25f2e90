import { bookingPathOf, nextInLine, offerMismatch, providerMismatch, type ProviderFit, type WaitlistWish } from './waitlist';

const now = new Date('2026-03-02T15:00:00Z');
const provider: ProviderFit = {
  id: 'p1',
  licensedStates: ['TX', 'NY'],
  planIds: [7, 9],
  ageGroups: ['18-64', '65+'],
  counselingTypes: ['Individual Counseling', 'Couples/Marriage Counseling'],
  offersMedication: true,
  timeZone: 'America/Chicago',
};
const wish: WaitlistWish = {
  providerId: 'p1',
  counselingType: null,
  appointmentMode: null,
  planId: null,
  stateCode: 'TX',
  timesOfDay: [],
  birthDate: '1990-05-01',
};
// 10:00 in Chicago, ten days later: well past the lead days.
const time = { start: new Date('2026-03-12T15:00:00Z'), availabilityType: 'online' as const, isMedication: false };

describe('offerMismatch', () => {
  it('offers a time that fits every rule', () => {
    expect(offerMismatch(wish, provider, time, now)).toBeUndefined();
  });

  it('never offers another provider’s time to a provider waitlist, but a search waitlist takes any provider', () => {
    expect(offerMismatch({ ...wish, providerId: 'p2' }, provider, time, now)).toBe('provider');
    expect(offerMismatch({ ...wish, providerId: null }, provider, time, now)).toBeUndefined();
  });

  it('refuses a provider not licensed in the patient’s state', () => {
    expect(offerMismatch({ ...wish, stateCode: 'CA' }, provider, time, now)).toBe('licence');
  });

  it('refuses a plan the provider does not take; self-pay always fits', () => {
    expect(offerMismatch({ ...wish, planId: 3 }, provider, time, now)).toBe('insurance');
    expect(offerMismatch({ ...wish, planId: 9 }, provider, time, now)).toBeUndefined();
  });

  it('refuses a patient outside the provider’s client ages, judged on the session’s day', () => {
    expect(offerMismatch({ ...wish, birthDate: '2012-01-01' }, provider, time, now)).toBe('age');
    // 18 on the day before the session: seen.
    expect(offerMismatch({ ...wish, birthDate: '2008-03-11' }, provider, time, now)).toBeUndefined();
    // 18 the day after the session: not yet.
    expect(offerMismatch({ ...wish, birthDate: '2008-03-13' }, provider, time, now)).toBe('age');
    expect(offerMismatch({ ...wish, birthDate: null }, provider, time, now)).toBeUndefined();
  });

  it('keeps to the service, mode and part of the day asked for', () => {
    expect(offerMismatch({ ...wish, counselingType: 'Family Counseling' }, provider, time, now)).toBe('service');
    expect(offerMismatch({ ...wish, appointmentMode: 'in_person' }, provider, time, now)).toBe('mode');
    expect(offerMismatch({ ...wish, timesOfDay: ['evening'] }, provider, time, now)).toBe('timeOfDay');
    expect(offerMismatch({ ...wish, timesOfDay: ['morning', 'evening'] }, provider, time, now)).toBeUndefined();
  });

  it('never offers a time the slot rules would not let anyone book', () => {
    const tomorrow = { ...time, start: new Date('2026-03-03T15:00:00Z') };
    expect(offerMismatch(wish, provider, tomorrow, now)).toBe('tooSoon');
  });
});

describe('providerMismatch', () => {
  it('says why a provider could never see the patient', () => {
    expect(providerMismatch({ ...wish, stateCode: 'FL' }, provider, now)).toBe('licence');
    expect(providerMismatch(wish, { ...provider, ageGroups: [] }, now)).toBeUndefined();
  });
});

describe('nextInLine', () => {
  it('takes the first in line the time fits, skipping those it does not', () => {
    const line = [
      { ...wish, id: 'a', stateCode: 'CA' },
      { ...wish, id: 'b' },
      { ...wish, id: 'c' },
    ];
    expect(nextInLine(line, provider, time, now)?.id).toBe('b');
    expect(nextInLine([], provider, time, now)).toBeUndefined();
  });
});

describe('bookingPathOf', () => {
  it('opens the booking with the time, its place, mode and the service the booking rule picks', () => {
    const time = {
      providerId: 'p1',
      practiceId: 'pr1',
      slotId: 's1',
      availabilityType: 'online' as const,
      isMedication: false,
      offeredCounselingTypes: ['Individual Counseling', 'Family Counseling'],
      tz: 'America/Chicago',
    };
    const query = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);
    expect(new URL(bookingPathOf('/app/bookings', time), 'http://x').pathname).toBe('/app/bookings');
    expect(query(bookingPathOf('/app/bookings', time))).toEqual({
      providerId: 'p1',
      practiceId: 'pr1',
      slotId: 's1',
      availabilityType: 'online',
      counselingType: 'Individual Counseling',
      tz: 'America/Chicago',
    });
    expect(query(bookingPathOf('/app/bookings', { ...time, askedCounselingType: 'Family Counseling' })).counselingType).toBe('Family Counseling');
  });
});
