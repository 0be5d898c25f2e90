import { sessionPayRate } from './pay-rate';

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
