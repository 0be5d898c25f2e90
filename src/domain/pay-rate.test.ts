import { isFollowUpSession, sessionPayRate } from './pay-rate';

describe('session pay rate', () => {
  const rates = { follow_up: 90, individual: 150 };

  it('charges a follow-up at the follow-up rate', () => {
    expect(sessionPayRate(rates, true)).toBe(90);
  });

  it('charges a first session at the individual rate', () => {
    expect(sessionPayRate(rates, false)).toBe(150);
  });

  it('falls back to the individual rate when there is no follow-up rate', () => {
    expect(sessionPayRate({ individual: 150 }, true)).toBe(150);
    expect(sessionPayRate({ follow_up: null, individual: 150 }, true)).toBe(150);
    expect(sessionPayRate({ follow_up: ' ', individual: '150.00' }, true)).toBe('150.00');
    expect(sessionPayRate({ follow_up: Number.NaN, individual: 150 }, true)).toBe(150);
  });

  it('keeps a follow-up rate of zero', () => {
    expect(sessionPayRate({ follow_up: 0, individual: 150 }, true)).toBe(0);
  });

  it('has no rate when the provider has none', () => {
    expect(sessionPayRate({ follow_up: 90 }, false)).toBeUndefined();
    expect(sessionPayRate({}, true)).toBeUndefined();
    expect(sessionPayRate(undefined, true)).toBeUndefined();
  });
});

describe('follow-up sessions', () => {
  const start = '2027-03-10T15:00:00.000Z';

  it('is a first session without any earlier session with the provider', () => {
    expect(isFollowUpSession([], start)).toBe(false);
    expect(isFollowUpSession([], undefined)).toBe(false);
  });

  it('is a follow-up after a session that took place or is booked earlier', () => {
    expect(isFollowUpSession([{ start: '2026-01-05T15:00:00.000Z', status: 'booked' }], start)).toBe(true);
    expect(isFollowUpSession([{ start: new Date('2027-03-09T15:00:00.000Z'), status: 'booked' }], start)).toBe(true);
  });

  it('does not count cancelled sessions, nor sessions at the same time or later', () => {
    expect(isFollowUpSession([{ start: '2026-01-05T15:00:00.000Z', status: 'cancelled' }], start)).toBe(false);
    expect(isFollowUpSession([{ start, status: 'booked' }], start)).toBe(false);
    expect(isFollowUpSession([{ start: '2027-03-11T15:00:00.000Z', status: 'booked' }], start)).toBe(false);
  });

  it('counts any session that was not cancelled when no start is known yet', () => {
    expect(isFollowUpSession([{ start: '2099-01-01T00:00:00.000Z', status: 'booked' }])).toBe(true);
    expect(isFollowUpSession([{ start: '2099-01-01T00:00:00.000Z', status: 'cancelled' }])).toBe(false);
  });
});
