/** A video session's room: who may enter, when it opens, the ICE servers; signalling is video/signalling.ts. */
import type { Config } from '@/server/config';
import { callerOf } from '@/server/plugins/auth';
import { AppError } from '@/server/errors';
import { visitEntry } from '@/server/video/access';
import type { VideoService } from '@/server/video/service';
import type { Handlers } from '../routes/registry';

export function visitsHandlers(config: Pick<Config, 'iceServers'>, service: VideoService): Handlers {
  return {
    async getVisitRoom(request) {
      const caller = callerOf(request);
      const { appointmentId } = request.params;
      request.auditTarget = { type: 'appointment', id: appointmentId };
      const entry = await visitEntry(request.server.database, caller, appointmentId, request.server.clock.now());
      if (!entry) throw new AppError('NOT_FOUND');
      const { session } = entry;
      return {
        appointmentId: session.appointmentId,
        start: session.start.toISOString(),
        end: session.end.toISOString(),
        opensAt: entry.opensAt.toISOString(),
        closesAt: entry.closesAt.toISOString(),
        state: entry.state,
        role: entry.role,
        provider: session.provider,
        patients: session.patients,
        iceServers: config.iceServers,
        externalUrl: entry.state === 'open' ? service.externalUrl(session.appointmentId) : null,
      };
    },
  };
}
