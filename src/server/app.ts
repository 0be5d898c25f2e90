/**
 * Builds the whole server: used by `npm start` (src/server/main.ts) and by tests (app.inject).
 * Order matters: shared plugins, then the API under /api, then the client and the fallbacks.
 */
import localePlugin from './locale';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import sitemapPlugin from './pages/sitemap';
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
import jobsPlugin from './plugins/jobs';
import syncPlugin from './sync/plugin';
import metricsPlugin from './plugins/metrics';
import type { AnyJobDefinition } from './jobs/registry';
import insurancePlugin from './plugins/insurance';
import flagsPlugin from './plugins/flags';
import paymentsPlugin from './plugins/payments';
import type { CardGateway } from './payments/gateway';
import type { SchedulingPaymentService } from './payments/scheduling-payments';
import type { FlagSource } from './flags/sources';
import type { MailTransport } from './plugins/mail';
import type { EligibilityChecker } from './insurance/eligibility';
import marketplacePlugin from './plugins/marketplace';
import clientPlugin from './plugins/client';
import languageChoicePlugin from './pages/language-choice';
import { apiRoutes } from './routes';
import { registerWebSockets } from './video/signalling';
import { parseQueryString } from './query-string';
import clockPlugin, { ShiftedClock, systemClock, type Clock } from './clock';
import smsPlugin, { type SmsSender } from './plugins/sms';
import { testClockRoutes } from './test-clock';
import { backupRoutes } from './ops/backup';

declare module 'fastify' {
  interface FastifyInstance {
    /** closing: the app began shutting down (readiness answers 503) */
    lifecycle: { closing: boolean };
  }
}

export interface BuildOptions {
  config: Config;
  /** a database opened by the caller (tests); otherwise one is opened from config and closed with the app */
  database?: Database;
  /** serve the built client and server-rendered pages (default: true) */
  serveClient?: boolean;
  /** insert demo data into an empty database (default: config.seedDemoData - outside production, or with DEMO_MODE) */
  seed?: boolean;
  /** false silences logs (tests) */
  logger?: boolean;
  /** run background jobs in this process (default: config.jobsInProcess); tests pass false and drain with app.jobs.drain */
  jobWorkers?: boolean;
  /** job definitions (default: src/server/jobs/registry.ts) */
  jobs?: AnyJobDefinition[];
  /** the clock of every business decision (default: the system clock); tests pass a fixed or moved one */
  clock?: Clock;
  /** services that replace the ones config names (tests, adapters): the one door to swap them */
  services?: Services;
}

/**
 * The app's services, each a decorator set once here: `app.cardGateway`, `app.schedulingPayments`, `app.flags` (its source),
 * `app.mailTransport` (behind `app.mailer`), `app.eligibilityChecker` and `app.clock` (BuildOptions.clock).
 */
export interface Services {
  cardGateway?: CardGateway;
  schedulingPayments?: SchedulingPaymentService;
  flagSource?: FlagSource;
  mailTransport?: MailTransport;
  smsSender?: SmsSender;
  eligibilityChecker?: EligibilityChecker;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, logFormatFor(config.nodeEnv)),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.bodyLimitBytes,
    // The first start migrates and seeds the demo marketplace before listening; on a busy machine
    // that takes longer than Fastify's default 10 s plugin timeout.
    pluginTimeout: 120_000,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    // Arrays in query strings come in bracket format (patientIds[]=a&patientIds[]=b).
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
  });

  // Browser tests may move a test server's clock (TEST_CLOCK_CONTROL, src/server/test-clock.ts); tests in-process pass their own.
  const movableClock = !options.clock && config.testClockControl ? new ShiftedClock() : undefined;
  await app.register(clockPlugin, { clock: options.clock ?? movableClock ?? systemClock });
  // One object shared by every encapsulated child of the app: readiness reads it (routes/health).
  app.decorate('lifecycle', { closing: false });
  app.addHook('preClose', async () => {
    app.lifecycle.closing = true;
  });
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  await app.register(metricsPlugin, { config });
  await app.register(securityPlugin, { config });
  // Brotli or gzip for every text answer (API JSON, documentation); pages and static files come compressed already.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
  await app.register(validationPlugin);
  await app.register(databasePlugin, {
    database: options.database,
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
    seed: options.seed ?? config.seedDemoData,
  });
  await app.register(jobsPlugin, {
    workers: options.jobWorkers ?? config.jobsInProcess,
    definitions: options.jobs,
    retryDelaySeconds: config.testJobRetryDelaySeconds,
  });
  await app.register(syncPlugin, { config, workers: options.jobWorkers ?? config.jobsInProcess });
  if (movableClock) await testClockRoutes(app, movableClock);
  // The embedded database's backup, asked for by `npm run db:backup` on this machine (src/server/ops/backup.ts).
  if (app.database.kind === 'pglite') await backupRoutes(app, config);
  await app.register(authPlugin, { config });
  const services = options.services ?? {};
  await app.register(smsPlugin, { config, sender: services.smsSender });
  await app.register(mailPlugin, { config, transport: services.mailTransport });
  await app.register(flagsPlugin, { config, source: services.flagSource });
  await app.register(paymentsPlugin, { config, gateway: services.cardGateway, scheduling: services.schedulingPayments });
  await app.register(marketplacePlugin);
  await app.register(insurancePlugin, { checker: services.eligibilityChecker });
  await app.register(openapiPlugin);
  await registerWebSockets(app);
  await app.register(apiRoutes, { prefix: '/api', config });

  await app.register(sitemapPlugin, { publicUrl: config.publicUrl });
  if (options.serveClient ?? config.serveClient) {
    await app.register(clientPlugin, { clientDir: config.clientDir, ssrEntry: config.ssrEntry, publicUrl: config.publicUrl, demoMode: config.demoMode });
    await app.register(languageChoicePlugin);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (isPage && app.renderPage) return app.renderPage(request, reply);
    return reply.status(404).send(errorBody('NOT_FOUND', audienceOf(request), placeholderContext()));
  });

  return app;
}

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count becomes "trust the nearest n hops" (proxy-addr's index 0 is
 * the socket's peer): Fastify 5 treats a bare number as trusting nothing, since a count cannot tell the load
 * balancer from a caller that reached the server directly, so a count suits only a server that the proxy alone
 * can reach (docs/operations.md); addresses are checked hop by hop.
 */
function trustProxyOption(trusted: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trusted !== 'number') return trusted;
  return (_address, hop) => hop < trusted;
}
