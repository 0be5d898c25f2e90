/**
 * Where a video session takes place. The built-in room (peer-to-peer WebRTC, signalled by this server)
 * is the default; an external video service (a Zoom-like provider) plugs in behind the same interface,
 * chosen by configuration (VIDEO_EXTERNAL_URL). Every join link still points at the room page of this
 * site, which checks who may enter and then sends people on when the session is elsewhere.
 */
import { externalVisitUrl } from '@/domain/video-visit';

export interface VideoService {
  readonly kind: 'built-in' | 'external';
  /** the session's room on the external service, or null when the built-in room hosts it */
  externalUrl(appointmentId: string): string | null;
}

export const builtInVideoService: VideoService = { kind: 'built-in', externalUrl: () => null };

export function externalVideoService(template: string): VideoService {
  return { kind: 'external', externalUrl: (appointmentId) => externalVisitUrl(template, appointmentId) };
}

export function videoServiceFrom(config: { videoExternalUrl: string | undefined }): VideoService {
  return config.videoExternalUrl ? externalVideoService(config.videoExternalUrl) : builtInVideoService;
}
