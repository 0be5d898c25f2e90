import * as bookingConstants from '../generated/constants/booking';
import { externalVisitUrl, visitRoomPath, visitRoomState, visitWindow } from './video-visit';

const start = new Date('2026-11-24T15:00:00.000Z');
const end = new Date('2026-11-24T15:50:00.000Z');
const at = (ms: number) => new Date(ms);
const MINUTE = 60_000;

describe('video visit room window', () => {
  const { opensAt, closesAt } = visitWindow(start, end);

  it('opens the configured minutes before the start and closes the configured minutes after the end', () => {
    expect(start.getTime() - opensAt.getTime()).toBe(bookingConstants.videoVisitOpensMinutesBefore * MINUTE);
    expect(closesAt.getTime() - end.getTime()).toBe(bookingConstants.videoVisitClosesMinutesAfter * MINUTE);
  });

  it('is not yet open a millisecond before, open at the opening and until the last millisecond, closed at closing', () => {
    const booked = { start, end, status: 'booked' };
    expect(visitRoomState(booked, at(opensAt.getTime() - 1))).toBe('notYetOpen');
    expect(visitRoomState(booked, opensAt)).toBe('open');
    expect(visitRoomState(booked, at(closesAt.getTime() - 1))).toBe('open');
    expect(visitRoomState(booked, closesAt)).toBe('closed');
  });

  it('never opens for a cancelled session, and stays closed once the clinician ended it', () => {
    expect(visitRoomState({ start, end, status: 'cancelled' }, start)).toBe('cancelled');
    expect(visitRoomState({ start, end, status: 'booked', endedAt: start }, start)).toBe('ended');
  });
});

describe('room addresses', () => {
  it('the built-in room is a path of this site; an external template gets the id, encoded', () => {
    expect(visitRoomPath('a1')).toBe('/app/visit/a1');
    expect(externalVisitUrl('https://video.partner.example/r/{appointmentId}?x={appointmentId}', 'a b')).toBe('https://video.partner.example/r/a%20b?x=a%20b');
  });
});
