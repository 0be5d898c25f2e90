/** Every resource's handlers, registered under /api. */
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config';
import { healthHandlers } from './health';
import { flagHandlers } from './flags';
import { specFlagSource, unleashFrontendSource } from './flags/sources';
// plop: handler imports
import { registerEndpoints } from './registry';

export async function apiRoutes(app: FastifyInstance, options: { config?: Config } = {}): Promise<void> {
  // The flag source is the only part that needs the config; read it from the environment unless given.
  const { unleashUrl, unleashApiKey } = options.config ?? loadConfig();
  const flagSource = unleashUrl && unleashApiKey ? unleashFrontendSource(unleashUrl, unleashApiKey) : specFlagSource();
  app.addHook('onClose', async () => flagSource.close());
  registerEndpoints(app, {
    ...healthHandlers,
    ...flagHandlers(flagSource),
    // plop: handlers
  });
}
