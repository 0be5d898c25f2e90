/** Public settings the browser reads at run time (specs/api/client-config.yaml): never secrets. */
import type { Config } from '@/server/config';
import type { Handlers } from '../routes/registry';

export function clientConfigHandlers(config: Pick<Config, 'googleClientId'>): Handlers {
  return {
    async getClientConfig(_request, reply) {
      // Settings change only with a restart: let browsers and proxies keep them for a few minutes.
      void reply.header('cache-control', 'public, max-age=300');
      return config.googleClientId ? { googleClientId: config.googleClientId } : {};
    },
  };
}
