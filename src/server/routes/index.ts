/** Every resource's handlers, registered under /api. */
import type { FastifyInstance } from 'fastify';
import { healthHandlers } from './health';
// plop: handler imports
import { registerEndpoints } from './registry';

export async function apiRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoints(app, {
    ...healthHandlers,
    // plop: handlers
  });
}
