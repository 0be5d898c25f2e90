import { backoffRemainingSeconds, backoffSeconds, windowStart } from './rate-limits';

const rule = { freeFailures: 6, baseSeconds: 2, maxSeconds: 300 };

describe('windowStart', () => {
  it('puts every instant of one hour in the same window, and the next hour in the next', () => {
    expect(windowStart(new Date('2026-03-08T10:00:00.000Z'), 60).toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(windowStart(new Date('2026-03-08T10:59:59.999Z'), 60).toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(windowStart(new Date('2026-03-08T11:00:00.000Z'), 60).toISOString()).toBe('2026-03-08T11:00:00.000Z');
  });

  it('does not depend on the host time zone across a daylight-saving change', () => {
    expect(windowStart(new Date('2026-03-08T07:30:00.000Z'), 60).toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });
});

describe('backoffSeconds', () => {
  it('lets the free failures through without a wait', () => {
    expect(backoffSeconds(0, rule)).toBe(0);
    expect(backoffSeconds(6, rule)).toBe(0);
  });

  it('waits the base after the first failure past the free ones, then doubles', () => {
    expect(backoffSeconds(7, rule)).toBe(2);
    expect(backoffSeconds(8, rule)).toBe(4);
    expect(backoffSeconds(9, rule)).toBe(8);
  });

  it('never waits longer than the maximum, however many failures', () => {
    expect(backoffSeconds(20, rule)).toBe(300);
    expect(backoffSeconds(10_000, rule)).toBe(300);
  });
});

describe('backoffRemainingSeconds', () => {
  const last = new Date('2026-01-01T12:00:00.000Z');
  it('counts down from the latest failure', () => {
    expect(backoffRemainingSeconds(8, last, new Date('2026-01-01T12:00:01.000Z'), rule)).toBe(3);
    expect(backoffRemainingSeconds(8, last, new Date('2026-01-01T12:00:04.000Z'), rule)).toBe(0);
  });

  it('is 0 while no back-off applies', () => {
    expect(backoffRemainingSeconds(3, last, last, rule)).toBe(0);
  });
});
