/** Every resource's handlers, registered under /api. */
import type { FastifyInstance } from 'fastify';
import { healthHandlers } from './health';
import { authHandlers } from './auth';
import { usersHandlers } from './users';
import { supportHandlers } from './support';
import { providersHandlers } from './providers';
import { practicesHandlers } from './practices';
import { slotsHandlers } from './slots';
import { geoHandlers } from './geo';
import { businessPartnersHandlers } from './business-partners';
// plop: handler imports
import { registerEndpoints } from './registry';

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoints(app, {
    ...healthHandlers,
    ...authHandlers,
    ...usersHandlers,
    ...supportHandlers,
    ...providersHandlers,
    ...practicesHandlers,
    ...slotsHandlers,
    ...geoHandlers,
    ...businessPartnersHandlers,
    // plop: handlers
  });
}
