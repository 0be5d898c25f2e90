/** SMART Scheduling Links bulk publication: the manifest and its NDJSON files, open to anyone, whatever they accept. */
import type { FastifyReply } from 'fastify';
import { locations, manifest, ndjson, NDJSON, practitionerRoles, schedules, slotsNdjson } from '@/server/open-times/publish';
import type { Handlers } from '../routes/registry';

function sendNdjson(reply: FastifyReply, body: string): FastifyReply {
  // Generated on every request from the database: current, so caches ask again.
  return reply.header('content-type', NDJSON).header('cache-control', 'no-cache').send(body);
}

export const openTimesHandlers: Handlers = {
  async getBulkPublishManifest(request, reply) {
    reply.header('cache-control', 'no-cache');
    return manifest(request.server);
  },
  async getPublishedLocations(request, reply) {
    return sendNdjson(reply, ndjson(await locations(request.server)));
  },
  async getPublishedPractitionerRoles(request, reply) {
    return sendNdjson(reply, ndjson(await practitionerRoles(request.server)));
  },
  async getPublishedSchedules(request, reply) {
    return sendNdjson(reply, ndjson(await schedules(request.server)));
  },
  async getPublishedSlots(request, reply) {
    return sendNdjson(reply, await slotsNdjson(request.server));
  },
};
