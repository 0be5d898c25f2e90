/** A clinician's private calendar feed: its state, a new address, revoking it, and the feed itself. */
import { writeAudit } from '@/server/audit';
import { callerProviderId } from '@/server/care/provider';
import { feedOf, liveFeed, newFeed, revokeFeed } from '@/server/care/calendar-feed';
import { AppError } from '@/server/errors';
import { siteUrl } from '@/server/site-url';
import { callerOf } from '@/server/plugins/auth';
import type { Handlers } from '../routes/registry';

export const calendarFeedsHandlers: Handlers = {
  async getCareCalendarFeed(request) {
    const providerId = await callerProviderId(request);
    request.auditTarget = { type: 'provider', id: providerId };
    const createdAt = await liveFeed(request.server.database, providerId);
    return { active: createdAt !== null, createdAt: createdAt?.toISOString() ?? null };
  },

  async createCareCalendarFeed(request, reply) {
    const providerId = await callerProviderId(request);
    request.auditTarget = { type: 'provider', id: providerId };
    const feed = await newFeed(request.server.database, providerId, callerOf(request).userId, request.server.clock.now());
    reply.status(201).header('cache-control', 'no-store');
    return { url: siteUrl(request.server, `/api/calendar-feeds/${feed.token}`, request.locale), createdAt: feed.createdAt.toISOString() };
  },

  async revokeCareCalendarFeed(request, reply) {
    const providerId = await callerProviderId(request);
    request.auditTarget = { type: 'provider', id: providerId };
    await revokeFeed(request.server.database, providerId, request.server.clock.now());
    return reply.status(204).send();
  },

  async getProviderCalendarFeed(request, reply) {
    const body = await feedOf(request.server, request.params.token);
    if (body === undefined) {
      await writeAudit(request, {
        action: 'getProviderCalendarFeed',
        outcome: 'denied',
        status: 404,
        recordType: 'calendar_feed',
        details: { reason: 'no such feed' },
      });
      throw new AppError('NOT_FOUND');
    }
    await writeAudit(request, { action: 'getProviderCalendarFeed', outcome: 'success', status: 200, recordType: 'calendar_feed' });
    return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(body);
  },
};
