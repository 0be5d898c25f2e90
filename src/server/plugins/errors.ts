/**
 * One error handler speaking the error catalogue: validation failures name each field with the
 * spec's message, unknown API paths get a JSON 404, and a 5xx never leaks internals.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyRequest } from 'fastify';
import { constants } from '../../generated/constants';
import type { ErrorName } from '../../generated/errors';
import type { FieldMessageOverrides } from '../../generated/types';
import { appSourceFrom, APP_SOURCE_HEADER } from '../../domain/app-source';
import { formatPhone } from '../../domain/phone';
import { describeIssues, issuesFromAjv } from '../../domain/validation/field-errors';
import type { SchemaNode } from '../../domain/validation/schema-path';
import { AppError, errorBody } from '../errors';

const FASTIFY_CODES: Record<string, ErrorName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_REQUEST',
};

export function placeholderContext() {
  return { phone: formatPhone(constants.supportPhone) };
}

export function audienceOf(request: FastifyRequest) {
  return appSourceFrom(request.headers[APP_SOURCE_HEADER]);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** message overrides of the form this endpoint's body comes from */
    messages?: FieldMessageOverrides;
  }
}

export default fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
      const audience = audienceOf(request);
      const context = placeholderContext();
      if (err instanceof AppError) {
        if (err.status >= 500) request.log.error({ err: err.cause ?? err, errorName: err.errorName }, 'request failed');
        return reply.status(err.status).send(errorBody(err.errorName, audience, { ...context, ...err.options.params }, err.options.errors, err.options.details));
      }
      if (err.validation) {
        const part = err.validationContext ?? 'body';
        const schemaKey = part === 'querystring' ? 'querystring' : part;
        const schema = ((request.routeOptions.schema as Record<string, unknown> | undefined)?.[schemaKey] ?? {}) as SchemaNode;
        const overrides = part === 'body' ? request.routeOptions.config.messages : undefined;
        const fieldErrors = describeIssues(issuesFromAjv(err.validation as never), schema, overrides, context).map((e) => ({ ...e, in: part }));
        return reply.status(400).send(errorBody('VALIDATION_FAILED', audience, context, fieldErrors));
      }
      const mapped = err.code ? FASTIFY_CODES[err.code] : undefined;
      if (mapped) return reply.status(errorBody(mapped, audience).statusCode).send(errorBody(mapped, audience, context));
      if (err.statusCode === 429) return reply.status(429).send(errorBody('RATE_LIMITED', audience, context));
      if (err.statusCode === 404) return reply.status(404).send(errorBody('NOT_FOUND', audience, context));
      request.log.error({ err }, 'unexpected error');
      return reply.status(500).send(errorBody('DEFAULT', audience, context));
    });
  },
  { name: 'errors' },
);
