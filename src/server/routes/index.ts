/** Every resource's handlers, registered under /api. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { healthHandlers } from './health';
import { flagHandlers } from './flags';
import { specFlagSource, unleashFrontendSource } from './flags/sources';
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

export async function apiRoutes(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const { unleashUrl, unleashApiKey } = options.config;
  const flagSource = unleashUrl && unleashApiKey ? unleashFrontendSource(unleashUrl, unleashApiKey) : specFlagSource();
  app.addHook('onClose', async () => flagSource.close());
  registerEndpoints(app, {
    ...healthHandlers,
    ...flagHandlers(flagSource),
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
