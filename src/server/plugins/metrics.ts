/**
 * Prometheus metrics of this process at /metrics (prom-client, one registry per app): request latency
 * by route, database pool use, job queue depth and job failures, and Node's process metrics. Outside
 * /api and the OpenAPI document. Who may read it: with METRICS_TOKEN set, callers that send it as a
 * bearer token (a scraper on another host); without it, callers on this machine only.
 */
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { errorBody } from '../errors';
import { audienceOf, placeholderContext } from './errors';
import { isLoopback } from './mail';

export interface AppMetrics {
  registry: Registry;
  jobFailures: Counter<'job'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const registry = new Registry();
    // Process metrics (memory, event-loop lag, GC) only where something scrapes them; tests build many apps.
    if (config.nodeEnv !== 'test') collectDefaultMetrics({ register: registry });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route (the path pattern) and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const jobFailures = new Counter({
      name: 'job_failures_total',
      help: 'Tries of background jobs that failed, by job.',
      labelNames: ['job'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'db_pool_connections',
      help: "Connections of this process's database pool: total open, idle, callers waiting, and the configured maximum.",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        if (!app.hasDecorator('database')) return;
        const stats = app.database.poolStats();
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });
    new Gauge({
      name: 'job_queue_depth',
      help: 'Background jobs by queue: waiting to run (queued) and running (active).',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        if (!app.hasDecorator('jobs')) return;
        for (const q of await app.jobs.depth()) {
          this.set({ queue: q.name, state: 'queued' }, q.queued);
          this.set({ queue: q.name, state: 'active' }, q.active);
        }
      },
    });
    app.decorate('metrics', { registry, jobFailures });

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      latency.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    const allowed = async (request: FastifyRequest, reply: FastifyReply) => {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const ok = config.metricsToken ? bearer !== undefined && sameSecret(bearer, config.metricsToken) : isLoopback(request.ip);
      if (!ok) return reply.status(404).send(errorBody('NOT_FOUND', audienceOf(request), placeholderContext()));
    };
    app.get('/metrics', { schema: { hide: true }, onRequest: allowed }, async (_request, reply) => {
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
