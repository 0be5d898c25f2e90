/**
 * The live video rooms of this process: who is connected to which session's room, who waits to be
 * admitted, and the relay of WebRTC signalling (offers, answers, ICE candidates) between admitted people
 * only. Media never pass through here. One process keeps its own rooms: run one API process for video
 * visits, or route a session's sockets to one process (sticky by appointment id).
 */
import { randomUUID } from 'node:crypto';
import { constants } from '@/generated/constants';
import { jsonNestingDepth } from '@/domain/validation/json-depth';
import type { VisitRole } from './access';

export interface PeerSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface Peer {
  id: string;
  userId: string;
  role: VisitRole;
  name: string;
  admitted: boolean;
  socket: PeerSocket;
}

interface Room {
  peers: Map<string, Peer>;
  /** accounts admitted once: they come straight back in after a dropped connection */
  admittedUsers: Set<string>;
}

/** What the browser may send. Anything else is ignored. */
export type ClientMessage = { type: 'admit'; peerId: string } | { type: 'signal'; to: string; data: unknown } | { type: 'end' };

export function parseClientMessage(raw: string): ClientMessage | null {
  if (raw.length > 64_000) return null;
  // As every JSON body (plugins/validation.ts): nothing deeper than the limit is parsed, relayed or re-serialised.
  if (jsonNestingDepth(raw, constants.jsonBodyMaxDepth) > constants.jsonBodyMaxDepth) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const m = value as Record<string, unknown>;
  if (m.type === 'admit' && typeof m.peerId === 'string') return { type: 'admit', peerId: m.peerId };
  if (m.type === 'signal' && typeof m.to === 'string' && m.data && typeof m.data === 'object') return { type: 'signal', to: m.to, data: m.data };
  if (m.type === 'end') return { type: 'end' };
  return null;
}

const send = (peer: Peer, message: object) => {
  try {
    peer.socket.send(JSON.stringify(message));
  } catch {
    // a socket closing; its close handler removes it
  }
};

const describe = (p: Peer) => ({ peerId: p.id, name: p.name, role: p.role });

/**
 * The people waiting to be admitted, each once (by their latest connection): a person with several tabs or
 * sockets is one entry in the clinician's lobby, and someone already admitted is not waiting (another tab of
 * theirs would come straight in on reconnecting).
 */
function waitingPeople(room: Room): Peer[] {
  const latest = new Map<string, Peer>();
  for (const p of room.peers.values()) if (!p.admitted && !room.admittedUsers.has(p.userId)) latest.set(p.userId, p);
  return [...latest.values()];
}

export class VisitRooms {
  private readonly rooms = new Map<string, Room>();

  private room(appointmentId: string): Room {
    let room = this.rooms.get(appointmentId);
    if (!room) {
      room = { peers: new Map(), admittedUsers: new Set() };
      this.rooms.set(appointmentId, room);
    }
    return room;
  }

  /** People in the room (admitted or waiting): one person's several connections count once. */
  size(appointmentId: string): number {
    return new Set([...(this.rooms.get(appointmentId)?.peers.values() ?? [])].map((p) => p.userId)).size;
  }

  /**
   * Whether a new connection may enter, room capacity (`maxPeers` people) considered. The people the session
   * names (its clinician, its patients' accounts) always get in, so no one can fill their room and lock them
   * out; a person already in (another tab, a reconnect) is not a new person; the capacity applies to the others.
   */
  admits(appointmentId: string, person: { userId: string; role: VisitRole }, maxPeers: number): boolean {
    if (person.role !== 'staff') return true;
    const peers = [...(this.rooms.get(appointmentId)?.peers.values() ?? [])];
    if (peers.some((p) => p.userId === person.userId)) return true;
    return this.size(appointmentId) < maxPeers;
  }

  /** First names of the people waiting to be admitted (for the clinician's schedule), each person once. */
  waiting(appointmentId: string): string[] {
    const room = this.rooms.get(appointmentId);
    return room ? waitingPeople(room).map((p) => p.name) : [];
  }

  /** A new connection: clinicians go straight in, others wait unless admitted earlier. Returns the peer and whether it was admitted. */
  join(appointmentId: string, person: { userId: string; role: VisitRole; name: string }, socket: PeerSocket): Peer {
    const room = this.room(appointmentId);
    const admitted = person.role === 'clinician' || room.admittedUsers.has(person.userId);
    const peer: Peer = { id: randomUUID(), ...person, admitted, socket };
    room.peers.set(peer.id, peer);
    send(peer, { type: 'welcome', peerId: peer.id, admitted });
    if (admitted) this.enter(room, peer);
    else this.lobbyChanged(room);
    return peer;
  }

  /** An admitted peer meets the others: it calls each of them (it makes the offers). */
  private enter(room: Room, peer: Peer): void {
    room.admittedUsers.add(peer.userId);
    const others = [...room.peers.values()].filter((p) => p.admitted && p.id !== peer.id);
    send(peer, { type: 'peers', peers: others.map(describe) });
    for (const other of others) send(other, { type: 'peer-joined', peer: describe(peer) });
    this.lobbyChanged(room);
  }

  private lobbyChanged(room: Room): void {
    const waiting = waitingPeople(room).map((p) => ({ peerId: p.id, name: p.name, role: p.role }));
    for (const p of room.peers.values()) if (p.role === 'clinician') send(p, { type: 'lobby', waiting });
  }

  /** A message from a connected peer; returns what happened worth recording. */
  handle(appointmentId: string, from: Peer, message: ClientMessage): { admitted?: Peer; ended?: boolean } {
    const room = this.rooms.get(appointmentId);
    if (!room || !room.peers.has(from.id)) return {};
    if (message.type === 'admit') {
      const peer = room.peers.get(message.peerId);
      if (from.role !== 'clinician' || !peer || peer.admitted) return {};
      peer.admitted = true;
      send(peer, { type: 'admitted' });
      this.enter(room, peer);
      return { admitted: peer };
    }
    if (message.type === 'signal') {
      const to = room.peers.get(message.to);
      if (!from.admitted || !to || !to.admitted) return {};
      send(to, { type: 'signal', from: from.id, data: message.data });
      return {};
    }
    if (from.role !== 'clinician') return {};
    for (const p of room.peers.values()) {
      send(p, { type: 'ended' });
      p.socket.close(4000, 'ended');
    }
    this.rooms.delete(appointmentId);
    return { ended: true };
  }

  leave(appointmentId: string, peer: Peer): void {
    const room = this.rooms.get(appointmentId);
    if (!room?.peers.delete(peer.id)) return;
    for (const p of room.peers.values()) if (p.admitted) send(p, { type: 'peer-left', peerId: peer.id });
    this.lobbyChanged(room);
    if (!room.peers.size && !room.admittedUsers.size) this.rooms.delete(appointmentId);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the live video rooms of this process */
    visitRooms: VisitRooms;
  }
}
