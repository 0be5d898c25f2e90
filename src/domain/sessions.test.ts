import { isChangeable, isRebookable, sessionOutcome, sessionOutcomeLabel } from './sessions';

const now = new Date('2026-11-22T12:00:00Z');
const at = (hoursFromNow: number) => new Date(now.getTime() + hoursFromNow * 3600_000).toISOString();
const session = (startH: number, status = 'booked', minutes = 50) => ({
  status,
  start: at(startH),
  end: new Date(new Date(at(startH)).getTime() + minutes * 60_000).toISOString(),
});

describe('session rules', () => {
  it('lets a booked session be changed only before it starts', () => {
    expect(isChangeable(session(1), now)).toBe(true);
    expect(isChangeable(session(0), now)).toBe(false);
    expect(isChangeable(session(-0.5), now)).toBe(false);
    expect(isChangeable(session(5, 'cancelled'), now)).toBe(false);
  });

  it('rebooks sessions that are over or cancelled', () => {
    expect(isRebookable(session(-2), now)).toBe(true);
    expect(isRebookable(session(24, 'cancelled'), now)).toBe(true);
    expect(isRebookable(session(24), now)).toBe(false);
    expect(isRebookable(session(-0.5, 'booked', 50), now)).toBe(false); // still running
  });
});

describe('sessionOutcome', () => {
  const moment = new Date('2026-03-10T12:00:00Z');
  it('reads a cancelled session as cancelled, before or after its time', () => {
    expect(sessionOutcome({ status: 'cancelled', start: '2026-03-11T12:00:00Z', end: '2026-03-11T13:00:00Z' }, moment)).toBe('cancelled');
    expect(sessionOutcome({ status: 'cancelled', start: '2026-03-01T12:00:00Z', end: '2026-03-01T13:00:00Z' }, moment)).toBe('cancelled');
  });
  it('reads a booked session as upcoming until it ends, then as having taken place', () => {
    expect(sessionOutcome({ status: 'booked', start: '2026-03-10T11:30:00Z', end: '2026-03-10T12:00:01Z' }, moment)).toBe('upcoming');
    expect(sessionOutcome({ status: 'booked', start: '2026-03-10T11:00:00Z', end: '2026-03-10T12:00:00Z' }, moment)).toBe('tookPlace');
  });
  it('labels each outcome with one spelling of cancelled', () => {
    expect(sessionOutcomeLabel('cancelled')).toBe('Cancelled');
    expect(sessionOutcomeLabel('tookPlace')).toBe('Took place');
  });
});
