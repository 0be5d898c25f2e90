/**
 * The video room's signalling WebSocket, GET /api/visits/{appointmentId}/signal. The upgrade
 * is authenticated by the API's own auth module (resolveCaller, callerForToken): the Authorization header,
 * else the session cookie the browser sends with it (constants.accessTokenCookie, read through @fastify/cookie), else the access token
 * a browser offers as the subprotocol `bearer.<token>` (browsers cannot set headers on a WebSocket). Who may connect is the room's rule (video/access.ts);
 * anyone else gets the catalogue's NOT_FOUND before the upgrade, like the room itself, and an audit row.
 * A cross-site page cannot open it: the Origin must be this site's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { constants } from '@/generated/constants';
import type { ErrorName } from '@/generated/errors';
import { errorBody } from '../errors';
import { audienceOf, placeholderContext } from '../plugins/errors';
import { callerForToken, resolveCaller } from '../plugins/auth';
import { writeAudit } from '../audit';
import { recordVisitEvent, visitEntry, type VisitEntry } from './access';
import { parseClientMessage, type VisitRooms } from './rooms';

export const SIGNAL_PROTOCOL = 'mindfulcare.visit.v1';
const TOKEN_PROTOCOL = /^bearer\.([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

declare module 'fastify' {
  interface FastifyRequest {
    visit?: VisitEntry;
  }
}

function offeredProtocols(request: FastifyRequest): string[] {
  const header = request.headers['sec-websocket-protocol'];
  return typeof header === 'string' ? header.split(',').map((p) => p.trim()) : [];
}

function sameSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser: nothing to ride on
  try {
    const url = new URL(origin);
    return url.host === request.headers.host || url.origin === request.server.publicUrl;
  } catch {
    return false;
  }
}

async function refuse(request: FastifyRequest, reply: FastifyReply, code: ErrorName, status: number, reason: string, appointmentId: string): Promise<void> {
  await writeAudit(request, {
    action: 'joinVisitRoom',
    outcome: 'denied',
    status,
    recordType: 'appointment',
    recordId: appointmentId.slice(0, 100),
    details: { reason },
  });
  await reply.status(status).send(errorBody(code, audienceOf(request), placeholderContext()));
}

/** WebSocket support for the whole server (src/server/app.ts registers it before the routes). */
export async function registerWebSockets(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    options: {
      maxPayload: 64 * 1024,
      handleProtocols: (protocols: Set<string>) => (protocols.has(SIGNAL_PROTOCOL) ? SIGNAL_PROTOCOL : false),
    },
  });
}

export async function visitSignalling(app: FastifyInstance, options: { rooms: VisitRooms }): Promise<void> {
  const { rooms } = options;
  app.get<{ Params: { appointmentId: string } }>(
    '/visits/:appointmentId/signal',
    {
      websocket: true,
      preValidation: async (request, reply) => {
        const { appointmentId } = request.params;
        if (!sameSite(request)) return refuse(request, reply, 'FORBIDDEN', 403, 'cross-site origin', appointmentId);
        // resolveCaller reads the Authorization header and the session cookie (parsed by @fastify/cookie, auth/cookie.ts).
        let caller = await resolveCaller(request);
        if (caller === undefined) {
          const token = offeredProtocols(request)
            .map((p) => TOKEN_PROTOCOL.exec(p)?.[1])
            .find(Boolean);
          caller = token ? await callerForToken(request, token) : undefined;
        }
        if (!caller) return refuse(request, reply, 'UNAUTHENTICATED', 401, caller === null ? 'invalid token' : 'no token', appointmentId);
        const entry = await visitEntry(app.database, caller, appointmentId, app.clock.now());
        if (!entry) return refuse(request, reply, 'NOT_FOUND', 404, 'not a participant', appointmentId);
        if (entry.state !== 'open') return refuse(request, reply, 'NOT_FOUND', 404, `room ${entry.state}`, appointmentId);
        if (!rooms.admits(appointmentId, { userId: caller.userId, role: entry.role }, constants.videoVisitMaxPeers))
          return refuse(request, reply, 'RATE_LIMITED', 429, 'room full', appointmentId);
        request.visit = entry;
      },
    },
    async (socket, request) => {
      const entry = request.visit!;
      const appointmentId = entry.session.appointmentId;
      const userId = request.caller!.userId;
      await writeAudit(request, {
        action: 'joinVisitRoom',
        outcome: 'success',
        status: 101,
        recordType: 'appointment',
        recordId: appointmentId,
        details: { role: entry.role },
      });
      await recordVisitEvent(app.database, appointmentId, userId, 'joined', app.clock.now());
      const peer = rooms.join(appointmentId, { userId, role: entry.role, name: entry.name }, socket);
      socket.on('message', (data: Buffer) => {
        const message = parseClientMessage(data.toString('utf8'));
        if (!message) return;
        const result = rooms.handle(appointmentId, peer, message);
        if (result.admitted)
          void recordVisitEvent(app.database, appointmentId, result.admitted.userId, 'admitted', app.clock.now()).catch((err: unknown) =>
            request.log.error(err),
          );
        if (result.ended) void recordVisitEvent(app.database, appointmentId, userId, 'ended', app.clock.now()).catch((err: unknown) => request.log.error(err));
      });
      // A connection whose network went away answers no ping: it is dropped, so the person leaves the room.
      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, constants.videoVisitHeartbeatSeconds * 1000);
      socket.on('close', () => {
        clearInterval(heartbeat);
        rooms.leave(appointmentId, peer);
        void recordVisitEvent(app.database, appointmentId, userId, 'left', app.clock.now()).catch((err: unknown) => request.log.error(err));
      });
    },
  );
}
