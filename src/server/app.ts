/**
 * Builds the whole server: used by `npm start` (src/server/main.ts) and by tests (app.inject).
 * Order matters: shared plugins, then the API under /api, then the client and the fallbacks.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/connection';
import { logFormatFor, loggerOptions } from './logger';
import { errorBody } from './errors';
import databasePlugin from './plugins/database';
import errorsPlugin, { audienceOf, placeholderContext } from './plugins/errors';
import validationPlugin from './plugins/validation';
import securityPlugin from './plugins/security';
import openapiPlugin from './plugins/openapi';
import authPlugin from './plugins/auth';
import mailPlugin from './plugins/mail';
import insurancePlugin from './plugins/insurance';
import marketplacePlugin from './plugins/marketplace';
import clientPlugin from './plugins/client';
import { apiRoutes } from './routes';
import { registerWebSockets } from './video/signalling';
import { parseQueryString } from './query-string';
import clockPlugin, { systemClock, type Clock } from './clock';

export interface BuildOptions {
  config: Config;
  /** a database opened by the caller (tests); otherwise one is opened from config and closed with the app */
  database?: Database;
  /** serve the built client and server-rendered pages (default: true) */
  serveClient?: boolean;
  /** insert demo data into an empty database (default: true) */
  seed?: boolean;
  /** false silences logs (tests) */
  logger?: boolean;
  /** the clock of every business decision (default: the system clock); tests pass a fixed or moved one */
  clock?: Clock;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, logFormatFor(config.nodeEnv)),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // The first start migrates and seeds the demo marketplace before listening; on a busy machine
    // that takes longer than Fastify's default 10 s plugin timeout.
    pluginTimeout: 120_000,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    // Arrays in query strings come in bracket format (patientIds[]=a&patientIds[]=b).
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
  });

  await app.register(clockPlugin, { clock: options.clock ?? systemClock });
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(validationPlugin);
  await app.register(databasePlugin, {
    database: options.database,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    seed: options.seed ?? true,
  });
  await app.register(authPlugin, { config });
  await app.register(mailPlugin, { config });
  await app.register(marketplacePlugin);
  await app.register(insurancePlugin);
  await app.register(openapiPlugin);
  await registerWebSockets(app);
  await app.register(apiRoutes, { prefix: '/api', config });

  if (options.serveClient ?? config.serveClient) {
    await app.register(clientPlugin, { clientDir: config.clientDir, ssrEntry: config.ssrEntry, publicUrl: config.publicUrl });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (isPage && app.renderPage) return app.renderPage(request, reply);
    return reply.status(404).send(errorBody('NOT_FOUND', audienceOf(request), placeholderContext()));
  });

  return app;
}
