/**
 * The browser side of a video room: a small peer-to-peer WebRTC mesh, signalled over the
 * app's WebSocket /api/visits/{id}/signal. Whoever is admitted calls each person already in the room
 * (makes the offers); the others answer. Media go browser to browser (encrypted, as WebRTC always is)
 * through the configured STUN/TURN servers; the server only relays descriptions and candidates.
 * A connection that drops comes back on its own: the socket reconnects and calls everyone again.
 */
export interface RemotePeer {
  peerId: string;
  name: string;
  role: string;
  stream: MediaStream | null;
}

export interface WaitingPerson {
  peerId: string;
  name: string;
}

export type MeshPhase = 'connecting' | 'waiting' | 'inCall' | 'reconnecting' | 'left' | 'ended' | 'refused';

export interface MeshEvents {
  phase(phase: MeshPhase): void;
  peers(peers: RemotePeer[]): void;
  lobby(waiting: WaitingPerson[]): void;
}

interface Connection {
  pc: RTCPeerConnection;
  info: RemotePeer;
}

/** Subprotocol the signalling server speaks; the browser signs the socket in with its HttpOnly session cookie (same site). */
export const SIGNAL_PROTOCOL = 'mindfulcare.visit.v1';
const RETRY_MS = [500, 1000, 2000, 4000, 8000];

export function webRtcAvailable(): boolean {
  return (
    typeof window !== 'undefined' && typeof window.RTCPeerConnection === 'function' && !!navigator.mediaDevices?.getUserMedia && typeof WebSocket === 'function'
  );
}

export class VisitMesh {
  private socket: WebSocket | null = null;
  private readonly connections = new Map<string, Connection>();
  private stopped = false;
  private attempts = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private everWelcomed = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly url: string,
    private readonly iceServers: RTCIceServer[],
    private readonly stream: MediaStream,
    private readonly on: MeshEvents,
  ) {}

  connect(): void {
    this.stopped = false;
    this.on.phase(this.attempts ? 'reconnecting' : 'connecting');
    const socket = new WebSocket(this.url, [SIGNAL_PROTOCOL]);
    this.socket = socket;
    let welcomed = false;
    let opened = false;
    socket.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as Record<string, unknown>;
      if (message.type === 'welcome') {
        welcomed = true;
        this.everWelcomed = true;
        this.attempts = 0;
        this.on.phase(message.admitted ? 'inCall' : 'waiting');
      } else {
        // One message at a time: a candidate must not overtake the description it belongs to.
        this.queue = this.queue.then(() => this.receive(message)).catch(() => undefined);
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.closeAll();
      if (event.code === 4000) return this.finish('ended');
      if (this.stopped) return;
      // Refused before it opened (not in the room, or the room closed): retrying would be refused too.
      if (!opened && !welcomed && (!this.everWelcomed || this.attempts >= RETRY_MS.length)) return this.finish('refused');
      this.attempts += 1;
      this.on.phase('reconnecting');
      this.retry = setTimeout(() => this.connect(), RETRY_MS[Math.min(this.attempts - 1, RETRY_MS.length - 1)]);
    };
    socket.onopen = () => {
      opened = true;
    };
  }

  private finish(phase: MeshPhase): void {
    this.stopped = true;
    this.socket = null;
    this.on.phase(phase);
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private publish(): void {
    this.on.peers([...this.connections.values()].map((c) => ({ ...c.info })));
  }

  private connection(peer: { peerId: string; name: string; role: string }): Connection {
    const existing = this.connections.get(peer.peerId);
    if (existing) return existing;
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const connection: Connection = { pc, info: { ...peer, stream: null } };
    this.connections.set(peer.peerId, connection);
    for (const track of this.stream.getTracks()) pc.addTrack(track, this.stream);
    pc.onicecandidate = (e) => {
      if (e.candidate) this.send({ type: 'signal', to: peer.peerId, data: { candidate: e.candidate.toJSON() } });
    };
    pc.ontrack = (e) => {
      connection.info.stream = e.streams[0] ?? new MediaStream([e.track]);
      this.publish();
    };
    this.publish();
    return connection;
  }

  private drop(peerId: string): void {
    this.connections.get(peerId)?.pc.close();
    this.connections.delete(peerId);
    this.publish();
  }

  private async receive(message: Record<string, unknown>): Promise<void> {
    switch (message.type) {
      case 'admitted':
        this.on.phase('inCall');
        return;
      case 'peers':
        for (const peer of message.peers as RemotePeer[]) {
          const { pc } = this.connection(peer);
          await pc.setLocalDescription(await pc.createOffer());
          this.send({ type: 'signal', to: peer.peerId, data: { description: pc.localDescription?.toJSON() } });
        }
        return;
      case 'peer-joined':
        this.connection(message.peer as RemotePeer);
        return;
      case 'peer-left':
        this.drop(message.peerId as string);
        return;
      case 'lobby':
        this.on.lobby(message.waiting as WaitingPerson[]);
        return;
      case 'ended':
        this.finish('ended');
        return;
      case 'signal': {
        const connection = this.connections.get(message.from as string);
        if (!connection) return;
        const data = message.data as { description?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit };
        if (data.description) {
          await connection.pc.setRemoteDescription(data.description);
          if (data.description.type === 'offer') {
            await connection.pc.setLocalDescription(await connection.pc.createAnswer());
            this.send({ type: 'signal', to: message.from, data: { description: connection.pc.localDescription?.toJSON() } });
          }
        } else if (data.candidate) {
          await connection.pc.addIceCandidate(data.candidate).catch(() => undefined);
        }
        return;
      }
      default:
    }
  }

  admit(peerId: string): void {
    this.send({ type: 'admit', peerId });
  }

  /** The clinician ends the visit: everyone's call stops and the room stays closed. */
  endForEveryone(): void {
    this.send({ type: 'end' });
  }

  private closeAll(): void {
    for (const c of this.connections.values()) c.pc.close();
    this.connections.clear();
    this.publish();
  }

  leave(): void {
    this.dispose();
    this.on.phase('left');
  }

  /** Stops without touching the screen (the page is going away). */
  dispose(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    const socket = this.socket;
    this.socket = null;
    this.closeAll();
    socket?.close(1000, 'left');
  }
}
