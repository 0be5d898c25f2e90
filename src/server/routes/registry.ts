/**
 * Wires handlers to the endpoint table generated from specs/api: the route's path, method,
 * schemas (validation and OpenAPI) and access rule all come from the spec; the handler only
 * says what the endpoint does. An endpoint without a handler is not registered.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { endpoints, type EndpointId } from '@/generated/api';
import type { EndpointTypes } from '@/generated/entities';
import type { EndpointDefinition, JsonSchema } from '@/generated/types';

type Part<T> = T extends undefined ? unknown : T;

export interface EndpointRequest<Id extends EndpointId> {
  Params: Part<EndpointTypes[Id]['params']>;
  Querystring: Part<EndpointTypes[Id]['query']>;
  Body: Part<EndpointTypes[Id]['body']>;
}

export type Handler<Id extends EndpointId> = (
  request: FastifyRequest<EndpointRequest<Id>>,
  reply: FastifyReply,
) => Promise<EndpointTypes[Id]['response'] | FastifyReply>;

export type Handlers = { [Id in EndpointId]?: Handler<Id> };

/**
 * Access hook provided by the auth plugin; endpoints open to anyone need none. It runs before
 * request validation, so a caller who may not call an endpoint learns nothing from its 400s.
 */
export type AccessCheck = (endpoint: EndpointDefinition) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    accessCheck?: AccessCheck;
  }
  interface FastifyContextConfig {
    endpointId?: string;
  }
}

/** "/patients/{id}" to Fastify's "/patients/:id". */
export function fastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** OpenAPI and fast-json-stringify ignore our x- annotations; leave them out of response schemas. */
function withoutAnnotations(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema, (k, v: unknown) => (k.startsWith('x-') ? undefined : v))) as JsonSchema;
}

export function routeOptionsFor(endpoint: EndpointDefinition, handler: Handler<EndpointId>, accessCheck?: AccessCheck): RouteOptions {
  const response: Record<string, JsonSchema> = {};
  for (const [status, r] of Object.entries(endpoint.responses)) {
    response[status] = r.schema && !r.contentType ? withoutAnnotations(r.schema) : { description: r.description, type: 'null' };
    if (r.schema && !r.contentType) response[status] = { ...response[status], description: r.description };
  }
  const isPublic = endpoint.access.includes('anyone');
  if (!isPublic && !accessCheck) {
    throw new Error(`Endpoint ${endpoint.id} is limited to ${endpoint.access.join(', ')}, but no access check is installed.`);
  }
  return {
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    schema: {
      operationId: endpoint.id,
      summary: endpoint.summary,
      description: endpoint.description,
      tags: [endpoint.resource],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(isPublic ? {} : { security: [{ bearerAuth: [] }] }),
      response,
    },
    config: { endpointId: endpoint.id, messages: endpoint.messages },
    ...(isPublic ? {} : { preValidation: accessCheck!(endpoint) }),
    handler: handler as RouteOptions['handler'],
  };
}

export function registerEndpoints(app: FastifyInstance, handlers: Handlers): void {
  for (const [id, handler] of Object.entries(handlers) as [EndpointId, Handler<EndpointId>][]) {
    const endpoint = endpoints[id];
    if (!endpoint) throw new Error(`Handler "${id}" matches no endpoint in specs/api.`);
    app.route(routeOptionsFor(endpoint, handler, app.accessCheck));
  }
}
