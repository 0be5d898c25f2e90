import { constants } from '@/generated/constants';
import { parseClientMessage, VisitRooms, type PeerSocket } from './rooms';

const socket = (): PeerSocket => ({ send: () => undefined, close: () => undefined });
const ROOM = 'room-1';

describe('VisitRooms capacity', () => {
  it('counts one person once, however many connections they open', () => {
    const rooms = new VisitRooms();
    for (let i = 0; i < 6; i++) rooms.join(ROOM, { userId: 'patient-1', role: 'patient', name: 'Jamie' }, socket());
    expect(rooms.size(ROOM)).toBe(1);
  });

  it('always lets in the people the session names, even when the room is full', () => {
    const rooms = new VisitRooms();
    for (let i = 0; i < 3; i++) rooms.join(ROOM, { userId: `staff-${i}`, role: 'staff', name: 'Sam' }, socket());
    expect(rooms.admits(ROOM, { userId: 'clinician-1', role: 'clinician' }, 3)).toBe(true);
    expect(rooms.admits(ROOM, { userId: 'patient-1', role: 'patient' }, 3)).toBe(true);
  });

  it('applies the capacity to everyone else, but not to a person already in the room', () => {
    const rooms = new VisitRooms();
    rooms.join(ROOM, { userId: 'patient-1', role: 'patient', name: 'Jamie' }, socket());
    rooms.join(ROOM, { userId: 'staff-1', role: 'staff', name: 'Sam' }, socket());
    expect(rooms.admits(ROOM, { userId: 'staff-2', role: 'staff' }, 3)).toBe(true);
    rooms.join(ROOM, { userId: 'staff-2', role: 'staff', name: 'Alex' }, socket());
    expect(rooms.admits(ROOM, { userId: 'staff-3', role: 'staff' }, 3)).toBe(false);
    expect(rooms.admits(ROOM, { userId: 'staff-1', role: 'staff' }, 3)).toBe(true);
  });
});

describe('VisitRooms lobby', () => {
  it('lists a waiting person once, by their latest connection, and no longer once they are admitted', () => {
    const rooms = new VisitRooms();
    const lobbies: unknown[] = [];
    const clinician = rooms.join(
      ROOM,
      { userId: 'clinician-1', role: 'clinician', name: 'Morgan Lee' },
      { ...socket(), send: (data) => lobbies.push(JSON.parse(data)) },
    );
    const sockets = [1, 2, 3].map(() => rooms.join(ROOM, { userId: 'patient-1', role: 'patient', name: 'Jamie' }, socket()));
    expect(rooms.waiting(ROOM)).toEqual(['Jamie']);
    expect(lobbies.at(-1)).toEqual({ type: 'lobby', waiting: [{ peerId: sockets[2]!.id, name: 'Jamie', role: 'patient' }] });
    rooms.handle(ROOM, clinician, { type: 'admit', peerId: sockets[2]!.id });
    expect(lobbies.at(-1)).toEqual({ type: 'lobby', waiting: [] });
    expect(rooms.waiting(ROOM)).toEqual([]);
  });
});

describe('parseClientMessage', () => {
  it('ignores a signal nested deeper than any JSON body may be, and reads one within the limit', () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(parseClientMessage(`{"type":"signal","to":"peer","data":${nested(20_000)}}`)).toBeNull();
    expect(parseClientMessage(`{"type":"signal","to":"peer","data":${nested(constants.jsonBodyMaxDepth - 1)}}`)).toMatchObject({ type: 'signal', to: 'peer' });
  });
});
